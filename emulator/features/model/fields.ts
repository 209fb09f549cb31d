// spec.md#layer-append-metadata: source and destination field types need not be equal if values convert. Each
// function turns a source value into the destination's stored value or throws a FieldValueError.
import type { FieldDef, FieldType } from "./types";

export class FieldValueError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

const INT_RANGES: Partial<Record<FieldType, [number, number]>> = {
  esriFieldTypeSmallInteger: [-32768, 32767],
  esriFieldTypeInteger: [-2147483648, 2147483647],
  esriFieldTypeOID: [1, 2147483647],
};

const GUID_RE = /^\{?([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\}?$/;

/** spec.md#layer-append-metadata: which source types a destination accepts, when the source declares types. */
const ACCEPTS: Partial<Record<FieldType, readonly FieldType[]>> = {
  esriFieldTypeGlobalID: ["esriFieldTypeGlobalID", "esriFieldTypeGUID", "esriFieldTypeString"],
  esriFieldTypeOID: ["esriFieldTypeOID", "esriFieldTypeSmallInteger", "esriFieldTypeInteger"],
};

export function sourceTypeAccepted(dest: FieldType, source: FieldType | undefined): boolean {
  const allowed = ACCEPTS[dest];
  return source === undefined || allowed === undefined || allowed.includes(source);
}

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === "";
}

/** A GUID in the platform's braced upper-case form. */
export function normalizeGuid(v: unknown): string | undefined {
  const m = typeof v === "string" ? GUID_RE.exec(v.trim()) : null;
  return m ? `{${m[1].toUpperCase()}}` : undefined;
}

/** Random bytes for 256 GUIDs at a time, and the text of one being made. */
const guidPool = Buffer.allocUnsafe(16 * 256);
let guidAt = guidPool.length;
const guidText = Buffer.from("{00000000-0000-4000-8000-000000000000}", "latin1");
/** Where each random byte's two hex digits go in guidText. */
const GUID_DIGITS = [1, 3, 5, 7, 10, 12, 15, 17, 20, 22, 25, 27, 29, 31, 33, 35];
const HEX = Buffer.from("0123456789ABCDEF", "latin1");

/**
 * A random (version 4) GUID in the platform's braced upper-case form, as
 * `{${crypto.randomUUID().toUpperCase()}}` makes it, without its three strings (a CSV append makes
 * one a row: issue 28).
 */
export function newGuid(): string {
  if (guidAt === guidPool.length) {
    crypto.getRandomValues(guidPool);
    guidAt = 0;
  }
  for (let i = 0; i < 16; i++) {
    let b = guidPool[guidAt + i];
    if (i === 6) b = (b & 0x0f) | 0x40; // version 4
    else if (i === 8) b = (b & 0x3f) | 0x80; // RFC 4122 variant
    const at = GUID_DIGITS[i];
    guidText[at] = HEX[b >> 4];
    guidText[at + 1] = HEX[b & 0x0f];
  }
  guidAt += 16;
  return guidText.toString("latin1", 0, 38);
}

/** Converts one value; `parseDate` handles text dates (time zone of appendSourceInfo). */
export function convertValue(field: FieldDef, v: unknown, parseDate: (text: string) => number = Date.parse): unknown {
  if (isEmpty(v)) return null;
  const bad = (what: string) => new FieldValueError(field.name, `field '${field.name}': ${JSON.stringify(shorten(v))} is not ${what}`);
  switch (field.type) {
    case "esriFieldTypeString": {
      const s = v instanceof Date ? v.toISOString() : typeof v === "object" ? JSON.stringify(v) : String(v);
      if (field.length !== undefined && s.length > field.length) throw new FieldValueError(field.name, `field '${field.name}': ${s.length} characters; at most ${field.length}`);
      return s;
    }
    case "esriFieldTypeSmallInteger":
    case "esriFieldTypeInteger":
    case "esriFieldTypeOID": {
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      const [lo, hi] = INT_RANGES[field.type]!;
      if (!Number.isInteger(n) || n < lo || n > hi) throw bad(`an integer between ${lo} and ${hi}`);
      return n;
    }
    case "esriFieldTypeDouble":
    case "esriFieldTypeSingle": {
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw bad("a number");
      return n;
    }
    case "esriFieldTypeDate": {
      const n = v instanceof Date ? v.getTime() : typeof v === "number" ? v : /^-?\d+$/.test(String(v)) ? Number(v) : parseDate(String(v));
      if (!Number.isFinite(n)) throw bad("a date");
      return n;
    }
    case "esriFieldTypeGUID":
    case "esriFieldTypeGlobalID": {
      const g = normalizeGuid(v);
      if (!g) throw bad("a GUID");
      return g;
    }
    case "esriFieldTypeBlob": {
      // Stored as base64 text; a source gives bytes (sqlite, GeoPackage) or base64 text (JSON, CSV).
      if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
      if (typeof v === "string" && /^[A-Za-z0-9+/=\s]*$/.test(v)) return v.replace(/\s/g, "");
      throw bad("base64 blob data");
    }
  }
}

function shorten(v: unknown): unknown {
  return typeof v === "string" && v.length > 40 ? `${v.slice(0, 40)}…` : v;
}
