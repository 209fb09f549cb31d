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

  it("no import circle in provider/, resources/, cli/, emulator/ or spec/ (type-only imports count)", () => {
    const files = ["provider", "resources", "cli", "emulator", "spec"].flatMap(sources);
    const known = new Set(files.map((f) => f.replace(/\.ts$/, "")));
    const edges = new Map(files.map((f) => [f.replace(/\.ts$/, ""), imports(f).map((t) => (known.has(t) ? t : path.join(t, "index"))).filter((t) => known.has(t))]));
    const circles = findCircles(edges);
    assert.deepEqual(circles, [], `import circles:\n${circles.join("\n")}`);
  });

  it("the circle finder sees a circle", () => {
    assert.deepEqual(findCircles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]])), ["a -> b -> c -> a"]);
  });
});

/** Each circle once, as "a -> b -> … -> a", from a depth-first walk (Tarjan-free: the graph is small). */
function findCircles(edges: Map<string, string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const walk = (n: string) => {
    state.set(n, "open");
    stack.push(n);
    for (const t of edges.get(n) ?? []) {
      if (state.get(t) === "open") {
        const loop = stack.slice(stack.indexOf(t));
        const start = loop.indexOf([...loop].sort()[0]);
        const canonical = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...canonical, canonical[0]].join(" -> "));
      } else if (!state.has(t)) walk(t);
    }
    stack.pop();
    state.set(n, "done");
  };
  for (const n of [...edges.keys()].sort()) if (!state.has(n)) walk(n);
  return [...found].sort();
}
