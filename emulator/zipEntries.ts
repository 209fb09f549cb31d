// Reading a zip's entries with promises (yauzl, lazy entries). Every yauzl callback only settles a
// promise; the work on an entry (making folders, writing the file) runs after an await. An exception
// raised there is a rejection of the caller's promise, answered like any other error of the route,
// never one thrown inside yauzl's callback, which would end the emulator's process for everyone.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as yauzl from "yauzl";

/** The archive itself cannot be read: a corrupt or lying directory, header or entry data. */
export class ZipReadError extends Error {
  constructor(cause: unknown) {
    super((cause as Error)?.message ?? String(cause));
    this.name = "ZipReadError";
  }
}

/**
 * Calls `visit` for each entry, one after the other (the next entry is read when the visit's promise
 * settles). Resolves after the last entry; rejects with ZipReadError when the archive breaks, or with
 * what the visit threw or rejected with. The archive is closed either way.
 */
export function eachZipEntry(zip: yauzl.ZipFile, visit: (entry: yauzl.Entry) => Promise<void> | void): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      zip.removeListener("entry", onEntry);
      zip.close();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onEntry = (entry: yauzl.Entry) => {
      Promise.resolve()
        .then(() => visit(entry))
        .then(() => {
          if (!settled) zip.readEntry();
        })
        .catch((e: unknown) => finish(e ?? new Error("an entry's visit failed")));
    };
    // stays attached after the end: an error the reader emits later has a listener
    zip.on("error", (e: unknown) => finish(new ZipReadError(e)));
    zip.once("end", () => finish());
    zip.on("entry", onEntry);
    try {
      zip.readEntry();
    } catch (e) {
      finish(new ZipReadError(e));
    }
  });
}

/** The entry's (inflated) bytes; ZipReadError when its local header or data does not agree with the archive. */
export function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    try {
      zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(new ZipReadError(err ?? "no stream")) : resolve(stream)));
    } catch (e) {
      reject(new ZipReadError(e));
    }
  });
}

/**
 * Filesystem refusals that come from the entry's name, not from the machine: a name that cannot be
 * a path (a NUL byte, a segment too long), or a file and a folder of the same name in one archive.
 */
const NAME_REFUSALS = new Set(["ENOTDIR", "EISDIR", "EEXIST", "ENAMETOOLONG", "EINVAL", "ERR_INVALID_ARG_VALUE", "ERR_INVALID_ARG_TYPE"]);

/**
 * Writes the entry to `target` (its folders made first). "skipped" when the entry's name cannot be a
 * file there (see NAME_REFUSALS); ZipReadError when the archive's bytes are broken; any other failure
 * (the disk) rejects as it is.
 */
export async function writeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, target: string): Promise<"written" | "skipped"> {
  if (target.includes("\0")) return "skipped";
  try {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
  } catch (e) {
    if (NAME_REFUSALS.has((e as NodeJS.ErrnoException).code ?? "")) return "skipped";
    throw e;
  }
  const stream = await openEntry(zip, entry);
  let out: fs.WriteStream;
  try {
    out = fs.createWriteStream(target);
  } catch (e) {
    // the entry's stream is open: closed here, so no read of a file the failed request then removes
    // surfaces later as an error no request owns
    stream.on("error", () => undefined);
    stream.destroy();
    throw e;
  }
  // which side failed first: the pipeline then destroys the other with the same error
  let failed: "entry" | "file" | undefined;
  stream.once("error", () => (failed ??= "entry"));
  out.once("error", () => (failed ??= "file"));
  try {
    await pipeline(stream, out);
    return "written";
  } catch (e) {
    if (failed !== "file") throw new ZipReadError(e);
    if (NAME_REFUSALS.has((e as NodeJS.ErrnoException).code ?? "")) return "skipped";
    throw e;
  }
}
