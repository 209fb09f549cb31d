// A row of plain values as bytes (issue 13): JSON.stringify and JSON.parse were the largest part of
// a CSV append after parsing (2.3 µs of ~7.6 µs a row, most of it turning doubles into decimal text
// and back). Here numbers go as 8 raw bytes, strings as UTF-8 with a length, and each attribute
// name as a number from the row file's own dictionary. What comes back is what JSON would give:
// keys in order, a non-finite number as null, -0 as 0, an undefined value left out; a geometry other
// than a plain point goes as JSON text. Rows with objects among their attributes (a Buffer, a Date)
// are not for this codec (rowFile.ts serializes them with v8).
import type { Row } from "./types";

const END = 0;
const NULL = 0, TRUE = 1, FALSE = 2, NUMBER = 3, STRING = 4;
const NO_GEOMETRY = 0, POINT = 1, GEOMETRY_JSON = 2;

/** Attribute names ↔ small numbers, per row file (a layer has a few dozen names at most). */
export class KeyDictionary {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [""];

  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  nameOf(id: number): string {
    return this.names[id];
  }

  /** Every name in id order (id 1 first): another thread's encoder gets the same ids from it. */
  get all(): string[] {
    return this.names.slice(1);
  }

  /** A dictionary holding `names` as ids 1, 2, …, that refuses new names (they would not be the row file's). */
  static frozen(names: readonly string[]): KeyDictionary {
    const d = new KeyDictionary();
    for (const n of names) d.idOf(n);
    d.idOf = (name) => d.ids.get(name) ?? fail(`attribute '${name}' is not in the layer's dictionary`);
    return d;
  }
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Encodes into a buffer it grows as needed: `encode` returns the bytes written (valid until the next
 * call); `add` writes rows one after another, `take` hands them over and starts again.
 */
export class RowEncoder {
  private buf: Buffer;
  private at = 0;

  /** `size`: the buffer's first size (it grows to what is written between two `take`s). */
  constructor(private readonly keys: KeyDictionary, size = 1024) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** Where `encode` or `add` put the slot's 8 bytes (when asked for one): from the row's start for `encode`, from the buffer's for `add`. */
  slotAt = -1;

  /**
   * `tag`: the first byte (the row file's format tag). `slot`: a name given a number after the
   * other attributes, its 8 bytes written later (an object id only the store knows: `slotAt`).
   */
  encode(tag: number, row: Row, slot?: string): Buffer {
    this.at = 0;
    this.add(tag, row, slot);
    return this.buf.subarray(0, this.at);
  }

  /** Bytes written since the last `take`. */
  get length(): number {
    return this.at;
  }

  /**
   * A copy of the bytes written since the last `take` (or `encode`), into `into` when it has room
   * (else a new buffer with a quarter more, so the next take of about as many fits it); the next row
   * starts the buffer again.
   */
  take(into?: ArrayBuffer): Uint8Array {
    const n = this.at;
    const bytes = new Uint8Array(into && into.byteLength >= n ? into : new ArrayBuffer(n + (n >> 2)), 0, n);
    bytes.set(this.buf.subarray(0, n));
    this.at = 0;
    return bytes;
  }

  /** `encode`'s bytes written after those already written (the whole row or nothing, should a value throw). */
  add(tag: number, row: Row, slot?: string): void {
    const start = this.at;
    try {
      this.write(tag, row, slot);
    } catch (e) {
      this.at = start;
      throw e;
    }
  }

  private write(tag: number, row: Row, slot?: string): void {
    this.room(1);
    this.buf[this.at++] = tag;
    const attributes = row.attributes;
    let k = 0;
    for (const name in attributes) {
      const v = attributes[name];
      if (v === undefined) continue;
      this.varint(this.idAt(k++, name));
      if (v === null) this.byte(NULL);
      else if (v === true) this.byte(TRUE);
      else if (v === false) this.byte(FALSE);
      else if (typeof v === "number") {
        if (Number.isFinite(v)) this.number(v);
        else this.byte(NULL);
      } else this.string(String(v));
    }
    if (slot !== undefined) {
      this.varint(this.keys.idOf(slot));
      this.number(0);
      this.slotAt = this.at - 8;
    }
    this.varint(END);
    const g = row.geometry;
    if (g === null || g === undefined) this.byte(NO_GEOMETRY);
    else if (isPlainPoint(g)) {
      this.byte(POINT);
      this.double(g.x);
      this.double(g.y);
    } else {
      this.byte(GEOMETRY_JSON);
      this.string(JSON.stringify(g));
    }
  }

  /** The names of the last row encoded, by position, and their ids: rows of one source share their names' strings, so the dictionary is asked once per position. */
  private readonly lastNames: string[] = [];
  private readonly lastIds: number[] = [];

  private idAt(k: number, name: string): number {
    if (this.lastNames[k] === name) return this.lastIds[k];
    const id = this.keys.idOf(name);
    this.lastNames[k] = name;
    this.lastIds[k] = id;
    return id;
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  private byte(b: number): void {
    this.room(1);
    this.buf[this.at++] = b;
  }

  private varint(n: number): void {
    this.room(5);
    while (n > 0x7f) {
      this.buf[this.at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.at++] = n;
  }

  private double(v: number): void {
    this.room(8);
    this.buf.writeDoubleLE(v === 0 ? 0 : v, this.at);
    this.at += 8;
  }

  private number(v: number): void {
    this.byte(NUMBER);
    this.double(v);
  }

  private string(s: string): void {
    this.room(1 + 4 + s.length * 3);
    const buf = this.buf;
    buf[this.at++] = STRING;
    let n = 0;
    // a short ASCII string byte by byte (its UTF-8 is its code units); Buffer#write's call costs more
    if (s.length <= 48) {
      const start = this.at + 4;
      for (; n < s.length; n++) {
        const c = s.charCodeAt(n);
        if (c >= 0x80) break;
        buf[start + n] = c;
      }
      if (n < s.length) n = buf.write(s, start, "utf8");
    } else n = buf.write(s, this.at + 4, "utf8");
    buf[this.at] = n & 0xff;
    buf[this.at + 1] = (n >>> 8) & 0xff;
    buf[this.at + 2] = (n >>> 16) & 0xff;
    buf[this.at + 3] = n >>> 24;
    this.at += 4 + n;
  }
}

function isPlainPoint(g: object): g is { x: number; y: number } {
  let keys = 0;
  for (const _ in g) keys++;
  const p = g as { x?: unknown; y?: unknown };
  return keys === 2 && typeof p.x === "number" && typeof p.y === "number" && Number.isFinite(p.x) && Number.isFinite(p.y);
}

/** The row `encode` wrote, from its bytes (the tag byte first). */
export function decodeRow(bytes: Buffer, keys: KeyDictionary): Row {
  let at = 1;
  const varint = (): number => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[at++];
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
    }
  };
  const string = (): string => {
    const n = bytes.readUInt32LE(at);
    at += 4;
    const s = bytes.toString("utf8", at, at + n);
    at += n;
    return s;
  };
  const attributes: Record<string, unknown> = {};
  for (let id = varint(); id !== END; id = varint()) {
    const name = keys.nameOf(id);
    const tag = bytes[at++];
    if (tag === NUMBER) {
      attributes[name] = bytes.readDoubleLE(at);
      at += 8;
    } else if (tag === STRING) attributes[name] = string();
    else attributes[name] = tag === NULL ? null : tag === TRUE;
  }
  const g = bytes[at++];
  let geometry: Row["geometry"] = null;
  if (g === POINT) {
    geometry = { x: bytes.readDoubleLE(at), y: bytes.readDoubleLE(at + 8) };
  } else if (g === GEOMETRY_JSON) {
    at++; // the STRING tag
    geometry = JSON.parse(string());
  }
  return { attributes, geometry };
}

/** Steps over one encoded value whose tag is at `at`; returns where the next entry starts. */
function skipValue(bytes: Buffer, at: number): number {
  const tag = bytes[at];
  if (tag === NUMBER) return at + 9;
  if (tag === STRING) return at + 5 + bytes.readUInt32LE(at + 1);
  return at + 1;
}

/** Where the last readVarint ended (no tuple allocated per name read). */
let varintEnd = 0;

function readVarint(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first < 0x80) {
    varintEnd = at + 1;
    return first;
  }
  let n = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[at++];
    n += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) {
      varintEnd = at;
      return n;
    }
  }
}

/**
 * The entries of an encoded row into `into` from `from` on: [key id, value start, value end] each
 * (names in `skip` left out); returns where they end. Where its geometry starts: `geometryEnd`.
 */
function entriesOf(bytes: Buffer, into: Int32Array, from: number, skip?: readonly number[], start = 0): number {
  let at = start + 1;
  let n = from;
  for (;;) {
    const id = readVarint(bytes, at);
    const next = varintEnd;
    if (id === END) {
      geometryEnd = next;
      return n;
    }
    const end = skipValue(bytes, next);
    if (skip === undefined || !skip.includes(id)) {
      into[n++] = id;
      into[n++] = next;
      into[n++] = end;
    }
    at = end;
  }
}

/** Where the last entriesOf found the row's geometry. */
let geometryEnd = 0;
/** Entries of the rows mergeEncoded reads (grown for rows of many names). */
let entries = new Int32Array(3 * 256);

/** Where `id`'s value (its tag byte) is in an encoded row (from `start`), or -1 when the row does not hold it. */
function valueAt(bytes: Buffer, id: number, start = 0): number {
  let at = start + 1;
  for (;;) {
    const key = readVarint(bytes, at);
    if (key === END) return -1;
    if (key === id) return varintEnd;
    at = skipValue(bytes, varintEnd);
  }
}

/**
 * Whether two encoded rows hold the same unique-index key (`String` of the value) under `id`, `b`
 * holding one (not null or ""): values of one type compare as bytes (a string's UTF-8 is its text's,
 * a number's 8 bytes its value's), values of two types as their keys. `b`'s row starts at `bStart`.
 */
export function sameEncodedKey(a: Buffer, b: Buffer, id: number, bStart = 0): boolean {
  const i = valueAt(a, id), j = valueAt(b, id, bStart);
  if (i < 0 || j < 0) return false;
  if (a[i] !== b[j]) return encodedKey(a, id) === encodedKey(b, id, bStart);
  const end = skipValue(a, i);
  if (end - i !== skipValue(b, j) - j) return false;
  for (let k = 1; k < end - i; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}

/**
 * The unique-index key (`String` of the value; undefined for null and "") of one attribute, read
 * from an encoded row (from `start`) without decoding the rest; `null` when the row does not hold
 * the attribute.
 */
export function encodedKey(bytes: Buffer, id: number, start = 0): string | undefined | null {
  let at = start + 1;
  for (;;) {
    const key = readVarint(bytes, at);
    const next = varintEnd;
    if (key === END) return null;
    if (key === id) {
      const tag = bytes[next];
      if (tag === NUMBER) return String(bytes.readDoubleLE(next + 1));
      if (tag === STRING) {
        const n = bytes.readUInt32LE(next + 1);
        return n === 0 ? undefined : bytes.toString("utf8", next + 5, next + 5 + n);
      }
      return tag === NULL ? undefined : String(tag === TRUE);
    }
    at = skipValue(bytes, next);
  }
}

/**
 * What `{...old.attributes, ...change.attributes}` encodes to, from the two encoded rows (the same
 * dictionary): the old row's names keep their places and take the change's values, the change's new
 * names follow in its order. The geometry is the change's when `newGeometry` and it has one, else
 * the old row's. `skip`: names of `change` left out. The bytes are valid until the next call (a scratch buffer).
 */
export function mergeEncoded(old: Buffer, change: Buffer, newGeometry: boolean, skip?: readonly number[]): Buffer {
  const n = mergeEncodedInto(old, change, 0, change.length, newGeometry, skip); // first: it may grow the scratch
  return mergedBytes().subarray(0, n);
}

/**
 * `mergeEncoded` of the change row `change[cStart, cEnd)`, written at the start of `mergedBytes()`
 * (valid until the next merge); returns its length. An append in pieces merges a million rows: no
 * view of either row is made (issue 28).
 */
export function mergeEncodedInto(old: Buffer, change: Buffer, cStart: number, cEnd: number, newGeometry: boolean, skip?: readonly number[]): number {
  const size = old.length + cEnd - cStart;
  if (entries.length < 3 * size) entries = new Int32Array(3 * size); // a name takes 2 bytes at least
  const out = scratch.length >= size ? scratch : (scratch = Buffer.allocUnsafe(2 * size));
  const n = mergeInOrder(old, change, cStart, cEnd, newGeometry, out, skip);
  return n >= 0 ? n : mergeAny(old, change, cStart, cEnd, newGeometry, out, skip);
}

/** Where `mergeEncodedInto` writes. */
export function mergedBytes(): Buffer {
  return scratch;
}

/**
 * mergeEncoded where the change's names are all the old row's, in the old row's order (an update
 * from the same source as the insert: the common case), in one pass over the old row; -1
 * otherwise (mergeAny then makes it).
 */
function mergeInOrder(old: Buffer, change: Buffer, cStart: number, cEnd: number, newGeometry: boolean, out: Buffer, skip?: readonly number[]): number {
  const e = entries;
  const bEnd = entriesOf(change, e, 0, skip, cStart);
  const bGeometry = geometryEnd;
  out[0] = old[0];
  let at = 1;
  let run = 1; // the old row's bytes from here on are copied as they are, up to the next value replaced
  let j = 0;
  let from = 1;
  for (;;) {
    const id = readVarint(old, from);
    const value = varintEnd;
    if (id === END) break;
    const end = skipValue(old, value);
    if (j < bEnd && e[j] === id) {
      at = copyBytes(old, run, value, out, at); // up to and with the name
      at = copyBytes(change, e[j + 1], e[j + 2], out, at);
      run = end;
      j += 3;
    }
    from = end;
  }
  if (j < bEnd) return -1; // a name the old row lacks, or one out of its order
  at = copyBytes(old, run, from, out, at); // up to the END byte
  out[at++] = END;
  const aGeometry = from + 1;
  const useNew = newGeometry && change[bGeometry] !== NO_GEOMETRY;
  return useNew ? copyBytes(change, bGeometry, cEnd, out, at) : copyBytes(old, aGeometry, old.length, out, at);
}

function mergeAny(old: Buffer, change: Buffer, cStart: number, cEnd: number, newGeometry: boolean, out: Buffer, skip?: readonly number[]): number {
  const e = entries;
  const aEnd = entriesOf(old, e, 0);
  const aGeometry = geometryEnd;
  const bEnd = entriesOf(change, e, aEnd, skip, cStart);
  const bGeometry = geometryEnd;
  out[0] = old[0];
  let at = 1;
  let run = 1; // the old row's bytes from here on are copied as they are, up to the next value replaced
  for (let i = 0; i < aEnd; i += 3) {
    const id = e[i];
    let j = aEnd;
    while (j < bEnd && e[j] !== id) j += 3;
    if (j === bEnd) continue;
    at = copyBytes(old, run, e[i + 1], out, at); // up to and with the name
    at = copyBytes(change, e[j + 1], e[j + 2], out, at);
    run = e[i + 2];
    e[j] = -1; // taken
  }
  at = copyBytes(old, run, aGeometry - 1, out, at); // up to the END byte
  for (let j = aEnd; j < bEnd; j += 3) {
    if (e[j] !== -1) at = copyBytes(change, e[j + 1] - keyLength(e[j]), e[j + 2], out, at);
  }
  out[at++] = END;
  const useNew = newGeometry && change[bGeometry] !== NO_GEOMETRY;
  return useNew ? copyBytes(change, bGeometry, cEnd, out, at) : copyBytes(old, aGeometry, old.length, out, at);
}

/** src[from, to) into dst at `at`; returns where it ended. A loop for the few bytes of a value (Buffer.copy's checks cost more). */
export function copyBytes(src: Uint8Array, from: number, to: number, dst: Uint8Array, at: number): number {
  if (to - from > 64) {
    dst.set(src.subarray(from, to), at);
    return at + to - from;
  }
  for (let i = from; i < to; i++) dst[at++] = src[i];
  return at;
}

let scratch = Buffer.allocUnsafe(1024);

function keyLength(id: number): number {
  let n = 1;
  for (; id > 0x7f; id >>>= 7) n++;
  return n;
}
