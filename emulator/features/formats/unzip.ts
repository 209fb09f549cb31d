// Unpacks a zip source to the job's work directory, entry by entry, streamed with yauzl.
import * as fs from "node:fs";
import * as path from "node:path";
import { pipeline } from "node:stream/promises";
import { SourceError } from "./source";
import { openStoredZip, type StoredData } from "../../storedData";

/** Returns the relative paths of the files written under `dir`. */
export function unzip(data: StoredData, dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const fail = (e: Error) => reject(new SourceError(`the zip file is corrupt or unreadable: ${e.message}`));
    openStoredZip(data).then((zip) => {
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
    }, fail);
  });
}
