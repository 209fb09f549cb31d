// Reads of resource state shared within a run (issue 24): during one `pulumi up`, a resource's
// check and its create or update read the same item, group or folder listing, and sibling
// resources read the same owner's folders; an adopting up of a large organization sent four reads
// per resource where one answer serves. A GET marked `cache` (RequestOptions) is answered from an
// entry younger than READ_CACHE_MS; concurrent identical reads share one request; any write by the
// client empties the cache (a read after a write sees the portal, not the cache); a failed read is
// not kept. Polls (item status, jobs) are never marked, so a wait always sees the portal.

/** How long an answer serves the same read, ms (PORTAL_READ_CACHE_MS overrides; 0 turns it off). */
export const READ_CACHE_MS = 60_000;

export class ReadCache {
  private readonly entries = new Map<string, { at: number; answer: Promise<unknown> }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number = Number(process.env.PORTAL_READ_CACHE_MS ?? READ_CACHE_MS),
  ) {}

  /** The answer to `key`: a live entry's, else `load()`'s (kept while it is fresh). A copy each time. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!(this.ttlMs > 0)) return load();
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return copy((await hit.answer) as T);
    const answer = load();
    this.entries.set(key, { at: this.now(), answer });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return copy(await answer);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Callers may change what they are given: each gets its own copy. */
function copy<T>(v: T): T {
  if (Buffer.isBuffer(v)) return Buffer.from(v) as T;
  return v === null || typeof v !== "object" ? v : structuredClone(v);
}
