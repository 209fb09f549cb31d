// The local source file of a LayerAppend: where it is, and its fingerprint (SHA-256 and size),
// which check puts into the inputs so that a changed file is a diff, hence a new append.
import { fileProblem, notAFile } from "../machinery/localFile";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { fileSha256 } from "../../fileHash";
import type { CheckFailure } from "../../rules/failures";

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

/** The fingerprint of `file`, or the check failure that says why it cannot be read. */
export async function fingerprint(file: string): Promise<FileFingerprint | CheckFailure> {
  const path = resolveSourceFile(file);
  try {
    const s = await stat(path);
    if (!s.isFile()) return { property: "file", reason: notAFile(path) };
    const { size, sha256 } = await fileSha256(path); // hash cache: an unchanged file is not read again
    return { fileSha256: sha256, fileSize: size };
  } catch (e) {
    return { property: "file", reason: fileProblem(path, e) };
  }
}
