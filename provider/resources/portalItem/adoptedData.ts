// `adoptedData` (written by `pulumi-gis-portal export`): the item's `modified` when it was exported
// and the SHA-256 of its text as the program declares it. The adopt takes the portal's text to equal
// the program's, without reading it, when neither side changed since: the item's `modified` (from
// the item read the adopt makes anyway, answered by its owner's folder listing) is the recorded one,
// so the portal's data is the data export read (REST "Update Item" is what changes an item's text,
// and it moves `modified`), and the declared text hashes to the recorded hash, so the program's text
// is the one export wrote. Anything else reads and compares as before.
import { createHash } from "node:crypto";
import type { PortalItem } from "../../ops/items";
import { isUnknown } from "../../rules/unknown";
import { textCarriesSecret } from "./secretText";

/** What export records: the item's `modified` (epoch ms) and the SHA-256 of its declared text. */
export interface AdoptedData {
  modified: number;
  sha256: string;
}

/** A JSON value's text with every object's keys sorted: the engine hands a program's object over with its keys in another order. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : sortedJson(x))).join(",")}]`;
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${sortedJson(x)}`).join(",")}}`;
}

/** Item text in one form: JSON (given as a value or as its text) with sorted keys, other text as it is. */
function canonicalText(text: unknown): string {
  if (typeof text !== "string") return sortedJson(text);
  try {
    return sortedJson(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The SHA-256 (hex) of item text as a program declares it (an object, or its text). */
export function declaredTextSha256(text: unknown): string {
  return createHash("sha256").update(canonicalText(text), "utf8").digest("hex");
}

/**
 * The record export writes for an item whose text it writes; none when `modified` is not a number, or
 * when the text carries a credential (a hash of a document whose other parts are known would let a
 * short password be guessed offline).
 */
export function adoptedDataRecord(modified: unknown, text: unknown): AdoptedData | undefined {
  if (typeof modified !== "number" || !Number.isFinite(modified) || text === undefined || textCarriesSecret(text)) return undefined;
  return { modified, sha256: declaredTextSha256(text) };
}

/** True when the portal's text is known to equal the declared `text` without reading it (see above). */
export function textUnchangedSinceExport(item: PortalItem, text: unknown, record: unknown): boolean {
  if (record === undefined || record === null || typeof record !== "object" || text === undefined || isUnknown(text)) return false;
  const r = record as Partial<AdoptedData>;
  if (typeof r.modified !== "number" || typeof r.sha256 !== "string") return false;
  return item.modified === r.modified && declaredTextSha256(text) === r.sha256;
}
