// A few requests at a time: a real portal throttles bursts (the export's reads, a refresh's read-ahead).

/** `fn` over `list`, at most `limit` at once, results in the list's order. */
export async function mapLimit<T, R>(list: readonly T[], limit: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await fn(list[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  return out;
}
