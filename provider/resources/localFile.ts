// One wording for a local file a resource cannot use, whichever resource names it (issue 29 scope 6:
// PortalItem `file`/`metadata`/thumbnails and LayerAppend `file` said it differently).
import * as path from "node:path";

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
