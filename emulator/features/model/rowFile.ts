// The rows of a layer out of the JS heap (issue 13: a million appended rows kept as JS objects
// were ~700 MiB of heap and a third of the append's time in garbage collection). Each row is
// encoded once (JSON, or v8 serialize where a value is a Buffer or a Date) into an append-only byte
// log: 1 MiB chunks in memory while the layer is small, spilled to an unlinked temp file past
// SPILL_BYTES, so a big layer costs its index (object id → record) and not its rows. A row read is
// decoded anew: callers get a copy and write back with `set`. Iteration follows the Map's order
// (insertion; a `set` of a held id keeps its place), which the readers (query, extent, views) had.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { deserialize, serialize } from "node:v8";
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
  private file: string | undefined;

  append(data: Buffer): number {
    const at = this.size;
    let done = 0;
    while (done < data.length) {
      const i = Math.floor(this.size / CHUNK);
      const into = this.size - i * CHUNK;
      const chunk = (this.chunks[i] ??= Buffer.allocUnsafe(CHUNK));
      const n = data.copy(chunk, into, done);
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
    this.chunks[i] = undefined;
  }
}

const JSON_TAG = 0x4a;
const V8_TAG = 0x56;

function encode(row: Row): Buffer {
  const plain = Object.values(row.attributes).every((v) => v === null || typeof v !== "object");
  if (plain) {
    const text = JSON.stringify(row);
    const out = Buffer.allocUnsafe(1 + Buffer.byteLength(text));
    out[0] = JSON_TAG;
    out.write(text, 1, "utf8");
    return out;
  }
  return Buffer.concat([Buffer.of(V8_TAG), serialize(row)]);
}

function decode(bytes: Buffer): Row {
  return (bytes[0] === JSON_TAG ? JSON.parse(bytes.toString("utf8", 1)) : deserialize(bytes.subarray(1))) as Row;
}

/** A Map<object id, Row> whose rows live encoded in a ByteLog; `get` returns a decoded copy. */
export class RowFile {
  private readonly records = new Map<number, number>();
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private count = 0;
  private readonly bytes = new ByteLog();

  get size(): number {
    return this.records.size;
  }

  has(oid: number): boolean {
    return this.records.has(oid);
  }

  get(oid: number): Row | undefined {
    const r = this.records.get(oid);
    return r === undefined ? undefined : decode(this.bytes.read(this.offsets[r], this.lengths[r]));
  }

  set(oid: number, row: Row): this {
    const data = encode(row);
    if (this.count === this.offsets.length) {
      const offsets = new Float64Array(this.count * 2);
      offsets.set(this.offsets);
      this.offsets = offsets;
      const lengths = new Uint32Array(this.count * 2);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.offsets[this.count] = this.bytes.append(data);
    this.lengths[this.count] = data.length;
    this.records.set(oid, this.count++);
    return this;
  }

  /** The record now holding the row of `oid` (the undo log keeps it; records are never overwritten). */
  recordOf(oid: number): number | undefined {
    return this.records.get(oid);
  }

  /** Points `oid` back at an earlier record of it (rollback). */
  restore(oid: number, record: number): void {
    this.records.set(oid, record);
  }

  delete(oid: number): boolean {
    return this.records.delete(oid);
  }

  keys(): IterableIterator<number> {
    return this.records.keys();
  }

  *values(): IterableIterator<Row> {
    for (const r of this.records.values()) yield decode(this.bytes.read(this.offsets[r], this.lengths[r]));
  }

  *entries(): IterableIterator<[number, Row]> {
    for (const [oid, r] of this.records) yield [oid, decode(this.bytes.read(this.offsets[r], this.lengths[r]))];
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
    this.records.clear();
    this.bytes.close();
  }
}
