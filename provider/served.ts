// `require("pulumi-gis-portal/provider/served")`: the ResourceProviders as the resource stubs load
// them in the provider process (resources/stub.ts). A refresh and a preview wait for this load
// before the first answer, so it is kept short, with public mechanisms only:
//   - `npm run build` bundles provider/resources and what it imports into served.bundle.js
//     (scripts/build-provider-bundle.js), loaded with a plain `require`: one file resolved, read
//     and compiled, not ~160 modules. Without the bundle (tsc's output alone) the providers load
//     from their modules.
//   - Node's own compile cache (`module.enableCompileCache()`, Node 22.1 and later; on an older Node
//     nothing happens), in the directory Node chooses: NODE_COMPILE_CACHE when set, else a folder of
//     the system's temporary directory. PORTAL_COMPILE_CACHE=off leaves it off; a path there names
//     the directory. Nothing is written under the home directory unless one of them says so.
import * as fs from "node:fs";
import nodeModule from "node:module";
import * as path from "node:path";
import type * as served from "./resources";

const BUNDLE = path.join(__dirname, "served.bundle.js");

/** What Node's `module` offers for compile caching (22.1+); absent on Node 20. */
interface CompileCacheApi {
  enableCompileCache?: (dir?: string) => { status: number; message?: string; directory?: string };
  constants?: { compileCacheStatus?: Record<string, number> };
}

/**
 * Turns on Node's compile cache for what this process loads next, unless PORTAL_COMPILE_CACHE=off.
 * Answers the directory in use, or undefined (off, or a Node without the API, or Node refused).
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, api: CompileCacheApi = nodeModule as unknown as CompileCacheApi): string | undefined {
  const asked = (env.PORTAL_COMPILE_CACHE ?? "").trim();
  if (/^(off|0|false|no)$/i.test(asked)) return undefined;
  if (typeof api.enableCompileCache !== "function") return undefined; // Node before 22.1
  try {
    const r = api.enableCompileCache(asked || undefined);
    const codes = api.constants?.compileCacheStatus ?? {};
    return r && (r.status === codes.ENABLED || r.status === codes.ALREADY_ENABLED) ? r.directory : undefined;
  } catch {
    return undefined; // a cache Node cannot use only means a full compile
  }
}

/** How this process loaded the providers (what the tests check). */
export const loadedFrom: { bundle: boolean; compileCache?: string } = { bundle: false, compileCache: enableCompileCache() };

type Providers = typeof served.resourceProviders;

function load(): Providers {
  if (fs.existsSync(BUNDLE)) {
    loadedFrom.bundle = true;
    return (require(BUNDLE) as typeof served).resourceProviders;
  }
  return (require("./resources") as typeof served).resourceProviders; // not bundled: tsc's modules
}

export const resourceProviders: Providers = load();
