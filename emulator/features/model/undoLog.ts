// What an append changed, so rollbackOnFailure can undo it (spec.md#append), kept without a copy of
// the layer (issue 13): inserts are the object ids from the log's floor on (plus the few source ids
// kept below it), and each updated row's first old version stays in the row file, so the log holds
// only (object id, record number) pairs, in typed arrays with a bitset to tell a first update from
// a later one: an upsert of a million rows costs ~12 MiB here instead of a Map of a million entries.
import { NumberColumn } from "./column";
import type { RowFile } from "./rowFile";
import type { UniqueIndex } from "./uniqueIndex";

/** Object id → the record of its row before the log: the first `set` of each id is kept. */
export class RecordLog {
  private readonly oids = new NumberColumn();
  private readonly records = new NumberColumn();
  private seen = new Uint32Array(0);
  private readonly seenFar = new Set<number>();
  get size(): number {
    return this.oids.length;
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
    this.oids.push(oid);
    this.records.push(record);
  }

  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.oids.length; i++) yield [this.oids.at(i), this.records.at(i)];
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }

  *values(): IterableIterator<number> {
    for (let i = 0; i < this.records.length; i++) yield this.records.at(i);
  }

  clear(): void {
    this.oids.clear();
    this.records.clear();
    this.seen = new Uint32Array(0);
    this.seenFar.clear();
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
