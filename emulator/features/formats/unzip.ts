// Unpacks a zip source to the job's work directory, entry by entry, streamed with yauzl
// (emulator/zipEntries.ts: an exception while an entry is written fails the job, not the process).
import * as path from "node:path";
import { SourceError } from "./source";
import { openStoredZip, type StoredData } from "../../storedData";
import { eachZipEntry, writeEntry } from "../../zipEntries";

/** Returns the relative paths of the files written under `dir`. */
export async function unzip(data: StoredData, dir: string): Promise<string[]> {
  const written: string[] = [];
  try {
    const zip = await openStoredZip(data);
    await eachZipEntry(zip, async (entry) => {
      if (entry.fileName.endsWith("/")) return;
      const target = path.resolve(dir, entry.fileName);
      if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`entry ${entry.fileName} points outside the archive`);
      if ((await writeEntry(zip, entry, target)) === "skipped") throw new Error(`entry ${JSON.stringify(entry.fileName)} cannot be a file here (a folder of the same name, or a name that is not a path)`);
      written.push(entry.fileName);
    });
  } catch (e) {
    throw new SourceError(`the zip file is corrupt or unreadable: ${(e as Error).message}`);
  }
  return written;
}
