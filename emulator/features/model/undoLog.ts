// What an append changed, so rollbackOnFailure can undo it (spec.md#append), kept without a copy of
// the layer (issue 13): inserts are the object ids from the log's floor on (plus the few source ids
// kept below it), and each updated row's first old version stays in the row file, so the log holds
// only (object id, record number) pairs, in typed arrays with a bitset to tell a first update from
// a later one: an upsert of a million rows costs ~12 MiB here instead of a Map of a million entries.
import type { RowFile } from "./rowFile";
import type { UniqueIndex } from "./uniqueIndex";

/** Object id → the record of its row before the log: the first `set` of each id is kept. */
export class RecordLog {
  private oids = new Float64Array(256);
  private records = new Int32Array(256);
  private seen = new Uint32Array(0);
  private readonly seenFar = new Set<number>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(oid: number): boolean {
    if (this.isNear(oid)) return oid >> 5 < this.seen.length && (this.seen[oid >> 5] & (1 << (oid & 31))) !== 0;
    return this.seenFar.has(oid);
  }

  /** Keeps the first record of `oid` only. */
  set(oid: number, record: number): void {
    if (this.has(oid)) return;
    if (this.isNear(oid)) {
      if (oid >> 5 >= this.seen.length) {
        const seen = new Uint32Array(Math.max(1024, 2 * ((oid >> 5) + 1)));
        seen.set(this.seen);
        this.seen = seen;
      }
      this.seen[oid >> 5] |= 1 << (oid & 31);
    } else this.seenFar.add(oid);
    if (this.count === this.oids.length) {
      const oids = new Float64Array(this.count * 2);
      oids.set(this.oids);
      this.oids = oids;
      const records = new Int32Array(this.count * 2);
      records.set(this.records);
      this.records = records;
    }
    this.oids[this.count] = oid;
    this.records[this.count++] = record;
  }

  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.count; i++) yield [this.oids[i], this.records[i]];
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }

  *values(): IterableIterator<number> {
    for (let i = 0; i < this.count; i++) yield this.records[i];
  }

  clear(): void {
    this.oids = new Float64Array(256);
    this.records = new Int32Array(256);
    this.seen = new Uint32Array(0);
    this.seenFar.clear();
    this.count = 0;
  }

  /** Ids the bitset covers: non-negative integers below 2^26 (8 MiB of bits at most; the rest go to a Set). */
  private isNear(oid: number): boolean {
    return oid >= 0 && oid < 2 ** 26 && Number.isInteger(oid);
  }
}

/** Everything changed since the log was made, so it can be undone. */
export interface UndoLog {
  /** The store's next object id when the log first saw it: every id from here on is this log's insert. */
  floor?: number;
  /** Ids inserted below the floor (upsert keeps a free source id). */
  inserted: Set<number>;
  /** Updated ids → the record of their row before this log (rowFile.ts), first update only. */
  updated: RecordLog;
  truncated?: { rows: RowFile; indexes: Map<string, UniqueIndex> };
}

export function newUndoLog(): UndoLog {
  return { inserted: new Set(), updated: new RecordLog() };
}
