// Unpacks a zip source to the job's work directory, entry by entry, streamed with yauzl.
import * as fs from "node:fs";
import * as path from "node:path";
import { pipeline } from "node:stream/promises";
import { SourceError } from "./source";

interface YauzlEntry {
  fileName: string;
}
interface YauzlZip {
  readEntry(): void;
  on(event: "entry", cb: (e: YauzlEntry) => void): void;
  on(event: "end" | "close", cb: () => void): void;
  on(event: "error", cb: (e: Error) => void): void;
  openReadStream(e: YauzlEntry, cb: (err: Error | null, s?: NodeJS.ReadableStream) => void): void;
  close(): void;
}
const yauzl = require("yauzl") as { open(file: string, opts: object, cb: (err: Error | null, zip?: YauzlZip) => void): void };

/** Returns the relative paths of the files written under `dir`. */
export function unzip(file: string, dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const fail = (e: Error) => reject(new SourceError(`the zip file is corrupt or unreadable: ${e.message}`));
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return fail(err ?? new Error("no zip"));
      const written: string[] = [];
      zip.on("error", fail);
      zip.on("end", () => resolve(written));
      zip.on("entry", (entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        const target = path.resolve(dir, entry.fileName);
        if (!target.startsWith(path.resolve(dir) + path.sep)) return fail(new Error(`entry ${entry.fileName} points outside the archive`));
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e ?? new Error("no stream"));
          fs.mkdirSync(path.dirname(target), { recursive: true });
          pipeline(stream, fs.createWriteStream(target))
            .then(() => {
              written.push(entry.fileName);
              zip.readEntry();
            })
            .catch(fail);
        });
      });
      zip.readEntry();
    });
  });
}
