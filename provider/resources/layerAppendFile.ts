// The local source file of a LayerAppend: where it is, and its fingerprint (SHA-256 and size),
// which check puts into the inputs so that a changed file is a diff, hence a new append.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { CheckFailure } from "../schemas/failures";

export interface FileFingerprint {
  fileSha256: string;
  fileSize: number;
}

/**
 * A relative path is taken from the current directory of the provider host, which the engine
 * starts in the program's directory: the same base as `pulumi up`.
 */
export function resolveSourceFile(file: string): string {
  return resolve(process.cwd(), file);
}

/** Hashes the file as a stream (never the whole file in memory). */
function sha256Of(path: string): Promise<string> {
  return new Promise((ok, fail) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("error", fail)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => ok(hash.digest("hex")));
  });
}

/** The fingerprint of `file`, or the check failure that says why it cannot be read. */
export async function fingerprint(file: string): Promise<FileFingerprint | CheckFailure> {
  const path = resolveSourceFile(file);
  try {
    const s = await stat(path);
    if (!s.isFile()) return { property: "file", reason: `${path} is not a regular file` };
    return { fileSha256: await sha256Of(path), fileSize: s.size };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "not readable" : String((e as Error).message);
    return { property: "file", reason: `${why}: ${path} (a relative path is taken from the program's directory)` };
  }
}
