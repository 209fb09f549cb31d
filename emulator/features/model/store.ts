// The rows of one layer: object ids, unique indexes (spec.md#layer-append-metadata) and an undo log so an append with
// rollbackOnFailure can be all or nothing (spec.md#append). Layer views share one RowStore.
// The undo log holds no copy of the layer (issue 13): inserted rows are the object ids from the
// log's floor on (plus the few source ids kept below it), and the old version of each updated row
// goes to a journal file on disk (JSON, or v8-serialized where a value is a Buffer or a Date; written in 1 MiB batches), read back only by
// rollback. So an upsert of a million rows does not keep a million old rows in memory.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { deserialize, serialize } from "node:v8";
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
  /** Ids whose old row is in the journal. */
  updated: Set<number>;
  journal?: Journal;
  truncated?: { rows: Map<number, Row>; indexes: Map<string, Index> };
}

const JOURNAL_FLUSH_BYTES = 1024 * 1024;

/** Old rows on disk: records of [uint32 length][J|V][JSON or v8 serialize of [oid, row]]. */
class Journal {
  private readonly file: string;
  private readonly fd: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor() {
    this.file = path.join(os.tmpdir(), `emulator-undo-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.bin`);
    this.fd = fs.openSync(this.file, "w+");
  }

  push(oid: number, row: Row): void {
    // JSON where every value is plain (5× faster than v8.serialize per row); v8 where one is not (a Buffer, a Date)
    const plain = Object.values(row.attributes).every((v) => v === null || typeof v !== "object");
    const body = plain ? Buffer.from(JSON.stringify([oid, row]), "utf8") : serialize([oid, row]);
    const head = Buffer.allocUnsafe(5);
    head.writeUInt32LE(body.length, 0);
    head[4] = plain ? 0x4a : 0x56; // "J" or "V"
    this.pending.push(head, body);
    this.pendingBytes += 5 + body.length;
    if (this.pendingBytes >= JOURNAL_FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    fs.writeSync(this.fd, Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Every [oid, old row], in the order written. */
  *entries(): Generator<[number, Row]> {
    this.flush();
    const size = fs.fstatSync(this.fd).size;
    let buf = Buffer.alloc(0);
    const chunk = Buffer.allocUnsafe(JOURNAL_FLUSH_BYTES);
    for (let at = 0; at < size || buf.length > 0; ) {
      if (buf.length >= 5 && buf.length >= 5 + buf.readUInt32LE(0)) {
        const n = buf.readUInt32LE(0);
        const body = buf.subarray(5, 5 + n);
        yield (buf[4] === 0x4a ? JSON.parse(body.toString("utf8")) : deserialize(body)) as [number, Row];
        buf = buf.subarray(5 + n);
        continue;
      }
      if (at >= size) throw new Error("undo journal truncated");
      const read = fs.readSync(this.fd, chunk, 0, chunk.length, at);
      at += read;
      buf = Buffer.concat([buf, chunk.subarray(0, read)]);
    }
  }

  close(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.file, { force: true });
  }
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

  update(oid: number, row: Row, log?: UndoLog): void {
    const old = this.rows.get(oid);
    if (!old) throw new RowError(`object id ${oid} does not exist`);
    this.checkUnique(row, oid);
    if (log) {
      log.floor ??= this.nextObjectId;
      if (oid < log.floor && !log.updated.has(oid) && !log.inserted.has(oid)) {
        log.updated.add(oid);
        (log.journal ??= new Journal()).push(oid, old);
      }
    }
    this.unindexRow(old);
    row.attributes[this.objectIdField] = oid;
    // the stored object takes the new values in place: a long-lived row is not swapped for a new one,
    // so an upsert of every row leaves no old-generation copy of the layer for the GC to catch up with
    for (const k of Object.keys(old.attributes)) if (!(k in row.attributes)) delete old.attributes[k];
    Object.assign(old.attributes, row.attributes);
    old.geometry = row.geometry;
    this.indexRow(old, oid);
  }

  /** spec.md#append truncate: removes every row; object ids go on from where they were. */
  truncate(log?: UndoLog): void {
    if (log) log.floor ??= this.nextObjectId;
    if (log && !log.truncated) log.truncated = { rows: this.rows, indexes: this.indexes };
    this.rows = new Map();
    this.indexes = new Map([...this.indexes.keys()].map((f) => [f, new Map()]));
  }

  rollback(log: UndoLog): void {
    try {
      if (log.truncated) {
        this.rows = log.truncated.rows;
        this.indexes = log.truncated.indexes;
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
      for (const [oid, old] of log.journal?.entries() ?? []) {
        const cur = this.rows.get(oid);
        if (cur) this.unindexRow(cur);
        this.rows.set(oid, old);
        this.indexRow(old, oid);
      }
    } finally {
      this.release(log);
    }
  }

  /** The append went through: the undo log's journal is dropped. */
  release(log: UndoLog): void {
    log.journal?.close();
    log.journal = undefined;
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
  return { inserted: new Set(), updated: new Set() };
}
