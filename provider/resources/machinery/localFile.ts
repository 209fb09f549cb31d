// One wording for a local file a resource cannot use, whichever resource names it (issue 29 scope 6:
// PortalItem `file`/`metadata`/thumbnails and LayerAppend `file` said it differently).
import { constants, promises as fsp } from "node:fs";
import * as path from "node:path";
import { fileSha256 } from "../../fileHash";
import type { CheckFailure } from "../../rules/failures";

const WHERE = "a relative path is taken from the program's directory";

/** `no such file: /abs/parcels.zip (a relative path is taken from the program's directory)`. */
export function fileProblem(file: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "not readable" : code === "EISDIR" ? "a directory, not a file" : `cannot be read (${code ?? String((e as Error)?.message ?? e)})`;
  return `${why}: ${path.resolve(file)} (${WHERE})`;
}

/** The path is there but is no regular file (a directory, a socket …). */
export function notAFile(file: string): string {
  return `not a regular file: ${path.resolve(file)} (${WHERE})`;
}

/** Whether the file starts with XML (a declaration or an element, after a BOM and blanks). */
async function startsWithXml(path: string): Promise<boolean> {
  const handle = await fsp.open(path, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return /^\uFEFF?\s*</.test(buffer.subarray(0, bytesRead).toString("utf8"));
  } finally {
    await handle.close();
  }
}

/**
 * A local file's size and SHA-256 (streamed, or from the hash cache when unchanged) under the keys
 * its table row names; a failure names the argument (`file`, `metadata`) and the path.
 */
export async function fileFacts(path: string, property = "file", keys: { size: string; sha256: string; xml?: true }): Promise<Record<string, unknown> | CheckFailure> {
  try {
    await fsp.access(path, constants.R_OK);
    const stat = await fsp.stat(path);
    if (!stat.isFile()) return { property, reason: notAFile(path) };
    if (keys.xml && !(await startsWithXml(path))) return { property, reason: `${JSON.stringify(path)} is not XML (it must start with an XML declaration or element)` };
    const { size, sha256 } = await fileSha256(path);
    return { [keys.size]: size, [keys.sha256]: sha256 };
  } catch (e) {
    return { property, reason: fileProblem(path, e) };
  }
}
