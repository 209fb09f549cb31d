// The SHA-256 of a local file, read at most once per change (issue 13): a small cache, one JSON
// file per path under .pulumi-gis-portal/hashes/ in the project directory (PORTAL_HASH_CACHE_DIR
// overrides), keyed by the absolute path and checked against size, mtime, ctime and inode. The
// preview and the update of one `pulumi up` run in separate provider processes; with the cache the
// file is hashed by the first, and read again only by the upload. A file whose mtime is within the
// last two seconds is not cached (it may still be written within the clock's resolution).
import { createHash } from "node:crypto";
import { createReadStream, promises as fsp, type BigIntStats } from "node:fs";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";

interface Entry {
  path: string;
  size: string;
  mtimeNs: string;
  ctimeNs: string;
  ino: string;
  sha256: string;
}

/** Settle time: a file modified this recently is hashed but its hash is not kept. */
const SETTLE_NS = 2_000_000_000n;

export function hashCacheDir(): string {
  return process.env.PORTAL_HASH_CACHE_DIR ?? join(process.cwd(), ".pulumi-gis-portal", "hashes");
}

/** The SHA-256 of a string, as 64 hex digits. */
export const sha256Hex = (s: string): string => createHash("sha256").update(s).digest("hex");
const cacheFileOf = (path: string) => join(hashCacheDir(), `${sha256Hex(path).slice(0, 32)}.json`);
const stamp = (path: string, s: BigIntStats) => ({ path, size: String(s.size), mtimeNs: String(s.mtimeNs), ctimeNs: String(s.ctimeNs), ino: String(s.ino) });

/** Bytes hashed by this process (tests and the bench count reads with it). */
export const hashStats = { bytesRead: 0 };

/** Streams the file through SHA-256 (1 MiB reads; never the whole file in memory). */
async function hashFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024 });
  stream.on("data", (c) => (hashStats.bytesRead += c.length));
  await pipeline(stream, hash);
  return hash.digest("hex");
}

/**
 * The file's size and SHA-256; from the cache when the file is unchanged since it was hashed.
 * Throws the fs error of an unreadable path; a cache that cannot be read or written is ignored.
 */
export async function fileSha256(file: string): Promise<{ size: number; sha256: string }> {
  const path = resolve(file);
  const before = await fsp.stat(path, { bigint: true });
  const key = stamp(path, before);
  const cacheFile = cacheFileOf(path);
  try {
    const e = JSON.parse(await fsp.readFile(cacheFile, "utf8")) as Entry;
    if (e.path === key.path && e.size === key.size && e.mtimeNs === key.mtimeNs && e.ctimeNs === key.ctimeNs && e.ino === key.ino && /^[0-9a-f]{64}$/.test(e.sha256)) {
      return { size: Number(before.size), sha256: e.sha256 };
    }
  } catch {
    // no entry yet, or an unreadable one: hash
  }
  const digest = await hashFile(path);
  const after = await fsp.stat(path, { bigint: true });
  const settled = BigInt(Date.now()) * 1_000_000n - after.mtimeNs > SETTLE_NS;
  const unchanged = JSON.stringify(stamp(path, after)) === JSON.stringify(key);
  if (settled && unchanged) {
    const entry: Entry = { ...key, sha256: digest };
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    await fsp
      .mkdir(hashCacheDir(), { recursive: true })
      .then(() => fsp.writeFile(tmp, JSON.stringify(entry)))
      .then(() => fsp.rename(tmp, cacheFile))
      .catch(() => undefined);
  }
  return { size: Number(after.size), sha256: digest };
}
