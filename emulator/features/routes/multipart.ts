// Reads a multipart body through the emulator's one request reader (emulator/params.ts): file parts
// streamed to disk (removed again when the body breaks off; chunked uploads capped at 50 MB,
// spec.md#add-item-chunked), the other parts as fields. The fields become req.body so the host finds a `token`
// sent in the form. One file is kept: the last file part.
import * as fs from "node:fs";
import type { FastifyRequest } from "fastify";
import { badRequest } from "../../errors";
import { readParams } from "../../params";

export interface MultipartBody {
  fields: Record<string, string>;
  file?: { filename: string; path: string };
}

export async function readMultipart(req: FastifyRequest, tmpDir: string): Promise<MultipartBody> {
  if (!req.isMultipart()) throw badRequest("Send the file as multipart/form-data.");
  fs.mkdirSync(tmpDir, { recursive: true });
  const { fields, files } = await readParams(req, tmpDir);
  const all = Object.values(files);
  for (const extra of all.slice(0, -1)) fs.rmSync(extra.path, { force: true });
  const last = all.at(-1);
  (req as { body: unknown }).body = fields;
  return { fields, file: last && { filename: last.filename, path: last.path } };
}
