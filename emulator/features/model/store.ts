// The rows of one layer: object ids, unique indexes (spec.md#layer-append-metadata) and an undo log so an append with
// rollbackOnFailure can be all or nothing (spec.md#append). Layer views share one RowStore.
// The rows live encoded out of the JS heap (rowFile.ts), the unique indexes hold hashes and ids,
// not key strings (uniqueIndex.ts), and the undo log holds no copy of the layer (undoLog.ts).
import { encodedKey } from "./rowCodec";
import { keyText as keyOf, RowFile } from "./rowFile";
import type { Row } from "./types";
import { UniqueIndex } from "./uniqueIndex";
import { newUndoLog, type UndoLog } from "./undoLog";

export { newUndoLog, type UndoLog };

export class RowError extends Error {
  constructor(message: string, readonly row?: number) {
    super(row === undefined ? message : `row ${row}: ${message}`);
  }
}

/** A row encoded in a worker (append/csvPieceWorker.ts): its bytes, and the hashes of its unique keys. */
export interface EncodedRow {
  /** The binary form in bytes[start, end) (the whole buffer when not given), the object id's 8 bytes at `oidAt` (an index of `bytes`), written by `insertEncoded`. */
  bytes: Buffer;
  start?: number;
  end?: number;
  oidAt: number;
  /**
   * Per non-object-id unique field, in `encodedFields` order, from `keyAt` on: hashKey of the key, 1
   * for a hash of 0, and 0 for no key (null or ""). The key itself is read from the bytes when needed.
   */
  hashes: ArrayLike<number>;
  keyAt: number;
}

export class RowStore {
  /** The rows, encoded out of the JS heap (rowFile.ts): `get` gives a copy, `set` stores one. */
  rows = new RowFile();
  nextObjectId = 1;
  private indexes = new Map<string, UniqueIndex>();

  constructor(readonly objectIdField: string, uniqueFields: readonly string[]) {
    for (const f of uniqueFields) if (f !== objectIdField) this.indexes.set(f, new UniqueIndex());
  }

  get uniqueFields(): string[] {
    return [this.objectIdField, ...this.indexes.keys()];
  }

  /** The object id of the row whose unique field holds `value`. */
  findBy(field: string, value: unknown): number | undefined {
    if (field === this.objectIdField) return typeof value === "number" && this.rows.has(value) ? value : undefined;
    const key = keyOf(value);
    return key === undefined ? undefined : this.lookup(field, key);
  }

  /** The unique fields an EncodedRow gives keys for, in its order. */
  get encodedFields(): string[] {
    return [...this.indexes.keys()];
  }

  /** `findBy` of a non-object-id unique field whose key is in the encoded row at `bytes[start]`, given its hash (EncodedRow.hashes). */
  findHashed(field: string, bytes: Buffer, hash: number, start = 0): number | undefined {
    const index = hash === 0 ? undefined : this.indexes.get(field);
    if (!index) return undefined;
    this.probe(field, bytes, start);
    return index.findHashed(hash, this.holdsProbe);
  }

  /**
   * What `holdsProbe` compares with: an encoded row's key under a field. An append in pieces asks
   * once or twice a row; a closure a row made a million objects for the collector (issue 28).
   */
  private probeField = "";
  private probeBytes: Buffer = Buffer.alloc(0);
  private probeStart = 0;
  private readonly holdsProbe = (oid: number): boolean => this.rows.sameKey(oid, this.probeField, this.probeBytes, this.probeStart);

  private probe(field: string, bytes: Buffer, start: number): void {
    this.probeField = field;
    this.probeBytes = bytes;
    this.probeStart = start;
  }

  /** The unique indexes in `encodedFields` order, as arrays (iterating the Map made two objects a row). */
  private listed: { map: Map<string, UniqueIndex>; fields: string[]; indexes: UniqueIndex[] } | undefined;
  private indexList(): { fields: string[]; indexes: UniqueIndex[] } {
    if (this.listed?.map !== this.indexes) this.listed = { map: this.indexes, fields: [...this.indexes.keys()], indexes: [...this.indexes.values()] };
    return this.listed;
  }

  private encodedKey(bytes: Buffer, field: string, start = 0): string | undefined {
    return encodedKey(bytes, this.rows.names.idOf(field), start) ?? undefined;
  }

  /** `insert` of a row encoded elsewhere, under a new object id. */
  insertEncoded(row: EncodedRow, log?: UndoLog): number {
    if (log) log.floor ??= this.nextObjectId;
    const oid = this.nextObjectId;
    const { fields, indexes } = this.indexList();
    const start = row.start ?? 0;
    for (let i = 0; i < indexes.length; i++) {
      const hash = row.hashes[row.keyAt + i];
      if (hash === 0) continue;
      this.probe(fields[i], row.bytes, start);
      if (indexes[i].addHashedIfAbsent(hash, oid, this.holdsProbe) !== undefined) {
        for (let j = 0; j < i; j++) if (row.hashes[row.keyAt + j] !== 0) indexes[j].remove(this.encodedKey(row.bytes, fields[j], start)!, oid);
        throw new RowError(`field '${fields[i]}': value ${JSON.stringify(this.encodedKey(row.bytes, fields[i], start))} already exists (unique index)`);
      }
    }
    this.nextObjectId = oid + 1;
    row.bytes.writeDoubleLE(oid, row.oidAt);
    this.rows.setEncoded(oid, row.bytes, start, row.end ?? row.bytes.length);
    return oid;
  }

  /**
   * `update` to bytes[0, end) encoded elsewhere (rowCodec.ts mergeEncoded) whose unique values are the old
   * row's: no index work. The caller has made sure of that.
   */
  updateEncoded(oid: number, bytes: Buffer, log?: UndoLog, end = bytes.length): void {
    if (log) {
      log.floor ??= this.nextObjectId;
      if (oid < log.floor && !log.inserted.has(oid)) log.updated.set(oid, this.rows.recordOf(oid)!);
    }
    this.rows.setEncoded(oid, bytes, 0, end);
  }

  insert(row: Row, log?: UndoLog, objectId?: number): number {
    if (log) log.floor ??= this.nextObjectId;
    const oid = objectId !== undefined && !this.rows.has(objectId) ? objectId : this.nextObjectId;
    this.indexNew(row, oid);
    this.nextObjectId = Math.max(this.nextObjectId, oid + 1);
    row.attributes[this.objectIdField] = oid;
    this.rows.set(oid, row);
    if (log && oid < log.floor!) log.inserted.add(oid);
    return oid;
  }

  /** `old`: the row as the caller just read it (saves decoding it again). Unique values left as they were cost no index work. */
  update(oid: number, row: Row, log?: UndoLog, old: Row | undefined = this.rows.get(oid)): void {
    if (!old) throw new RowError(`object id ${oid} does not exist`);
    this.checkUnique(row, oid, old);
    if (log) {
      log.floor ??= this.nextObjectId;
      if (oid < log.floor && !log.inserted.has(oid)) log.updated.set(oid, this.rows.recordOf(oid)!);
    }
    this.unindexRow(old, oid, row);
    row.attributes[this.objectIdField] = oid;
    this.rows.set(oid, row);
    this.indexRow(row, oid, old);
  }

  /** spec.md#append truncate: removes every row; object ids go on from where they were. */
  truncate(log?: UndoLog): void {
    if (log) log.floor ??= this.nextObjectId;
    if (log && !log.truncated) log.truncated = { rows: this.rows, indexes: this.indexes };
    else this.rows.close(); // truncated again within one append: those rows were this append's
    this.rows = new RowFile();
    this.indexes = new Map([...this.indexes.keys()].map((f) => [f, new UniqueIndex()]));
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
        if (row) this.unindexRow(row, oid);
        this.rows.delete(oid);
      };
      const floor = log.floor;
      if (floor !== undefined && this.nextObjectId - floor <= this.rows.size) for (let oid = floor; oid < this.nextObjectId; oid++) drop(oid);
      else if (floor !== undefined) for (const oid of this.rows.keys()) if (oid >= floor) drop(oid); // a kept source id far above the rest
      for (const oid of log.inserted) drop(oid);
      for (const [oid, record] of log.updated) {
        const cur = this.rows.get(oid);
        if (cur) this.unindexRow(cur, oid);
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

  /** The id whose row's `field` holds `key`: the index gives candidates by hash, the row confirms. */
  private lookup(field: string, key: string): number | undefined {
    return this.indexes.get(field)?.find(key, (oid) => this.rows.keyOf(oid, field) === key);
  }

  /** Checks and indexes a new row's unique values in one probe each; a taken value undoes the ones added. */
  private indexNew(row: Row, oid: number): void {
    let added: Array<[UniqueIndex, string]> | undefined;
    for (const [field, index] of this.indexes) {
      const key = keyOf(row.attributes[field]);
      if (key === undefined) continue;
      const other = index.addIfAbsent(key, oid, (o) => this.rows.keyOf(o, field) === key);
      if (other !== undefined) {
        for (const [i, k] of added ?? []) i.remove(k, oid);
        throw new RowError(`field '${field}': value ${JSON.stringify(key)} already exists (unique index)`);
      }
      (added ??= []).push([index, key]);
    }
  }

  /** `old`: a unique value the row keeps needs no check. */
  private checkUnique(row: Row, oid: number, old?: Row): void {
    for (const field of this.indexes.keys()) {
      const key = keyOf(row.attributes[field]);
      if (key === undefined || (old && keyOf(old.attributes[field]) === key)) continue;
      const other = this.lookup(field, key);
      if (other !== undefined && other !== oid) throw new RowError(`field '${field}': value ${JSON.stringify(key)} already exists (unique index)`);
    }
  }

  /** `old`: values that did not change are in the index already. */
  private indexRow(row: Row, oid: number, old?: Row): void {
    for (const [field, index] of this.indexes) {
      const key = keyOf(row.attributes[field]);
      if (key !== undefined && !(old && keyOf(old.attributes[field]) === key)) index.add(key, oid);
    }
  }

  /** `next`: values the row keeps stay in the index. */
  private unindexRow(row: Row, oid: number, next?: Row): void {
    for (const [field, index] of this.indexes) {
      const key = keyOf(row.attributes[field]);
      if (key !== undefined && !(next && keyOf(next.attributes[field]) === key)) index.remove(key, oid);
    }
  }
}
