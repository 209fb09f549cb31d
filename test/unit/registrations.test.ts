// One registration per resource: each resource folder exports a definition (provider/resources/all.ts
// lists them, one line each), and every registry reads or is generated from the definitions: the
// providers the stubs load, the kinds and type tokens, the stubs, the docs pages, render-plan's
// delete lines, the policy kinds, the public classes. A registry that lists kinds of its own fails here.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { resourceProviders } from "../../provider";
import { DEFINITIONS } from "../../provider/resources/definitions";
import { KINDS } from "../../resources/generated/kinds";
import { deleteLines } from "../../cli/deleteLines";
import * as publicApi from "../../resources";

const root = path.resolve(__dirname, "..", "..");
const sorted = (xs: Iterable<string>) => [...xs].sort();
const kinds = sorted(DEFINITIONS.map((d) => d.kind));

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return ["node_modules", "dist", "generated", "stubs"].includes(e.name) ? [] : sources(rel);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [rel] : [];
  });
}

/** The kinds a text quotes as strings (`"folder"`, `"Folder"`, `'portal:Folder'`), by kind; backticks are docs' code. */
export function quotedKinds(text: string, defs: readonly { kind: string; name: string }[] = DEFINITIONS): string[] {
  const quoted = (word: string) => new RegExp(`(["'])(?:portal:)?${word}\\1`).test(text);
  return defs.filter((d) => quoted(d.kind) || quoted(d.name)).map((d) => d.kind);
}

// Files that name several resources for a reason of their own, not as a list of kinds: the
// exported program's writer names the class of each call it writes.
const NOT_REGISTRIES = new Set([path.join("cli", "export", "program.ts")]);

describe("unit: every registry reads the resource definitions", () => {
  it("each definition's kind and name are its own, and its derived names follow from them", () => {
    assert.equal(new Set(kinds).size, DEFINITIONS.length);
    assert.equal(new Set(DEFINITIONS.map((d) => d.name)).size, DEFINITIONS.length);
    for (const d of DEFINITIONS) {
      assert.equal(d.typeToken, `portal:${d.name}`);
      assert.equal(d.policyKind, d.name);
      assert.equal(d.stub, d.kind);
    }
  });

  it("the provider serves exactly the defined kinds", () => {
    assert.deepEqual(sorted(Object.keys(resourceProviders)), kinds);
    for (const d of DEFINITIONS) assert.equal(typeof (resourceProviders as Record<string, { check?: unknown }>)[d.kind].check, "function");
  });

  it("the generated kinds (ResourceKind, type tokens, policy kinds) are the definitions'", () => {
    assert.deepEqual(sorted(Object.keys(KINDS)), kinds);
    for (const d of DEFINITIONS) assert.deepEqual(KINDS[d.kind as keyof typeof KINDS], { name: d.name, typeToken: d.typeToken, policyKind: d.policyKind });
  });

  it("resources/stubs holds one stub per definition, each a whole provider", () => {
    const stubs = fs.readdirSync(path.join(root, "resources", "stubs")).map((f) => f.replace(/\.ts$/, ""));
    assert.deepEqual(sorted(stubs), sorted(DEFINITIONS.map((d) => d.stub)));
    for (const d of DEFINITIONS) {
      const stub = require(path.join(root, "resources", "stubs", d.stub));
      assert.deepEqual(Object.keys(stub).sort(), ["check", "configure", "create", "delete", "diff", "read", "update"]);
    }
  });

  it("docs/resources holds one page per definition", () => {
    const pages = fs.readdirSync(path.join(root, "docs", "resources")).filter((f) => f.endsWith(".md"));
    assert.deepEqual(sorted(pages), sorted(DEFINITIONS.map((d) => d.docsPage)));
  });

  it("render-plan has the delete lines of every definition, by type token", () => {
    for (const d of DEFINITIONS) assert.notDeepEqual(deleteLines(d.typeToken, {}), ["- delete"], d.typeToken);
    assert.deepEqual(deleteLines("portal:Unknown", {}), ["- delete"]);
  });

  it("the package exports a class, its Args and its outputs for every definition", () => {
    for (const d of DEFINITIONS) assert.equal(typeof (publicApi as Record<string, unknown>)[d.name], "function", d.name);
    const declared = fs.readFileSync(path.join(root, "resources", "generated", "index.ts"), "utf8");
    for (const d of DEFINITIONS) assert.ok(declared.includes(`export * from "./${d.kind}";`), d.kind);
  });

  it("no source file lists the kinds by hand (outside the definitions and the generated files)", () => {
    const listing = ["provider", "resources", "cli", "policy", "spec"]
      .flatMap(sources)
      .filter((f) => !f.endsWith("definition.ts") && !f.endsWith(path.join("resources", "all.ts")) && !NOT_REGISTRIES.has(f))
      .map((f) => [f, quotedKinds(fs.readFileSync(path.join(root, f), "utf8"))] as const)
      .filter(([, ks]) => ks.length >= 3)
      .map(([f, ks]) => `${f}: ${ks.join(", ")}`);
    assert.deepEqual(listing, [], "read the kinds from the definitions (provider/resources/all.ts) or from resources/generated/kinds.ts");
  });

  it("the scan sees a hand-written list of kinds (a probe)", () => {
    const probe = 'const BY_TYPE = { "portal:Group": a, "portal:Folder": b, "portal:PortalItem": c };';
    assert.deepEqual(quotedKinds(probe), ["portalItem", "group", "folder"]);
    assert.deepEqual(quotedKinds('type K = "group" | "folder";'), ["group", "folder"]);
  });
});
