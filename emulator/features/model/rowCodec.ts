// A row of plain values as bytes (issue 13): JSON.stringify and JSON.parse were the largest part of
// a CSV append after parsing (2.3 µs of ~7.6 µs a row, most of it turning doubles into decimal text
// and back). Here numbers go as 8 raw bytes, strings as UTF-8 with a length, and each attribute
// name as a number from the row file's own dictionary. What comes back is what JSON would give:
// keys in order, a non-finite number as null, -0 as 0, an undefined value left out; a geometry other
// than a plain point goes as JSON text. Rows with objects among their attributes (a Buffer, a Date)
// are not for this codec (rowFile.ts serializes them with v8).
import type { Row } from "./types";

/** Buffer's own UTF-8 methods, without `write`/`toString`'s argument handling (a third of a short string's cost). */
type Utf8Buffer = Buffer & { utf8Write(s: string, offset: number): number; utf8Slice(start: number, end: number): string };

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
}

/** Encodes into a scratch buffer it grows as needed; `encode` returns the bytes written (valid until the next call). */
export class RowEncoder {
  private buf = Buffer.allocUnsafe(1024); // grows to the largest row written (one per row file)
  private at = 0;

  constructor(private readonly keys: KeyDictionary) {}

  /** `tag`: the first byte (the row file's format tag). */
  encode(tag: number, row: Row): Buffer {
    this.at = 0;
    this.room(1);
    this.buf[this.at++] = tag;
    const attributes = row.attributes;
    for (const name in attributes) {
      const v = attributes[name];
      if (v === undefined) continue;
      this.varint(this.keys.idOf(name));
      if (v === null) this.byte(NULL);
      else if (v === true) this.byte(TRUE);
      else if (v === false) this.byte(FALSE);
      else if (typeof v === "number") {
        if (Number.isFinite(v)) this.number(v);
        else this.byte(NULL);
      } else this.string(String(v));
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
    return this.buf.subarray(0, this.at);
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
    this.buf[this.at++] = STRING;
    const n = (this.buf as Utf8Buffer).utf8Write(s, this.at + 4);
    this.buf.writeUInt32LE(n, this.at);
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
    const s = (bytes as Utf8Buffer).utf8Slice(at, at + n);
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
