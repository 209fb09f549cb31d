// The provider process loads the ResourceProviders from one bundle through V8's code cache
// (provider/served.ts, scripts/build-provider-bundle.js). Each case runs in a fresh Node process, as
// the provider host does: the bundle serves every kind with the methods the modules have and answers
// a check as they do; the first process writes the cache, the next one uses it; a damaged or cut
// cache is not used (V8 would crash on it) and is written again; PORTAL_CODE_CACHE=off writes none.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..", "..");
const SERVED = path.join(ROOT, "dist", "provider", "served.js");

/** Loads dist/provider/served.js in a fresh process; answers what it loaded and one check's result. */
function load(env: Record<string, string>): { loadedFrom: { bundle: boolean; cacheUsed: boolean; cacheWritten: boolean; cacheFile?: string }; kinds: Record<string, string[]>; check: unknown; modules: string[] } {
  const script = `
    const served = require(${JSON.stringify(SERVED)});
    const kinds = Object.fromEntries(Object.entries(served.resourceProviders).map(([k, p]) => [k, Object.keys(p).filter((m) => typeof p[m] === "function").sort()]));
    const modules = Object.keys(require.cache).filter((f) => f.includes("/dist/provider/")).map((f) => f.split("/").pop()).sort();
    served.resourceProviders.itemStatus.check({}, { itemId: "not an id", status: "sideways" }).then((check) => {
      // the cache is written just after the first call settles
      setTimeout(() => console.log(JSON.stringify({ loadedFrom: served.loadedFrom, kinds, check, modules })), 50);
    });`;
  const out = execFileSync(process.execPath, ["-e", script], { cwd: os.tmpdir(), encoding: "utf8", env: { ...process.env, ...env } });
  return JSON.parse(out.trim().split("\n").pop()!);
}

describe("provider process: one bundle through a code cache", function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    if (!fs.existsSync(path.join(ROOT, "dist", "provider", "served.bundle.js"))) throw new Error("build first (npm run build): dist/provider/served.bundle.js is missing");
  });
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-v8-cache-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("serves every kind with the modules' methods, and checks as they do", async () => {
    const bundled = load({ PORTAL_CODE_CACHE_DIR: dir });
    assert.equal(bundled.loadedFrom.bundle, true);
    assert.deepEqual(bundled.modules, ["served.js"], "only served.js of dist/provider is loaded as a module; the rest is in the bundle");
    const { resourceProviders } = require("../../../provider/resources") as typeof import("../../../provider/resources");
    const modules = Object.fromEntries(Object.entries(resourceProviders).map(([k, p]) => [k, Object.keys(p).filter((m) => typeof (p as any)[m] === "function").sort()]));
    assert.deepEqual(bundled.kinds, modules);
    const check = await resourceProviders.itemStatus.check!({}, { itemId: "not an id", status: "sideways" });
    assert.ok((check.failures ?? []).length > 0, "the check must refuse these inputs");
    assert.deepEqual(bundled.check, JSON.parse(JSON.stringify(check)));
  });

  it("writes the cache once, and the next process compiles from it", () => {
    const first = load({ PORTAL_CODE_CACHE_DIR: dir });
    assert.deepEqual([first.loadedFrom.cacheUsed, first.loadedFrom.cacheWritten], [false, true]);
    assert.deepEqual(fs.readdirSync(dir), [path.basename(first.loadedFrom.cacheFile!)], "one file, no temporary left");
    assert.equal(fs.statSync(first.loadedFrom.cacheFile!).mode & 0o077, 0, "readable by its user only");
    const second = load({ PORTAL_CODE_CACHE_DIR: dir });
    assert.deepEqual([second.loadedFrom.cacheUsed, second.loadedFrom.cacheWritten], [true, false]);
    // the caches of other builds: the newest are kept beside this one, the rest removed when it is written
    fs.rmSync(first.loadedFrom.cacheFile!);
    const others = ["0a", "0b", "0c", "0d", "0e"].map((k, i) => {
      const f = path.join(dir, `served-${k}.bin`);
      fs.writeFileSync(f, "x");
      fs.utimesSync(f, 1000 + i, 1000 + i);
      return path.basename(f);
    });
    load({ PORTAL_CODE_CACHE_DIR: dir });
    assert.deepEqual(fs.readdirSync(dir).sort(), [...others.slice(2), path.basename(first.loadedFrom.cacheFile!)].sort());
  });

  it("rejects a damaged cache, loads in full and writes it again", () => {
    const first = load({ PORTAL_CODE_CACHE_DIR: dir });
    const file = first.loadedFrom.cacheFile!;
    const bytes = fs.readFileSync(file);
    // V8 does not check a cache's bytes: handed these, it would crash the process
    fs.writeFileSync(file, Buffer.from(bytes).fill(7, 64, 4096));
    const damaged = load({ PORTAL_CODE_CACHE_DIR: dir });
    assert.deepEqual([damaged.loadedFrom.cacheUsed, damaged.loadedFrom.cacheWritten], [false, true]);
    assert.deepEqual(damaged.kinds, first.kinds);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length >> 1)); // cut short
    assert.deepEqual(load({ PORTAL_CODE_CACHE_DIR: dir }).loadedFrom.cacheWritten, true);
    assert.equal(load({ PORTAL_CODE_CACHE_DIR: dir }).loadedFrom.cacheUsed, true);
  });

  it("PORTAL_CODE_CACHE=off reads and writes no cache; an unwritable directory only costs the compile", () => {
    const off = load({ PORTAL_CODE_CACHE_DIR: dir, PORTAL_CODE_CACHE: "off" });
    assert.deepEqual([off.loadedFrom.bundle, off.loadedFrom.cacheUsed, off.loadedFrom.cacheWritten], [true, false, false]);
    assert.deepEqual(fs.readdirSync(dir), []);
    const file = path.join(dir, "not-a-dir");
    fs.writeFileSync(file, "");
    const unwritable = load({ PORTAL_CODE_CACHE_DIR: path.join(file, "v8") });
    assert.deepEqual([unwritable.loadedFrom.bundle, unwritable.loadedFrom.cacheWritten], [true, false]);
    assert.deepEqual(unwritable.kinds, off.kinds);
  });
});
