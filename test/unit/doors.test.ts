// One door per layer (docs/architecture.md): the public classes, the functions and the CLI reach
// the provider through provider/index.ts only; the provider and the emulator never import each
// other and share only spec/; spec/ imports neither.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..", "..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sources(rel);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [rel] : [];
  });
}

/** Every relative module a source imports, re-exports or requires, as a path from the root. */
function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:from |require\(|import\()\s*"(\.{1,2}\/[^"]*)"/g)].map((m) => path.relative(root, path.resolve(root, path.dirname(file), m[1])));
}

function offenders(dirs: string[], bad: (target: string) => boolean): string[] {
  return dirs.flatMap(sources).flatMap((f) => imports(f).filter(bad).map((t) => `${f} imports ${t}`));
}

describe("doors: each layer is entered through its index", () => {
  it("resources/ and cli/ reach provider/ through provider/index.ts only", () => {
    const pastTheDoor = (t: string) => t.startsWith(`provider${path.sep}`) && t !== path.join("provider", "index");
    assert.deepEqual(offenders(["resources", "cli"], pastTheDoor), []);
  });

  it("the emulator imports nothing of provider/, the provider nothing of emulator/; both share spec/", () => {
    const under = (dir: string) => (t: string) => t === dir || t.startsWith(`${dir}${path.sep}`);
    assert.deepEqual(offenders(["emulator"], under("provider")), []);
    assert.deepEqual(offenders(["provider", "resources"], under("emulator")), []);
    assert.deepEqual(offenders(["spec"], (t) => !t.startsWith(`spec${path.sep}`)), []);
  });

  it("the check sees the imports it is meant to refuse", () => {
    // a probe: resources/functions/client.ts reaches provider/ through the index
    assert.ok(imports(path.join("resources", "functions", "client.ts")).includes("provider"));
  });
});
