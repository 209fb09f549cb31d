// Issue 13: the hash cache that check (preview and update) and LayerAppend share: an unchanged file
// is hashed once, a changed one again; a file written within the settle time is not cached.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileSha256, hashStats } from "../../provider/fileHash";

describe("unit: file hash cache (issue 13)", () => {
  let dir: string;
  const saved = process.env.PORTAL_HASH_CACHE_DIR;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hash-cache-"));
    process.env.PORTAL_HASH_CACHE_DIR = path.join(dir, "cache");
  });
  after(() => {
    if (saved === undefined) delete process.env.PORTAL_HASH_CACHE_DIR;
    else process.env.PORTAL_HASH_CACHE_DIR = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const sha = (b: string) => createHash("sha256").update(b).digest("hex");
  const aged = (file: string, content: string) => {
    fs.writeFileSync(file, content);
    const t = new Date(Date.now() - 60_000 - Math.floor(Math.random() * 1000));
    fs.utimesSync(file, t, t);
  };

  it("an unchanged file is read once; a changed one (same size) is read again", async () => {
    const file = path.join(dir, "a.csv");
    aged(file, "id,name\n1,A\n");
    const r0 = hashStats.bytesRead;
    assert.deepEqual(await fileSha256(file), { size: 12, sha256: sha("id,name\n1,A\n") });
    assert.equal(hashStats.bytesRead - r0, 12);
    assert.deepEqual(await fileSha256(file), { size: 12, sha256: sha("id,name\n1,A\n") });
    assert.equal(hashStats.bytesRead - r0, 12, "the second hash comes from the cache");
    aged(file, "id,name\n1,B\n");
    assert.deepEqual(await fileSha256(file), { size: 12, sha256: sha("id,name\n1,B\n") });
    assert.equal(hashStats.bytesRead - r0, 24);
  });

  it("a file written just now is hashed each time (it may still change within the clock's resolution)", async () => {
    const file = path.join(dir, "b.csv");
    fs.writeFileSync(file, "x");
    const r0 = hashStats.bytesRead;
    await fileSha256(file);
    await fileSha256(file);
    assert.equal(hashStats.bytesRead - r0, 2);
  });

  it("an unreadable cache entry is ignored", async () => {
    const file = path.join(dir, "c.csv");
    aged(file, "abc");
    await fileSha256(file);
    for (const f of fs.readdirSync(process.env.PORTAL_HASH_CACHE_DIR!)) fs.writeFileSync(path.join(process.env.PORTAL_HASH_CACHE_DIR!, f), "{not json");
    assert.equal((await fileSha256(file)).sha256, sha("abc"));
  });
});
