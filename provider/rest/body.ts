// Request bodies (seed "Conventions": form-urlencoded, multipart/form-data for files). Files are
// streamed: a part is a Blob from fs.openAsBlob (read lazily, chunk by chunk, while the request is
// sent), never a Buffer of the whole file. A Blob can be sent again, so a retried upload reopens
// nothing and reads the file again from disk.
import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import type { FormData } from "undici";

/** A value of a request parameter; undefined and null are left out. */
export type ParamValue = string | number | boolean | Date | null | undefined | readonly unknown[] | Record<string, unknown>;
export type Params = Record<string, ParamValue>;

/** A file sent as one multipart part: a path on disk (streamed) or a Blob you already hold. */
export interface FilePart {
  /** Path of the file on disk; opened with fs.openAsBlob, streamed. */
  path?: string;
  /** An in-memory part (small payloads, tests). */
  blob?: Blob;
  /** File name sent in the part's Content-Disposition; default: the base name of `path`. */
  filename?: string;
  /** Content type of the part; default application/octet-stream. */
  contentType?: string;
}

/**
 * One parameter as text (arcgis-rest-js habit): booleans and numbers as text, dates as epoch ms,
 * lists of plain values comma-joined (seed 2.1 tags), other objects and lists as JSON.
 */
export function serializeParam(value: Exclude<ParamValue, null | undefined>): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return String(value.getTime());
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return value.join(",");
  return JSON.stringify(value);
}

/** The parameters as [name, text] pairs, skipping undefined and null. */
export function paramEntries(params: Params): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    out.push([k, serializeParam(v)]);
  }
  return out;
}

export function formUrlEncoded(params: Params): string {
  return new URLSearchParams(paramEntries(params)).toString();
}

/** A multipart body whose file parts stream from disk when undici sends it. */
export async function multipartBody(params: Params, files: Record<string, FilePart>): Promise<FormData> {
  const { FormData } = require("undici") as typeof import("undici"); // loaded on first upload
  const form = new FormData();
  for (const [k, v] of paramEntries(params)) form.append(k, v);
  for (const [name, part] of Object.entries(files)) {
    const type = part.contentType ?? "application/octet-stream";
    const blob = part.blob ?? (part.path !== undefined ? await openAsBlob(part.path, { type }) : undefined);
    if (blob === undefined) throw new TypeError(`file part "${name}" needs a path or a blob`);
    const filename = part.filename ?? (part.path !== undefined ? basename(part.path) : name);
    form.append(name, blob, filename);
  }
  return form;
}

/**
 * The file at `path` cut into parts of `partBytes` (the last one shorter), each a lazily read Blob
 * slice: nothing is read until a part is sent (multipart mode, spec-gaps.md "Add part").
 */
export async function fileParts(path: string, partBytes: number, filename = basename(path)): Promise<FilePart[]> {
  if (!(partBytes > 0)) throw new RangeError("partBytes must be positive");
  const blob = await openAsBlob(path);
  const parts: FilePart[] = [];
  for (let start = 0; start < blob.size || parts.length === 0; start += partBytes) {
    parts.push({ blob: blob.slice(start, Math.min(blob.size, start + partBytes)), filename });
  }
  return parts;
}
