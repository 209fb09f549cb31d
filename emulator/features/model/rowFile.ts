// The rows of a layer out of the JS heap (issue 13: a million appended rows kept as JS objects
// were ~700 MiB of heap and a third of the append's time in garbage collection). Each row is
// encoded once (rowCodec.ts, or v8 serialize where a value is a Buffer or a Date) into an append-only byte
// log: 1 MiB chunks in memory while the layer is small, spilled to an unlinked temp file past
// SPILL_BYTES, so a big layer costs its index (object id → record: a typed array) and not its rows.
// A row read is decoded anew: callers get a copy and write back with `set`. Iteration is in object
// id order (queries sort by object id unless asked otherwise).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { deserialize, serialize } from "node:v8";
import { NumberColumn } from "./column";
import { copyBytes, decodeRow, encodedKey, KeyDictionary, RowEncoder, sameEncodedKey } from "./rowCodec";
import type { Row } from "./types";

const CHUNK = 1024 * 1024;
/** A layer whose encoded rows pass this many bytes keeps them on disk. */
const SPILL_BYTES = 16 * 1024 * 1024;

/** Append-only bytes: fixed chunks in memory, the full ones on disk once spilled. */
class ByteLog {
  private readonly chunks: Array<Buffer | undefined> = [];
  private fd: number | undefined;
  private size = 0;
  private cached: { chunk: number; bytes: Buffer } | undefined;
  /** A chunk already written out, reused for the next one (no 1 MiB of garbage per MiB appended). */
  private spare: Buffer | undefined;
  private file: string | undefined;

  /** Appends data[start, end). */
  append(data: Buffer, start = 0, end = data.length): number {
    const at = this.size;
    let done = start;
    while (done < end) {
      const i = Math.floor(this.size / CHUNK);
      const into = this.size - i * CHUNK;
      const chunk = (this.chunks[i] ??= this.newChunk());
      const n = Math.min(end - done, CHUNK - into);
      copyBytes(data, done, done + n, chunk, into);
      done += n;
      this.size += n;
      if (into + n === CHUNK && this.fd !== undefined) this.writeOut(i);
    }
    if (this.fd === undefined && this.size > SPILL_BYTES) this.spill();
    return at;
  }

  read(offset: number, length: number): Buffer {
    const first = Math.floor(offset / CHUNK);
    if (first === Math.floor((offset + length - 1) / CHUNK)) {
      const start = offset - first * CHUNK;
      return this.chunk(first).subarray(start, start + length);
    }
    const out = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) {
      const i = Math.floor((offset + done) / CHUNK);
      const start = offset + done - i * CHUNK;
      done += this.chunk(i).copy(out, done, start, Math.min(CHUNK, start + length - done));
    }
    return out;
  }

  /** Bytes written. */
  get length(): number {
    return this.size;
  }

  /** Bytes written, and bytes of them held in memory. */
  get usage(): { bytes: number; inMemory: number } {
    return { bytes: this.size, inMemory: this.chunks.filter((c) => c !== undefined).length * CHUNK };
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    if (this.file !== undefined) fs.rmSync(this.file, { force: true });
    this.file = undefined;
    this.chunks.length = 0;
    this.cached = undefined;
    this.spare = undefined;
  }

  private chunk(i: number): Buffer {
    const held = this.chunks[i];
    if (held) return held;
    if (this.cached?.chunk === i) return this.cached.bytes;
    const bytes = this.cached?.bytes ?? Buffer.allocUnsafe(CHUNK);
    fs.readSync(this.fd!, bytes, 0, CHUNK, i * CHUNK);
    this.cached = { chunk: i, bytes };
    return bytes;
  }

  private spill(): void {
    const file = path.join(os.tmpdir(), `emulator-rows-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.bin`);
    this.fd = fs.openSync(file, "w+");
    try {
      fs.rmSync(file); // the open descriptor keeps the bytes; nothing is left behind on exit
    } catch {
      this.file = file; // a system that cannot unlink an open file: removed by close()
    }
    const full = Math.floor(this.size / CHUNK);
    for (let i = 0; i < full; i++) this.writeOut(i);
  }

  private writeOut(i: number): void {
    fs.writeSync(this.fd!, this.chunks[i]!, 0, CHUNK, i * CHUNK);
    this.spare = this.chunks[i];
    this.chunks[i] = undefined;
  }

  private newChunk(): Buffer {
    const chunk = this.spare ?? Buffer.allocUnsafe(CHUNK);
    this.spare = undefined;
    return chunk;
  }
}

export const BINARY_TAG = 0x42;
const V8_TAG = 0x56;

function isPlain(row: Row): boolean {
  for (const k in row.attributes) {
    const v = row.attributes[k];
    if (v !== null && typeof v === "object") return false;
  }
  return true;
}

/** A unique index's key for a value: its text, undefined for null, undefined and "". */
export function keyText(v: unknown): string | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  return typeof v === "string" ? v : String(v);
}

function decode(bytes: Buffer, keys: KeyDictionary): Row {
  return bytes[0] === BINARY_TAG ? decodeRow(bytes, keys) : (deserialize(bytes.subarray(1)) as Row);
}

/** Object ids below this many (or 4 × the rows held) index a typed array; others a Map. */
const DENSE_MIN = 1 << 16;

/**
 * A Map<object id, Row> whose rows live encoded in a ByteLog; `get` returns a decoded copy.
 * The id → record index is a typed array by object id (ids are dense: the store hands them out in
 * order), with a Map for ids far above the rest (an upsert keeps a source id): iteration is in
 * object id order, which is the order queries answer in.
 */
export class RowFile {
  private dense = new Int32Array(1024).fill(-1);
  private readonly far = new Map<number, number>();
  /** Where each record starts; it ends where the next one starts (the log is written in record order). */
  private readonly offsets = new NumberColumn("uint32", 1024);
  private live = 0;
  private readonly bytes = new ByteLog();
  private readonly dictionary = new KeyDictionary();
  private readonly encoder = new RowEncoder(this.dictionary);
  /**
   * The record read last and its bytes, until the next append (which may reuse the buffer they are
   * in): an upsert reads a row twice, to compare its key and to merge it (issue 28).
   */
  private lastRead = -1;
  private lastBytes: Buffer | undefined;
  /** A row decoded by `peek` and not yet handed out: the next `get` of that record takes it. */
  private peeked: { record: number; row: Row } | undefined;

  get size(): number {
    return this.live;
  }

  has(oid: number): boolean {
    return this.recordOf(oid) !== undefined;
  }

  get(oid: number): Row | undefined {
    const r = this.recordOf(oid);
    if (r === undefined) return undefined;
    const peeked = this.peeked;
    this.peeked = undefined;
    return peeked?.record === r ? peeked.row : this.decodeRecord(r);
  }

  /** The row of `oid` for reading only: the next `get(oid)` returns this same copy instead of decoding again. */
  peek(oid: number): Row | undefined {
    const r = this.recordOf(oid);
    if (r === undefined) return undefined;
    if (this.peeked?.record !== r) this.peeked = { record: r, row: this.decodeRecord(r) };
    return this.peeked.row;
  }

  set(oid: number, row: Row): this {
    const record = this.offsets.length;
    this.lastRead = -1;
    this.offsets.push(this.bytes.append(isPlain(row) ? this.encoder.encode(BINARY_TAG, row) : Buffer.concat([Buffer.of(V8_TAG), serialize(row)])));
    if (this.recordOf(oid) === undefined) this.live++;
    this.point(oid, record);
    return this;
  }

  /**
   * Stores a row encoded elsewhere with this file's names (`names`), already in the binary form
   * (issue 28: rows are encoded in the CSV workers, the store only appends them).
   */
  setEncoded(oid: number, bytes: Buffer, start = 0, end = bytes.length): this {
    if (bytes[start] !== BINARY_TAG) throw new Error("setEncoded takes rows in the binary form");
    const record = this.offsets.length;
    this.lastRead = -1;
    this.offsets.push(this.bytes.append(bytes, start, end));
    if (this.recordOf(oid) === undefined) this.live++;
    this.point(oid, record);
    return this;
  }

  /** The encoded bytes of `oid`'s row in the binary form (valid until the next read), or undefined (no row, or a row kept by v8). */
  encoded(oid: number): Buffer | undefined {
    const r = this.recordOf(oid);
    if (r === undefined) return undefined;
    const bytes = this.recordBytes(r);
    return bytes[0] === BINARY_TAG ? bytes : undefined;
  }

  /** The names dictionary (an encoder in another thread takes its names: `KeyDictionary.frozen`). */
  get names(): KeyDictionary {
    return this.dictionary;
  }

  /** Whether `oid`'s row holds the same unique-index key under `field` as the encoded row `other` (from `otherStart`; it holds one). */
  sameKey(oid: number, field: string, other: Buffer, otherStart = 0): boolean {
    const r = this.recordOf(oid);
    if (r === undefined) return false;
    const bytes = this.recordBytes(r);
    if (bytes[0] !== BINARY_TAG) return keyText(this.decodeRecord(r).attributes[field]) === (encodedKey(other, this.dictionary.idOf(field), otherStart) ?? undefined);
    return sameEncodedKey(bytes, other, this.dictionary.idOf(field), otherStart);
  }

  /** `String` of `field`'s value in `oid`'s row, undefined when null, "" or absent (a unique index's key), read without decoding the row. */
  keyOf(oid: number, field: string): string | undefined {
    const r = this.recordOf(oid);
    if (r === undefined) return undefined;
    const bytes = this.recordBytes(r);
    if (bytes[0] !== BINARY_TAG) return keyText(this.decodeRecord(r).attributes[field]);
    const key = encodedKey(bytes, this.dictionary.idOf(field));
    return key === null ? undefined : key;
  }

  /** The record now holding the row of `oid` (the undo log keeps it; records are never overwritten). */
  recordOf(oid: number): number | undefined {
    if (this.isDense(oid)) {
      const r = oid < this.dense.length ? this.dense[oid] : -1;
      return r < 0 ? undefined : r;
    }
    return this.far.get(oid);
  }

  /** Points `oid` back at an earlier record of it (rollback). */
  restore(oid: number, record: number): void {
    if (this.recordOf(oid) === undefined) this.live++;
    this.point(oid, record);
  }

  delete(oid: number): boolean {
    if (this.recordOf(oid) === undefined) return false;
    if (this.isDense(oid)) this.dense[oid] = -1;
    else this.far.delete(oid);
    this.live--;
    return true;
  }

  *keys(): IterableIterator<number> {
    for (const [oid] of this.records()) yield oid;
  }

  *values(): IterableIterator<Row> {
    for (const [, r] of this.records()) yield this.decodeRecord(r);
  }

  *entries(): IterableIterator<[number, Row]> {
    for (const [oid, r] of this.records()) yield [oid, this.decodeRecord(r)];
  }

  [Symbol.iterator](): IterableIterator<[number, Row]> {
    return this.entries();
  }

  /** Encoded bytes written, and how many of them are in memory (the rest on disk). */
  get usage(): { bytes: number; inMemory: number } {
    return this.bytes.usage;
  }

  /** Frees the bytes (a truncated layer's old rows once the append holds). */
  close(): void {
    this.dense = new Int32Array(0);
    this.offsets.clear();
    this.far.clear();
    this.live = 0;
    this.peeked = undefined;
    this.lastRead = -1;
    this.bytes.close();
  }

  private decodeRecord(r: number): Row {
    return decode(this.recordBytes(r), this.dictionary);
  }

  private recordBytes(r: number): Buffer {
    if (r === this.lastRead) return this.lastBytes!;
    const start = this.offsets.at(r);
    const end = r + 1 < this.offsets.length ? this.offsets.at(r + 1) : this.bytes.length;
    this.lastRead = r;
    return (this.lastBytes = this.bytes.read(start, end - start));
  }

  /** Object id order: the dense ids, then the far ones. */
  private *records(): IterableIterator<[number, number]> {
    const dense = this.dense;
    const far = [...this.far.keys()].sort((a, b) => a - b); // a negative or fractional id sorts among the dense ones
    let f = 0;
    for (let oid = 0; oid <= dense.length; oid++) {
      for (; f < far.length && (far[f] < oid || oid === dense.length); f++) {
        const r = this.far.get(far[f]); // undefined: deleted while iterating (rollback)
        if (r !== undefined) yield [far[f], r];
      }
      if (oid < dense.length && dense[oid] >= 0) yield [oid, dense[oid]];
    }
  }

  private isDense(oid: number): boolean {
    return oid >= 0 && oid < this.dense.length && Number.isInteger(oid);
  }

  private point(oid: number, record: number): void {
    if (!this.isDense(oid)) {
      const near = Number.isInteger(oid) && oid >= 0 && oid < Math.max(DENSE_MIN, 4 * (this.live + 1));
      if (!near) return void this.far.set(oid, record);
      this.growDense(oid);
    }
    this.dense[oid] = record;
  }

  private growDense(oid: number): void {
    let length = this.dense.length || 1024;
    while (length <= oid) length *= 2;
    const dense = new Int32Array(length).fill(-1);
    dense.set(this.dense);
    this.dense = dense;
    for (const [far, r] of this.far) {
      if (far < length && Number.isInteger(far) && far >= 0) {
        dense[far] = r;
        this.far.delete(far);
      }
    }
  }
}
