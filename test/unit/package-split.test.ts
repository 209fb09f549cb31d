// The provider package and the emulator's own package (issue 16): each declares exactly the
// runtime modules its sources import, the provider none of the emulator's, and the root's
// devDependencies install the emulator's at the same ranges (so `npm ci` at the root runs the tests).
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..", "..");
const rootPkg = require(path.join(root, "package.json"));
const emuPkg = require(path.join(root, "packages", "emulator", "package.json"));

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : tsFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

/**
 * Bare module names a set of sources imports or requires at runtime (type-only imports left out).
 * `require.main.require(…)` is not counted: it reaches the provider host's own modules (the SDK's
 * grpc-js), which are the host's, not the package's.
 */
function runtimeModules(dirs: string[]): Set<string> {
  const found = new Set<string>();
  for (const file of dirs.flatMap((d) => tsFiles(path.join(root, d)))) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:^import (?!type )[^;]*?from |(?<!main\.)require\()"([^".][^"]*)"/gm)) {
      const spec = m[1];
      if (spec.startsWith("node:") || !/^[@a-z0-9]/.test(spec)) continue;
      found.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);
    }
  }
  return found;
}

describe("package split: the provider and pulumi-gis-portal-emulator", () => {
  it("the provider's sources import only its dependencies, the SDK and itself", () => {
    const allowed = new Set([...Object.keys(rootPkg.dependencies), ...Object.keys(rootPkg.peerDependencies), rootPkg.name]);
    const used = runtimeModules(["provider", "resources", "cli"]);
    for (const m of used) assert.ok(allowed.has(m), `provider/resources/cli import ${m}, not a dependency of ${rootPkg.name}`);
    for (const d of Object.keys(rootPkg.dependencies)) assert.ok(used.has(d), `${d} is a dependency nobody imports`);
  });

  it("the emulator's sources import only its package's dependencies, each of which is used", () => {
    const used = runtimeModules(["emulator"]);
    const declared = Object.keys(emuPkg.dependencies);
    for (const m of used) assert.ok(declared.includes(m), `emulator/ imports ${m}, not a dependency of ${emuPkg.name}`);
    // a pin of a transitive dependency is declared, with its reason, under transitivePins
    const pins = Object.keys(emuPkg.transitivePins ?? {});
    for (const d of declared) assert.ok(used.has(d) || pins.includes(d), `${d} is a dependency of ${emuPkg.name} that nothing imports`);
    for (const d of pins) assert.ok(declared.includes(d) && !used.has(d), `transitivePins names ${d}, which is not a dependency or is imported`);
  });

  it("the root's devDependencies (or dependencies) carry the emulator's at the same ranges; the root exports no emulator", () => {
    for (const [d, range] of Object.entries(emuPkg.dependencies)) {
      assert.equal(rootPkg.devDependencies[d] ?? rootPkg.dependencies[d], range, `${d}: root ${rootPkg.devDependencies[d] ?? rootPkg.dependencies[d]}, emulator ${range}`);
    }
    assert.equal(emuPkg.version, rootPkg.version);
    assert.ok(!("./emulator" in rootPkg.exports) && !("portal-emulator" in rootPkg.bin));
    assert.ok(rootPkg.files.includes("!dist/emulator/"));
    assert.equal(emuPkg.bin["portal-emulator"], "dist/emulator/cli.js");
  });
});
