// `adoptedData` (written by `pulumi-gis-portal export`): the item's `modified` when it was exported
// and the SHA-256 of its data as the program declares it (its text, or the bytes of its file). The
// adopt takes the portal's data to equal the program's, without reading it, when neither side
// changed since: the item's `modified` (from the item read the adopt makes anyway, answered by its
// owner's folder listing) is the recorded one, so the portal's data is the data export read (REST
// "Update Item" is what changes an item's text or file, and it moves `modified`), and the declared
// data hashes to the recorded hash, so the program's is the one export wrote. Anything else reads
// and compares as before.
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

const epochMs = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The record export writes for an item whose text it writes; none when `modified` is not a number, or
 * when the text carries a credential (a hash of a document whose other parts are known would let a
 * short password be guessed offline).
 */
export function adoptedDataRecord(modified: unknown, text: unknown): AdoptedData | undefined {
  if (!epochMs(modified) || text === undefined || textCarriesSecret(text)) return undefined;
  return { modified, sha256: declaredTextSha256(text) };
}

/** The record export writes for an item whose file it downloads: the SHA-256 of the bytes it saved. */
export function adoptedFileRecord(modified: unknown, sha256: unknown): AdoptedData | undefined {
  return epochMs(modified) && typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256) ? { modified, sha256 } : undefined;
}

/** True when the item is as export found it and the declared data hashes to what export recorded. */
function unchangedSinceExport(item: PortalItem, declaredSha256: string, record: unknown): boolean {
  if (record === undefined || record === null || typeof record !== "object") return false;
  const r = record as Partial<AdoptedData>;
  return epochMs(r.modified) && typeof r.sha256 === "string" && item.modified === r.modified && declaredSha256 === r.sha256;
}

/** True when the portal's text is known to equal the declared `text` without reading it (see above). */
export function textUnchangedSinceExport(item: PortalItem, text: unknown, record: unknown): boolean {
  return text !== undefined && !isUnknown(text) && unchangedSinceExport(item, declaredTextSha256(text), record);
}

/** True when the portal's file is known to be the declared file (its SHA-256, computed at check) without reading it. */
export function fileUnchangedSinceExport(item: PortalItem, fileSha256: unknown, record: unknown): boolean {
  return typeof fileSha256 === "string" && !isUnknown(fileSha256) && unchangedSinceExport(item, fileSha256, record);
}
