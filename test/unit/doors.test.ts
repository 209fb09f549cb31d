// One door per layer (docs/dev/architecture.md): the public classes, the functions and the CLI reach
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

/** What of the request a model file names: `Params` imported from params.ts, or `FastifyRequest` anywhere. */
function requestLeaks(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"[./]*\/params"/g)) {
    if (m[1].split(",").some((n) => /^(?:type\s+)?Params(?:\s+as\s+\w+)?$/.test(n.trim()))) found.push("imports Params from params.ts");
  }
  if (/\bFastifyRequest\b/.test(text)) found.push("mentions FastifyRequest");
  return found;
}

describe("doors: the emulator's models take typed values, never the request", () => {
  it("no file under emulator/models/ or emulator/features/model/ imports Params or mentions FastifyRequest", () => {
    const leaks = ["emulator/models", "emulator/features/model"].flatMap(sources).flatMap((f) => requestLeaks(fs.readFileSync(path.join(root, f), "utf8")).map((l) => `${f} ${l}`));
    assert.deepEqual(leaks, [], "a model reads the request: pick what it needs into a typed value in the route (emulator/routes/itemRequests.ts)");
  });

  it("the check sees a model that takes the request", () => {
    assert.deepEqual(requestLeaks('import { jsonDepth, type Params } from "../params";'), ["imports Params from params.ts"]);
    assert.deepEqual(requestLeaks('import type { Params, UploadedFile } from "../../params";'), ["imports Params from params.ts"]);
    assert.deepEqual(requestLeaks('import type { FastifyRequest } from "fastify";\nfunction f(req: FastifyRequest) {}'), ["mentions FastifyRequest"]);
    assert.deepEqual(requestLeaks('import { readList, type UploadedFile } from "../params";\nconst serviceProxyParams = 1;'), []);
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
