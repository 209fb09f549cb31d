// The rows of one layer: object ids, unique indexes (spec.md#layer-append-metadata) and an undo log so an append with
// rollbackOnFailure can be all or nothing (spec.md#append). Layer views share one RowStore.
// The rows live encoded out of the JS heap (rowFile.ts), and the undo log holds no copy of the
// layer (issue 13): inserted rows are the object ids from the log's floor on (plus the few source
// ids kept below it), and an updated row's old version stays where it was in the row file's
// append-only log, so the undo log keeps only its record number. Rollback points the id back at it.
import { RowFile } from "./rowFile";
import type { Row } from "./types";

export class RowError extends Error {
  constructor(message: string, readonly row?: number) {
    super(row === undefined ? message : `row ${row}: ${message}`);
  }
}

type Index = Map<string, number>;

function keyOf(v: unknown): string | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  return typeof v === "string" ? v : String(v);
}

/** Everything changed since the log was made, so it can be undone. */
export interface UndoLog {
  /** The store's next object id when the log first saw it: every id from here on is this log's insert. */
  floor?: number;
  /** Ids inserted below the floor (upsert keeps a free source id). */
  inserted: Set<number>;
  /** Updated ids → the record of their row before this log (rowFile.ts), first update only. */
  updated: Map<number, number>;
  truncated?: { rows: RowFile; indexes: Map<string, Index> };
}

export class RowStore {
  /** The rows, encoded out of the JS heap (rowFile.ts): `get` gives a copy, `set` stores one. */
  rows = new RowFile();
  nextObjectId = 1;
  private indexes = new Map<string, Index>();

  constructor(readonly objectIdField: string, uniqueFields: readonly string[]) {
    for (const f of uniqueFields) if (f !== objectIdField) this.indexes.set(f, new Map());
  }

  get uniqueFields(): string[] {
    return [this.objectIdField, ...this.indexes.keys()];
  }

  /** The object id of the row whose unique field holds `value`. */
  findBy(field: string, value: unknown): number | undefined {
    if (field === this.objectIdField) return typeof value === "number" && this.rows.has(value) ? value : undefined;
    const key = keyOf(value);
    return key === undefined ? undefined : this.indexes.get(field)?.get(key);
  }

  insert(row: Row, log?: UndoLog, objectId?: number): number {
    if (log) log.floor ??= this.nextObjectId;
    const oid = objectId !== undefined && !this.rows.has(objectId) ? objectId : this.nextObjectId;
    this.checkUnique(row, oid);
    this.nextObjectId = Math.max(this.nextObjectId, oid + 1);
    row.attributes[this.objectIdField] = oid;
    this.rows.set(oid, row);
    this.indexRow(row, oid);
    if (log && oid < log.floor!) log.inserted.add(oid);
    return oid;
  }

  /** `old`: the row as the caller just read it (saves decoding it again). */
  update(oid: number, row: Row, log?: UndoLog, old: Row | undefined = this.rows.get(oid)): void {
    if (!old) throw new RowError(`object id ${oid} does not exist`);
    this.checkUnique(row, oid);
    if (log) {
      log.floor ??= this.nextObjectId;
      if (oid < log.floor && !log.updated.has(oid) && !log.inserted.has(oid)) log.updated.set(oid, this.rows.recordOf(oid)!);
    }
    this.unindexRow(old);
    row.attributes[this.objectIdField] = oid;
    this.rows.set(oid, row);
    this.indexRow(row, oid);
  }

  /** spec.md#append truncate: removes every row; object ids go on from where they were. */
  truncate(log?: UndoLog): void {
    if (log) log.floor ??= this.nextObjectId;
    if (log && !log.truncated) log.truncated = { rows: this.rows, indexes: this.indexes };
    else this.rows.close(); // truncated again within one append: those rows were this append's
    this.rows = new RowFile();
    this.indexes = new Map([...this.indexes.keys()].map((f) => [f, new Map()]));
  }

  rollback(log: UndoLog): void {
    try {
      if (log.truncated) {
        this.rows.close();
        this.rows = log.truncated.rows;
        this.indexes = log.truncated.indexes;
        log.truncated = undefined;
      }
      const drop = (oid: number) => {
        const row = this.rows.get(oid);
        if (row) this.unindexRow(row);
        this.rows.delete(oid);
      };
      const floor = log.floor;
      if (floor !== undefined && this.nextObjectId - floor <= this.rows.size) for (let oid = floor; oid < this.nextObjectId; oid++) drop(oid);
      else if (floor !== undefined) for (const oid of this.rows.keys()) if (oid >= floor) drop(oid); // a kept source id far above the rest
      for (const oid of log.inserted) drop(oid);
      for (const [oid, record] of log.updated) {
        const cur = this.rows.get(oid);
        if (cur) this.unindexRow(cur);
        this.rows.restore(oid, record);
        this.indexRow(this.rows.get(oid)!, oid);
      }
    } finally {
      this.release(log);
    }
  }

  /** The append ended (kept or rolled back): what the undo log held goes. */
  /** Frees the rows (the emulator's reset and close). */
  close(): void {
    this.rows.close();
  }

  release(log: UndoLog): void {
    if (log.truncated && log.truncated.rows !== this.rows) log.truncated.rows.close();
    log.truncated = undefined;
    log.updated.clear();
  }

  private checkUnique(row: Row, oid: number): void {
    for (const [field, index] of this.indexes) {
      const key = keyOf(row.attributes[field]);
      const other = key === undefined ? undefined : index.get(key);
      if (other !== undefined && other !== oid) throw new RowError(`field '${field}': value ${JSON.stringify(key)} already exists (unique index)`);
    }
  }

  private indexRow(row: Row, oid: number): void {
    for (const [field, index] of this.indexes) {
      const key = keyOf(row.attributes[field]);
      if (key !== undefined) index.set(key, oid);
    }
  }

  private unindexRow(row: Row): void {
    for (const [field, index] of this.indexes) {
      const key = keyOf(row.attributes[field]);
      if (key !== undefined) index.delete(key);
    }
  }
}

export function newUndoLog(): UndoLog {
  return { inserted: new Set(), updated: new Map() };
}
