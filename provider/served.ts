// `require("pulumi-gis-portal/provider/served")`: the ResourceProviders as the resource stubs load
// them in the provider process (resources/stub.ts). A refresh and a preview wait for this load
// before the first answer, so it is kept short (docs/decisions.md, "The provider process loads one
// bundle through a code cache"):
//   - `npm run build` bundles provider/resources and what it imports into served.bundle.js
//     (scripts/build-provider-bundle.js): one file read and compiled, not ~160 modules;
//   - V8's code cache of that file is kept per user (PORTAL_CODE_CACHE_DIR, else
//     $XDG_CACHE_HOME/pulumi-gis-portal/v8 or ~/.cache/pulumi-gis-portal/v8), keyed by the file's
//     SHA-256, Node's V8 and the architecture, so a later process skips most of the compile. It is
//     written after the first call a process answers, so it holds that call's functions too.
//     V8 checks the cache against the source and its flags and rejects one that does not match, and
//     the file carries its own SHA-256 (V8 does not check the bytes); a rejected, damaged,
//     unreadable or unwritable cache only means a full compile. PORTAL_CODE_CACHE=off turns it off.
// Without the bundle (tsc's output alone) the providers load from their modules.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import Module from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import type * as served from "./resources";

const BUNDLE = path.join(__dirname, "served.bundle.js");

/** The cache file of this source on this Node, or undefined when caching is off. */
export function codeCacheFile(source: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (/^(off|0|false|no)$/i.test(env.PORTAL_CODE_CACHE ?? "")) return undefined;
  const dir = env.PORTAL_CODE_CACHE_DIR || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-gis-portal", "v8");
  const key = createHash("sha256").update(source).update(`\0${process.versions.v8}\0${process.arch}`).digest("hex").slice(0, 32);
  return path.join(dir, `served-${key}.bin`);
}

const digest = (data: Buffer): Buffer => createHash("sha256").update(data).digest();

/**
 * The cached data, when the file holds it whole: V8 checks a cache's header (its version, flags and
 * source) but not its bytes, and a damaged cache crashes the process, so the file starts with the
 * data's SHA-256 and a file whose bytes do not match it is not used.
 */
function readCache(file: string | undefined): Buffer | undefined {
  if (!file) return undefined;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(32);
  return bytes.length > 32 && digest(data).equals(bytes.subarray(0, 32)) ? data : undefined;
}

function writeCache(file: string, data: Buffer): boolean {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.concat([digest(data), data]), { mode: 0o600 });
    fs.renameSync(tmp, file); // whole or not at all, should two processes write it at once
    pruneCaches(path.dirname(file), file);
    return true;
  } catch {
    return false; // a read-only home, a full disk: the next process compiles in full again
  }
}

/** How this process loaded the providers (what the tests check). */
export const loadedFrom: { bundle: boolean; cacheFile?: string; cacheUsed: boolean; cacheWritten: boolean } = {
  bundle: false,
  cacheUsed: false,
  cacheWritten: false,
};

/** Keeps the KEPT_CACHES most recently written caches: each build or Node version leaves its own. */
const KEPT_CACHES = 4;
function pruneCaches(dir: string, kept: string): void {
  try {
    const caches = fs.readdirSync(dir).filter((f) => /^served-[0-9a-f]+\.bin$/.test(f)).map((f) => path.join(dir, f));
    const byAge = caches.filter((f) => f !== kept).map((f) => ({ f, t: fs.statSync(f).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const { f } of byAge.slice(KEPT_CACHES - 1)) fs.rmSync(f, { force: true });
  } catch {
    // another process pruning at the same time: what is left is pruned next time
  }
}

/** Runs the bundle as Node runs a CommonJS module, with V8's code cache when there is one. */
function loadBundle(source: string): { exports: typeof served; writeCache?: () => void } {
  const cacheFile = codeCacheFile(source);
  const cached = readCache(cacheFile);
  const script = new vm.Script(Module.wrap(source), { filename: BUNDLE, cachedData: cached });
  const mod = new Module(BUNDLE, module);
  mod.filename = BUNDLE;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(BUNDLE));
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(BUNDLE), mod, BUNDLE, path.dirname(BUNDLE));
  mod.loaded = true;
  const used = cached !== undefined && script.cachedDataRejected === false;
  Object.assign(loadedFrom, { bundle: true, cacheFile, cacheUsed: used });
  // made once the first call is answered, so it holds what that call compiled too (the client, a read or a check)
  const write = cacheFile !== undefined && !used ? () => (loadedFrom.cacheWritten = writeCache(cacheFile, script.createCachedData())) : undefined;
  return { exports: mod.exports as typeof served, writeCache: write };
}

type Providers = typeof served.resourceProviders;

/** The providers, the code cache written (when it is to be) after the first of their calls settles. */
function writingAfterFirstCall(providers: Providers, write: () => void): Providers {
  let pending = true;
  const settled = () => {
    if (!pending) return;
    pending = false;
    setImmediate(write);
  };
  const wrap = (p: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(p).map(([name, m]) => [
        name,
        typeof m === "function"
          ? async (...args: unknown[]) => {
              try {
                return await m.apply(p, args);
              } finally {
                settled();
              }
            }
          : m,
      ]),
    );
  return Object.fromEntries(Object.entries(providers).map(([kind, p]) => [kind, wrap(p as unknown as Record<string, unknown>)])) as unknown as Providers;
}

function load(): Providers {
  let source: string;
  try {
    source = fs.readFileSync(BUNDLE, "utf8");
  } catch {
    return (require("./resources") as typeof served).resourceProviders; // not bundled: tsc's modules
  }
  const { exports, writeCache } = loadBundle(source);
  return writeCache ? writingAfterFirstCall(exports.resourceProviders, writeCache) : exports.resourceProviders;
}

export const resourceProviders: Providers = load();
