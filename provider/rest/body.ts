// Request bodies (spec.md#conventions: form-urlencoded, multipart/form-data for files). Files are
// streamed: a multipart body is written by hand around fs read streams (1 MiB reads), with its
// Content-Length known up front, so an upload of any size is one request with a length (spec.md#add-item
// spec.md#add-item-chunked limits only chunked transfer) and never a Buffer of the whole file. Fs streams, not
// fs.openAsBlob: a Blob stream costs about three times the CPU per byte (docs/dev/performance.md).
// The body is built anew for every attempt, so a retried upload reads the file again from disk.
import { randomBytes } from "node:crypto";
import { createReadStream, promises as fsp } from "node:fs";
import { basename } from "node:path";
import { Readable } from "node:stream";

/** A value of a request parameter; undefined and null are left out. */
export type ParamValue = string | number | boolean | Date | null | undefined | readonly unknown[] | Record<string, unknown>;
export type Params = Record<string, ParamValue>;

/** A file sent as one multipart part: a path on disk (streamed, whole or a byte range) or a Blob you already hold. */
export interface FilePart {
  /** Path of the file on disk; streamed with fs.createReadStream. */
  path?: string;
  /** First byte of the range of `path` to send (default 0). */
  start?: number;
  /** End of the range (exclusive; default the end of the file). */
  end?: number;
  /** An in-memory part (small payloads, tests). */
  blob?: Blob;
  /** File name sent in the part's Content-Disposition; default: the base name of `path`. */
  filename?: string;
  /** Content type of the part; default application/octet-stream. */
  contentType?: string;
  /** Called with the byte count of each chunk of `path` as it is streamed into the body (progress). */
  onRead?: (bytes: number) => void;
}

/**
 * One parameter as text (arcgis-rest-js habit): booleans and numbers as text, dates as epoch ms,
 * lists of plain values comma-joined (spec.md#item-fields tags), other objects and lists as JSON.
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

/** A multipart/form-data body with its length: `stream()` gives a fresh stream of it each time. */
export interface MultipartBody {
  contentType: string;
  length: number;
  stream: () => Readable;
}

/** Read size of file streams (fs default 64 KiB: 16× the syscalls and chunks for the same bytes). */
const READ_BYTES = 1024 * 1024;

/** WHATWG form-data name escaping (what undici and browsers send). */
const escapeName = (s: string) => s.replace(/\r\n|\r|\n/g, "%0D%0A").replace(/"/g, "%22");

type Piece = Buffer | { path: string; start: number; end: number; onRead?: (bytes: number) => void } | Blob;

/** A multipart body whose file parts stream from disk when it is sent; nothing is read here. */
export async function multipartBody(params: Params, files: Record<string, FilePart>): Promise<MultipartBody> {
  const boundary = `----pulumi-gis-portal-${randomBytes(12).toString("hex")}`;
  const pieces: Piece[] = [];
  let length = 0;
  const text = (s: string) => {
    const b = Buffer.from(s, "utf8");
    pieces.push(b);
    length += b.length;
  };
  for (const [k, v] of paramEntries(params)) text(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(k)}"\r\n\r\n${v.replace(/\r(?!\n)|(?<!\r)\n/g, "\r\n")}\r\n`);
  for (const [name, part] of Object.entries(files)) {
    const type = part.contentType ?? "application/octet-stream";
    const filename = part.filename ?? (part.path !== undefined ? basename(part.path) : name);
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(filename)}"\r\nContent-Type: ${type}\r\n\r\n`);
    if (part.blob !== undefined) {
      pieces.push(part.blob);
      length += part.blob.size;
    } else if (part.path !== undefined) {
      const size = (await fsp.stat(part.path)).size;
      const start = Math.min(part.start ?? 0, size);
      const end = Math.min(part.end ?? size, size);
      pieces.push({ path: part.path, start, end, onRead: part.onRead });
      length += Math.max(0, end - start);
    } else throw new TypeError(`file part "${name}" needs a path or a blob`);
    text("\r\n");
  }
  text(`--${boundary}--\r\n`);
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const p of pieces) {
      if (Buffer.isBuffer(p)) yield p;
      else if (p instanceof Blob) yield Buffer.from(await p.arrayBuffer());
      else if (p.end > p.start) {
        const chunks = createReadStream(p.path, { start: p.start, end: p.end - 1, highWaterMark: READ_BYTES });
        if (!p.onRead) yield* chunks;
        else
          for await (const chunk of chunks) {
            p.onRead((chunk as Buffer).length);
            yield chunk as Buffer;
          }
      }
    }
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, stream: () => Readable.from(bytes(), { objectMode: false }) };
}

/**
 * The file at `path` cut into parts of `partBytes` (the last one shorter), or of the sizes `partBytes`
 * gives for the file's size, each a byte range of the file: nothing is read until a part is sent
 * (multipart mode, spec.md#gap-multipart).
 */
export async function fileParts(path: string, partBytes: number | ((size: number) => readonly number[]), filename = basename(path)): Promise<FilePart[]> {
  const size = (await fsp.stat(path)).size;
  const parts: FilePart[] = [];
  if (typeof partBytes === "function") {
    let start = 0;
    for (const bytes of partBytes(size)) parts.push({ path, start, end: (start += bytes), filename });
    if (start !== size || parts.length === 0) throw new RangeError(`parts of ${start} bytes for a file of ${size}`);
    return parts;
  }
  if (!(partBytes > 0)) throw new RangeError("partBytes must be positive");
  for (let start = 0; start < size || parts.length === 0; start += partBytes) {
    parts.push({ path, start, end: Math.min(size, start + partBytes), filename });
  }
  return parts;
}
