// The emulator's one request reader: a request's parameters from the query string and the body
// (form-urlencoded, JSON or multipart with its files) and its token (form, query or header), read
// once per request by the one route registration (route.ts) for the sharing and the feature routes
// alike. Multipart files are streamed to the data dir, never held in memory; req.body is never
// rewritten. Booleans read as the public REST API documents them: `true` or `false`, any case.
import * as fs from "node:fs";
import * as path from "node:path";
import { randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { badRequest, EmulatorError } from "./errors";
import { CHUNKED_UPLOAD_MAX_BYTES } from "../spec/limits";

export interface UploadedFile {
  field: string;
  filename: string;
  path: string;
  size: number;
}

/** A request read once: its parameters as text, its uploaded files and the token it carries. */
export class Params {
  constructor(
    readonly fields: Record<string, string>,
    readonly files: Record<string, UploadedFile>,
    /** spec.md#gaps: the form's `token`, else the query's, else `Authorization` / `X-Esri-Authorization: Bearer`. */
    readonly token?: string,
  ) {}

  has(name: string): boolean {
    return this.fields[name] !== undefined && this.fields[name] !== "";
  }

  str(name: string): string | undefined {
    return this.fields[name];
  }

  required(name: string): string {
    return requiredText(this.fields[name], name);
  }

  bool(name: string, fallback = false): boolean {
    return readBool(this.fields, name, fallback);
  }

  int(name: string): number | undefined {
    const v = this.fields[name];
    if (v === undefined || v === "") return undefined;
    if (!/^-?\d+$/.test(v)) throw badRequest(`Parameter '${name}' must be an integer.`);
    return Number(v);
  }

  json(name: string): unknown {
    return readJson(this.fields, name);
  }

  /** A list: a JSON array of strings or a comma-separated list (readList). */
  list(name: string): string[] | undefined {
    return readList(this.fields[name], name);
  }

  /** spec.md#conventions: f is json or pjson. */
  format(): "json" | "pjson" {
    const f = this.fields.f ?? "json";
    if (f !== "json" && f !== "pjson") throw badRequest(`Unsupported format f=${JSON.stringify(f.slice(0, 20))}; use json or pjson.`);
    return f;
  }
}

/** A parameter's text that must be sent and not be empty; otherwise a 400 naming it. */
export function requiredText(value: string | undefined, name: string): string {
  if (value === undefined || value === "") throw badRequest(`Missing required parameter '${name}'.`);
  return value;
}

/** A boolean parameter: `true` or `false` in any case; absent or empty gives `fallback`; anything else is a 400. */
export function readBool(fields: Record<string, string>, name: string, fallback: boolean): boolean {
  const v = fields[name]?.trim().toLowerCase();
  if (v === undefined || v === "") return fallback;
  if (v === "true") return true;
  if (v === "false") return false;
  throw badRequest(`Parameter '${name}' must be true or false, not ${JSON.stringify(fields[name].slice(0, 40))}.`);
}

/**
 * How deep arrays and objects may nest in a JSON-valued parameter (issue 30). A value nested deeper
 * would be stored, and every later answer that renders it (the item, search, the owner's listing)
 * would overflow the stack; real item JSON (a web map's text, properties) nests a dozen levels.
 */
export const MAX_JSON_DEPTH = 100;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped); stops past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** JSON text of the parameter `name` parsed, nested at most MAX_JSON_DEPTH levels; otherwise a 400 naming the parameter and the limit. */
export function parseJsonParam(text: string, name: string): unknown {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(`Parameter '${name}' nests JSON arrays and objects more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH}.`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`Parameter '${name}' is not valid JSON: ${(e as Error).message}`);
  }
}

/** A JSON parameter; absent or blank gives undefined; text that does not parse, or nests too deeply, is a 400. */
export function readJson(fields: Record<string, string>, name: string): unknown {
  return readJsonText(fields[name], name);
}

/** The JSON text of the parameter `name` (readJson's rule on text already picked from the request). */
export function readJsonText(text: string | undefined, name: string): unknown {
  if (text === undefined || text.trim() === "") return undefined;
  return parseJsonParam(text, name);
}

/** spec.md#item-fields leaves list serialization open: a JSON array of strings or a comma-separated list (unconfirmed); absent gives undefined. */
export function readList(text: string | undefined, name: string): string[] | undefined {
  if (text === undefined) return undefined;
  if (text.trim().startsWith("[")) {
    const v = readJsonText(text, name);
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw badRequest(`'${name}' must be a JSON array of strings or a comma-separated list.`);
    return v as string[];
  }
  return text.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/** Every value as text: a list comma-joined (the REST API's list form), a multipart field by its value, an object as JSON. */
function flatten(source: unknown, into: Record<string, string>): void {
  if (!source || typeof source !== "object" || Buffer.isBuffer(source)) return;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) into[k] = v.map(String).join(",");
    else if (typeof v === "object" && "value" in v) into[k] = String((v as { value: unknown }).value);
    else into[k] = typeof v === "object" ? JSON.stringify(v) : String(v);
  }
}

/** Query string and body fields merged (the body wins), every value as text. */
export function fieldsOf(query: unknown, body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  flatten(query, fields);
  flatten(body, fields);
  return fields;
}

/** spec.md#add-item-chunked: uploads sent with chunked transfer encoding are limited to 50 MB. */
export function isChunked(req: FastifyRequest): boolean {
  return /chunked/i.test(String(req.headers["transfer-encoding"] ?? "")) && req.headers["content-length"] === undefined;
}

export const chunkedTooLarge = () =>
  // spec.md#add-item-chunked; the code is not shown: 400 without a message code (unconfirmed)
  new EmulatorError(400, `Uploads sent with chunked transfer encoding are limited to ${CHUNKED_UPLOAD_MAX_BYTES / 1024 / 1024} MB; send a Content-Length or use multipart mode.`);

/** The longest upload file name taken, in UTF-8 bytes (a file system's usual limit). */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * An upload's file name (issue 30): a name, not a path (no `/` or `\`: docs/dev/spec.md does not say a
 * portal cuts a path down to its last segment, so the emulator refuses rather than guesses), without
 * NUL or control characters, at most 255 UTF-8 bytes; otherwise a 400 that names the rule (never a
 * server path).
 */
export function uploadFileName(raw: string): string {
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw badRequest("The uploaded file's name contains a NUL or control character; rename the file.");
  if (/[/\\]/.test(raw)) throw badRequest("The uploaded file's name contains a path separator (/ or \\); send the file's name without its folder.");
  if (Buffer.byteLength(raw) > MAX_FILE_NAME_BYTES) throw badRequest(`The uploaded file's name has ${Buffer.byteLength(raw)} bytes; at most ${MAX_FILE_NAME_BYTES}.`);
  if (raw === "." || raw === "..") throw badRequest("The uploaded file's name is not a file name; rename the file.");
  return raw;
}

/** How a route reads its request: the sharing routes check f and refuse a text body; the feature routes (an ArcGIS server) do neither. */
export interface ReadRules {
  /** "checked": f must be json or pjson (spec.md#conventions); "any": f is passed to the handler as sent. */
  format: "checked" | "any";
  /** A body that is neither a form, JSON nor multipart (text/plain): refused with 400, or ignored. */
  text: "refused" | "ignored";
  /** "required": anything but multipart/form-data is a 400 (the feature side's uploads). */
  multipart: "read" | "required";
}

/** The token of a request: the form's (body) field, else the query's, else a Bearer header. */
function tokenOf(body: Record<string, string>, query: Record<string, string>, headers: FastifyRequest["headers"]): string | undefined {
  const header = String(headers["x-esri-authorization"] ?? headers.authorization ?? "");
  return body.token || query.token || /^Bearer\s+(\S+)$/i.exec(header)?.[1] || undefined;
}

/** The request read once: query and body fields (the body wins), files streamed to `uploadDir`, and the token. */
export async function readRequest(req: FastifyRequest, uploadDir: string, rules: ReadRules): Promise<Params> {
  const query: Record<string, string> = {};
  const body: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  flatten(req.query, query);
  const read = () => new Params({ ...query, ...body }, files, tokenOf(body, query, req.headers));
  if (!req.isMultipart()) {
    if (rules.multipart === "required") throw badRequest("Send the file as multipart/form-data.");
    if (typeof req.body === "string" && req.body.length > 0 && rules.text === "refused") throw badRequest("Unsupported request body; send form fields.");
    flatten(req.body, body);
    return read();
  }
  fs.mkdirSync(uploadDir, { recursive: true });
  const limits = isChunked(req) ? { fileSize: CHUNKED_UPLOAD_MAX_BYTES } : {};
  let current: string | undefined;
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === "field") {
        body[part.fieldname] = String(part.value);
        continue;
      }
      const file: UploadedFile = { field: part.fieldname, filename: uploadFileName(part.filename || part.fieldname), path: path.join(uploadDir, randomUUID()), size: 0 };
      current = file.path;
      await pipeline(part.file, fs.createWriteStream(file.path));
      current = undefined;
      file.size = (await fs.promises.stat(file.path)).size;
      // a field sent twice keeps the last file; the earlier one is not left on disk
      if (files[part.fieldname]) fs.rmSync(files[part.fieldname].path, { force: true });
      files[part.fieldname] = file;
    }
  } catch (e) {
    for (const p of [...Object.values(files).map((f) => f.path), current]) if (p) fs.rmSync(p, { force: true });
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw chunkedTooLarge();
    if (e instanceof EmulatorError) throw e;
    throw badRequest(`Malformed multipart body: ${(e as Error).message}`);
  }
  return read();
}
