// Streams files one after another into a target file (merges on disk, never whole in memory).
import * as fs from "node:fs";
import { once } from "node:events";

export async function concatFiles(sources: string[], target: string): Promise<void> {
  const out = fs.createWriteStream(target);
  try {
    for (const source of sources) {
      for await (const chunk of fs.createReadStream(source)) {
        if (!out.write(chunk)) await once(out, "drain");
      }
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}
