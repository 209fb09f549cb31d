// Reads a multipart body: the file part streamed to disk, the other parts as fields. The fields
// become req.body so the host finds a `token` sent in the form.
import * as fs from "node:fs";
import * as path from "node:path";
import { randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { badRequest } from "../../errors";

export interface MultipartBody {
  fields: Record<string, string>;
  file?: { filename: string; path: string };
}

type Part = { type: "file"; fieldname: string; filename: string; file: NodeJS.ReadableStream } | { type: "field"; fieldname: string; value: unknown };

export async function readMultipart(req: FastifyRequest, tmpDir: string): Promise<MultipartBody> {
  const r = req as FastifyRequest & { isMultipart?: () => boolean; parts?: () => AsyncIterable<Part> };
  if (!r.isMultipart?.() || !r.parts) throw badRequest("Send the file as multipart/form-data.");
  fs.mkdirSync(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: MultipartBody["file"];
  for await (const part of r.parts()) {
    if (part.type === "file") {
      const target = path.join(tmpDir, `incoming-${randomUUID()}`);
      await pipeline(part.file, fs.createWriteStream(target));
      if (file) fs.rmSync(file.path, { force: true });
      file = { filename: part.filename, path: target };
    } else fields[part.fieldname] = String(part.value ?? "");
  }
  (req as { body: unknown }).body = fields;
  return { fields, file };
}
