// Reads of resource state shared within a run (issue 24): during one `pulumi up`, a resource's
// check and its create or update read the same item, group or folder listing, and sibling
// resources read the same owner's folders; an adopting up of a large organization sent four reads
// per resource where one answer serves. A GET marked `cache` (RequestOptions) is answered from an
// entry younger than READ_CACHE_MS; concurrent identical reads share one request; any write by the
// client empties the cache (a read after a write sees the portal, not the cache); a failed read is
// not kept. Polls (item status, jobs) are never marked, so a wait always sees the portal.
// A bulk listing (a page of 100 items, the organization's groups) may answer the single reads of
// what it lists (`prime`): one request for a hundred resources; such answers live BULK_READ_MS, so
// a long adopting `up` does not read the same listing again each minute; a write still empties all.
// An hour: one stack's adopting `up` of 5,000 items runs about that long on the file backend (the
// engine's checkpoints), and each earlier expiry read every listing again (issue 24). An answer that
// old is what the run saw at its start, as if the resource had come first; the next refresh sees
// any later change.

/** How long an answer serves the same read, ms (PORTAL_READ_CACHE_MS overrides; 0 turns it off). */
export const READ_CACHE_MS = 60_000;
/** How long a bulk listing's answers serve, ms (PORTAL_BULK_READ_MS overrides); a write drops them sooner. */
export const BULK_READ_MS = 3_600_000;

export class ReadCache {
  private readonly entries = new Map<string, { at: number; ttl: number; answer: Promise<unknown> }>();
  private cleared = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number = Number(process.env.PORTAL_READ_CACHE_MS ?? READ_CACHE_MS),
    private readonly bulkTtlMs: number = Number(process.env.PORTAL_BULK_READ_MS ?? BULK_READ_MS),
  ) {}

  /** Is the cache on at all (PORTAL_READ_CACHE_MS=0 turns it off, bulk answers too)? */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The answer to `key`: a live entry's, else `load()`'s (kept while it is fresh; `bulk`: BULK_READ_MS). A copy each time. */
  async get<T>(key: string, load: () => Promise<T>, bulk = false): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < hit.ttl) return copy((await hit.answer) as T);
    const answer = load();
    this.entries.set(key, { at: this.now(), ttl: this.ttl(bulk), answer });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return copy(await answer);
  }

  /**
   * A bulk listing's answer to the single read `key` (kept BULK_READ_MS; a live entry is left as it
   * is). The answer is handed over, not copied: the caller must not change it afterwards (a
   * listing's items come from a copy of their page, and every `get` copies again).
   */
  prime(key: string, answer: unknown): void {
    if (!this.enabled) return;
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < hit.ttl) return;
    this.entries.set(key, { at: this.now(), ttl: this.ttl(true), answer: Promise.resolve(answer) });
  }

  private ttl(bulk: boolean): number {
    return bulk ? Math.max(this.ttlMs, this.bulkTtlMs > 0 ? this.bulkTtlMs : 0) : this.ttlMs;
  }

  /** How many times the cache was emptied: what was read ahead for one generation is not counted in the next (ops/readAhead.ts). */
  get generation(): number {
    return this.cleared;
  }

  clear(): void {
    this.cleared++;
    this.entries.clear();
  }
}

/**
 * Callers may change what they are given: each gets its own copy. Answers are parsed JSON (plain
 * objects, arrays, primitives) or bytes; a refresh of thousands of resources copies each listed item
 * at least once, and a walk of plain values costs a third of structuredClone's (issue 24's refresh
 * profile). Anything else (a Date, a Map…) still goes through structuredClone.
 */
export function copy<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Buffer.isBuffer(v)) return Buffer.from(v) as T;
  return copyPlain(v) as T;
}

function copyPlain(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyPlain(v[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const c = copyPlain((v as Record<string, unknown>)[k]);
    if (k === "__proto__") Object.defineProperty(out, k, { value: c, enumerable: true, writable: true, configurable: true });
    else out[k] = c;
  }
  return out;
}
