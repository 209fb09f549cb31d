// The rows of one layer: object ids, unique indexes (seed 2.7) and an undo log so an append with
// rollbackOnFailure can be all or nothing (seed 4.1). Layer views share one RowStore.
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

/** Everything changed since begin(), newest last, so it can be undone. */
export interface UndoLog {
  inserted: Set<number>;
  updated: Map<number, Row>;
  truncated?: { rows: Map<number, Row>; indexes: Map<string, Index> };
}

export class RowStore {
  rows = new Map<number, Row>();
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
    const oid = objectId !== undefined && !this.rows.has(objectId) ? objectId : this.nextObjectId;
    this.checkUnique(row, oid);
    this.nextObjectId = Math.max(this.nextObjectId, oid + 1);
    row.attributes[this.objectIdField] = oid;
    this.rows.set(oid, row);
    this.indexRow(row, oid);
    log?.inserted.add(oid);
    return oid;
  }

  update(oid: number, row: Row, log?: UndoLog): void {
    const old = this.rows.get(oid);
    if (!old) throw new RowError(`object id ${oid} does not exist`);
    this.checkUnique(row, oid);
    if (log && !log.updated.has(oid) && !log.inserted.has(oid)) log.updated.set(oid, old);
    this.unindexRow(old);
    row.attributes[this.objectIdField] = oid;
    this.rows.set(oid, row);
    this.indexRow(row, oid);
  }

  /** Seed 4.1 truncate: removes every row; object ids go on from where they were. */
  truncate(log?: UndoLog): void {
    if (log && !log.truncated) log.truncated = { rows: this.rows, indexes: this.indexes };
    this.rows = new Map();
    this.indexes = new Map([...this.indexes.keys()].map((f) => [f, new Map()]));
  }

  rollback(log: UndoLog): void {
    if (log.truncated) {
      this.rows = log.truncated.rows;
      this.indexes = log.truncated.indexes;
    }
    for (const oid of log.inserted) {
      const row = this.rows.get(oid);
      if (row) this.unindexRow(row);
      this.rows.delete(oid);
    }
    for (const [oid, old] of log.updated) {
      const cur = this.rows.get(oid);
      if (cur) this.unindexRow(cur);
      this.rows.set(oid, old);
      this.indexRow(old, oid);
    }
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
