// The provider process loads the ResourceProviders from one bundle with a plain `require`
// (provider/served.ts, scripts/build-provider-bundle.js), and turns on Node's own compile cache
// where Node has it (`module.enableCompileCache()`, 22.1+). Each load runs in a fresh Node process,
// as the provider host does: the bundle serves every kind with the methods the modules have and
// answers a check as they do; nothing is written under the home directory; the compile cache is
// asked of Node only through its public call, and PORTAL_COMPILE_CACHE=off leaves it off.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { enableCompileCache } from "../../../provider/served";

const ROOT = path.join(__dirname, "..", "..", "..");
const SERVED = path.join(ROOT, "dist", "provider", "served.js");

/** Loads dist/provider/served.js in a fresh process; answers what it loaded and one check's result. */
function load(env: Record<string, string>): { loadedFrom: { bundle: boolean; compileCache?: string }; kinds: Record<string, string[]>; check: unknown; modules: string[] } {
  const script = `
    const served = require(${JSON.stringify(SERVED)});
    const kinds = Object.fromEntries(Object.entries(served.resourceProviders).map(([k, p]) => [k, Object.keys(p).filter((m) => typeof p[m] === "function").sort()]));
    const modules = Object.keys(require.cache).filter((f) => f.includes("/dist/provider/")).map((f) => f.split("/").pop()).sort();
    served.resourceProviders.itemStatus.check({}, { itemId: "not an id", status: "sideways" }).then((check) => {
      console.log(JSON.stringify({ loadedFrom: served.loadedFrom, kinds, check, modules }));
    });`;
  const out = execFileSync(process.execPath, ["-e", script], { cwd: os.tmpdir(), encoding: "utf8", env: { ...process.env, ...env } });
  return JSON.parse(out.trim().split("\n").pop()!);
}

/** A stand-in for Node's `module` compile-cache API, recording what it was asked. */
function fakeNode(status: "ENABLED" | "ALREADY_ENABLED" | "FAILED" | "throws") {
  const asked: Array<string | undefined> = [];
  const compileCacheStatus = { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 };
  return {
    asked,
    api: {
      constants: { compileCacheStatus },
      enableCompileCache(dir?: string) {
        asked.push(dir);
        if (status === "throws") throw new Error("EACCES");
        return { status: compileCacheStatus[status], directory: dir ?? "/tmp/node-compile-cache" };
      },
    },
  };
}

describe("provider process: one bundle, loaded with require; Node's compile cache", function () {
  this.timeout(60_000);
  let home: string;
  before(() => {
    if (!fs.existsSync(path.join(ROOT, "dist", "provider", "served.bundle.js"))) throw new Error("build first (npm run build): dist/provider/served.bundle.js is missing");
  });
  beforeEach(() => (home = fs.mkdtempSync(path.join(os.tmpdir(), "portal-home-"))));
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  it("serves every kind with the modules' methods, and checks as they do; writes nothing under the home directory", async () => {
    const bundled = load({ HOME: home, XDG_CACHE_HOME: "" });
    assert.equal(bundled.loadedFrom.bundle, true);
    assert.deepEqual(bundled.modules, ["served.bundle.js", "served.js"], "only served.js and its bundle of dist/provider are loaded as modules; the rest is in the bundle");
    const { resourceProviders } = require("../../../provider/resources") as typeof import("../../../provider/resources");
    const modules = Object.fromEntries(Object.entries(resourceProviders).map(([k, p]) => [k, Object.keys(p).filter((m) => typeof (p as any)[m] === "function").sort()]));
    assert.deepEqual(bundled.kinds, modules);
    const check = await resourceProviders.itemStatus.check!({}, { itemId: "not an id", status: "sideways" });
    assert.ok((check.failures ?? []).length > 0, "the check must refuse these inputs");
    assert.deepEqual(bundled.check, JSON.parse(JSON.stringify(check)));
    assert.deepEqual(fs.readdirSync(home), [], "nothing written under HOME");
  });

  it("on this Node, the compile cache is on exactly when Node has the public call", () => {
    const has = typeof (require("node:module") as { enableCompileCache?: unknown }).enableCompileCache === "function";
    const cache = path.join(home, "asked-for");
    const on = load({ HOME: home, PORTAL_COMPILE_CACHE: cache });
    assert.equal(on.loadedFrom.compileCache, has ? cache : undefined);
    assert.deepEqual(fs.readdirSync(home), has ? ["asked-for"] : [], "only the directory the variable named");
    assert.equal(load({ HOME: home, PORTAL_COMPILE_CACHE: "off" }).loadedFrom.compileCache, undefined);
  });

  it("asks Node's public enableCompileCache: its own directory by default, the one PORTAL_COMPILE_CACHE names, none when off", () => {
    const byDefault = fakeNode("ENABLED");
    assert.equal(enableCompileCache({}, byDefault.api), "/tmp/node-compile-cache");
    assert.deepEqual(byDefault.asked, [undefined], "Node chooses: NODE_COMPILE_CACHE, else its folder of the temporary directory");
    const named = fakeNode("ENABLED");
    assert.equal(enableCompileCache({ PORTAL_COMPILE_CACHE: "/var/cache/portal" }, named.api), "/var/cache/portal");
    const already = fakeNode("ALREADY_ENABLED");
    assert.equal(enableCompileCache({}, already.api), "/tmp/node-compile-cache", "NODE_COMPILE_CACHE set: Node enabled it at start");
    for (const off of ["off", "0", "false", "no"]) {
      const f = fakeNode("ENABLED");
      assert.equal(enableCompileCache({ PORTAL_COMPILE_CACHE: off }, f.api), undefined);
      assert.deepEqual(f.asked, [], `PORTAL_COMPILE_CACHE=${off} asks nothing of Node`);
    }
    assert.equal(enableCompileCache({}, fakeNode("FAILED").api), undefined, "a cache Node refuses: a full compile");
    assert.equal(enableCompileCache({}, fakeNode("throws").api), undefined);
    assert.equal(enableCompileCache({}, {}), undefined, "Node 20: no such call, nothing done");
  });
});
