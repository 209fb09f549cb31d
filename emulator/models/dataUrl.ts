// spec.md#item-fields dataUrl: download the file of an async add. When the source supports byte ranges and
// the content exceeds 500 kb, parts are fetched by parallel range requests into part files, which in
// order are the item's data (content.ts storeParts: never merged, never whole in memory); a failed
// part is retried once, then the download fails. All parts arrive before the caller creates the item.
import * as fs from "node:fs";
import * as path from "node:path";
import { pipeline } from "node:stream/promises";
import { request } from "undici";
import { DATA_URL } from "../../spec/limits";

/** Parts in flight at once, and the size of a part (guesses: docs/dev/spec.md gives neither). */
export const DOWNLOAD = { parallel: 4, minPartBytes: 1024 * 1024, maxParts: 16 } as const;

export interface DownloadReport {
  ranged: boolean;
  parts: number;
  size: number;
  /** The downloaded files under the work folder, in order. */
  files: string[];
}

interface Probe {
  size?: number;
  ranges: boolean;
}

async function probe(url: string): Promise<Probe> {
  const res = await request(url, { method: "HEAD", headersTimeout: 30_000 });
  await res.body.dump();
  if (res.statusCode >= 400) throw new Error(`the source answered HTTP ${res.statusCode}`);
  const length = Number(res.headers["content-length"]);
  return { size: Number.isFinite(length) ? length : undefined, ranges: String(res.headers["accept-ranges"] ?? "").includes("bytes") };
}

async function fetchTo(url: string, target: string, range?: [number, number]): Promise<void> {
  const headers = range ? { range: `bytes=${range[0]}-${range[1]}` } : undefined;
  const res = await request(url, { method: "GET", headers, headersTimeout: 30_000, bodyTimeout: 60_000 });
  const expected = range ? 206 : 200;
  if (res.statusCode !== expected) {
    await res.body.dump();
    throw new Error(`HTTP ${res.statusCode}`);
  }
  await pipeline(res.body, fs.createWriteStream(target));
  if (range) {
    const got = (await fs.promises.stat(target)).size;
    if (got !== range[1] - range[0] + 1) throw new Error(`short part: ${got} of ${range[1] - range[0] + 1} bytes`);
  }
}

/** spec.md#item-fields: one retry per part, then the item fails. */
async function fetchPart(url: string, target: string, range: [number, number], n: number): Promise<void> {
  let last: unknown;
  for (let attempt = 0; attempt <= DATA_URL.retriesPerPart; attempt++) {
    try {
      return await fetchTo(url, target, range);
    } catch (e) {
      last = e;
    }
  }
  throw new Error(`Download of part ${n} (bytes ${range[0]}-${range[1]}) failed after ${DATA_URL.retriesPerPart + 1} attempts: ${(last as Error).message}`);
}

function partRanges(size: number): Array<[number, number]> {
  const partSize = Math.max(DOWNLOAD.minPartBytes, Math.ceil(size / DOWNLOAD.maxParts));
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < size; start += partSize) ranges.push([start, Math.min(size, start + partSize) - 1]);
  return ranges;
}

/** Downloads into `workDir` (removed again when the download fails). */
export async function downloadDataUrl(url: string, workDir: string): Promise<DownloadReport> {
  let info: Probe;
  try {
    info = await probe(url);
  } catch (e) {
    throw new Error(`Unable to download dataUrl: ${(e as Error).message}`);
  }
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  if (!info.ranges || info.size === undefined || info.size <= DATA_URL.rangeThresholdBytes) {
    const target = path.join(workDir, "1");
    await fetchTo(url, target).catch((e) => {
      fs.rmSync(workDir, { recursive: true, force: true });
      throw new Error(`Unable to download dataUrl: ${(e as Error).message}`);
    });
    return { ranged: false, parts: 1, size: (await fs.promises.stat(target)).size, files: ["1"] };
  }
  const ranges = partRanges(info.size);
  const files = ranges.map((_, i) => path.join(workDir, String(i + 1)));
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < ranges.length && !failed) {
      const i = next++;
      await fetchPart(url, files[i], ranges[i], i + 1).catch((e) => {
        failed = true;
        throw e;
      });
    }
  };
  try {
    const settled = await Promise.allSettled(Array.from({ length: Math.min(DOWNLOAD.parallel, ranges.length) }, worker));
    const rejected = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (rejected) throw rejected.reason;
  } catch (e) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw e;
  }
  return { ranged: true, parts: ranges.length, size: info.size, files: files.map((f) => path.basename(f)) };
}
