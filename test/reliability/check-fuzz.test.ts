// Reliability (spec.md#design-check, Tests "reliability" row): fast-check over each ResourceProvider's
// `check`, called in-process as the provider host calls it, with random trees, strings, numbers,
// nulls, nested junk and the engine's unknown sentinel. check never throws; every invalid input gets
// failures with a property path and a reason (compared with an independent reading of the seed's
// limits); unknowns pass; and no request reaches the portal, though the providers are configured.
import { strict as assert } from "node:assert";
import fc from "fast-check";
import type * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { resourceProviders } from "../../provider/resources";
import { CONTENT_CATEGORIES, MEMBER_CATEGORIES } from "../../spec/limits";
import { UNKNOWN } from "../../provider/rules/unknown";
import { requests } from "./support/engine";
import { beyondConnectionRead } from "../provider/resources/portalCalls";
import { treeViolation, type Kind } from "./support/treeOracle";

type Check = { inputs: Record<string, unknown>; failures?: { property: string; reason: string }[] };
const RUNS = { numRuns: 300 };

const title = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((t) => t.trim() !== "");

/** A valid tree of `kind`: titles unique among siblings, within every limit of part 8. */
function validTree(kind: Kind): fc.Arbitrary<any[]> {
  const levels = kind === "content" ? CONTENT_CATEGORIES.maxLevels : MEMBER_CATEGORIES.maxLevels;
  const node = (level: number): fc.Arbitrary<any> => {
    const fields: Record<string, fc.Arbitrary<unknown>> = { title: title(kind === "content" ? 100 : 60) };
    if (kind === "content") fields.description = fc.option(fc.string({ maxLength: 300 }), { nil: undefined });
    if (level < levels) fields.categories = fc.option(siblings(level + 1, 3), { nil: undefined });
    return fc.record(fields, { requiredKeys: ["title"] });
  };
  const siblings = (level: number, max: number, min = 0) => fc.uniqueArray(node(level), { minLength: min, maxLength: max, selector: (n: any) => n.title.toLowerCase() });
  // 5 trees of 1 + 3 + 9 + 27 nodes at most: 200, the limit
  return siblings(1, kind === "content" ? CONTENT_CATEGORIES.maxTrees : 5, 1);
}

/** Paths of every node of a tree, in the engine's format: `categorySchema[0].categories[2]`. */
function nodePaths(tree: any[], at: string): { path: string; node: any }[] {
  return tree.flatMap((node, i) => [{ path: `${at}[${i}]`, node }, ...nodePaths(node.categories ?? [], `${at}[${i}].categories`)]);
}

/** Junk: anything JSON-like with the unknown sentinel and tree-shaped keys mixed in. */
const junk = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(UNKNOWN),
    fc.string({ maxLength: 320 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie("value"), { maxLength: 7 }),
    tie("node"),
  ),
  node: fc.dictionary(fc.oneof(fc.constantFrom("title", "description", "categories"), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 4 }),
})).value;

/** A valid tree with one edit near a limit or beside the shape (or none): where an oracle and check can disagree. */
function nearTree(kind: Kind): fc.Arbitrary<unknown> {
  const edits: ((tree: any[], n: any, k: number) => void)[] = [
    (_t, n, k) => (n.title = "t".repeat(99 + (k % 3))),
    (_t, n, k) => (n.description = "d".repeat(299 + (k % 3))),
    (_t, n) => (n.categories = [{ title: "Rivers" }, { title: "rivers" }]),
    (_t, n) => (n.categories = [{ title: "a", categories: [{ title: "b", categories: [{ title: "c", categories: [{ title: "d" }] }] }] }]),
    (_t, n, k) => (n.categories = Array.from({ length: 150 + (k % 60) }, (_, i) => ({ title: `c${i}` }))),
    (t, _n, k) => {
      const pad = 199 + (k % 3) - nodePaths(t, "").length;
      t[0].categories = [...(t[0].categories ?? []), ...Array.from({ length: Math.max(0, pad) }, (_, i) => ({ title: `pad ${i}` }))];
    },
    (t, _n, k) => t.push(...Array.from({ length: 1 + (k % 6) }, (_, i) => ({ title: `extra ${i}` }))),
    (_t, n, k) => (n.title = ["", " ", "\t", 5, null, true, {}, ["a"]][k % 8]),
    (_t, n, k) => (n.description = [null, 3, "", false][k % 4]),
    (_t, n, k) => (n.categories = [null, {}, "x", 0, [null], [[]]][k % 6]),
    (_t, n, k) => Object.assign(n, { extra: k, id: "x" }),
    (t, _n, k) => t.splice(k % t.length, 1, [null, "Water", [], 7][k % 4]),
  ];
  return fc.tuple(validTree(kind), fc.nat(), fc.nat(edits.length), fc.nat()).map(([tree, pick, e, k]) => {
    const nodes = nodePaths(tree, "");
    if (e < edits.length) edits[e](tree, nodes[pick % nodes.length].node, k);
    return tree;
  });
}

function assertShape(r: Check, property: string): void {
  assert.ok(r && typeof r === "object" && r.inputs && typeof r.inputs === "object", "check returns inputs");
  for (const f of r.failures ?? []) {
    assert.equal(typeof f.property, "string");
    assert.ok(f.property === "inputs" || f.property.startsWith(property), `property path ${f.property}`);
    assert.ok(typeof f.reason === "string" && f.reason.trim().length > 0, `reason of ${f.property}`);
  }
}

describe("reliability: fuzzed inputs to check (spec.md#design-check: validate in check, no request)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    // configured for real: a check that reached for the portal would show in the request log
    const config = { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_admin })[k] };
    for (const p of Object.values(resourceProviders) as pulumi.dynamic.ResourceProvider[]) await p.configure?.({ config } as any);
  });

  after(async () => {
    await emu?.close();
  });

  for (const [kind, property, provider] of [
    ["content", "categorySchema", resourceProviders.categorySchema],
    ["member", "memberCategorySchema", resourceProviders.memberCategorySchema],
  ] as const) {
    const check = (value: unknown, extra: Record<string, unknown> = {}) => provider.check!({}, { ...extra, [property]: value }) as Promise<Check>;

    it(`${kind === "content" ? "2.3/4.4" : "2.4/4.2"}: ${property}: every valid tree passes, normalized, one outline key per node`, async () => {
      await fc.assert(
        fc.asyncProperty(validTree(kind), async (tree) => {
          const r = await check(tree);
          assert.deepEqual(r.failures ?? [], []);
          const nodes = nodePaths(tree, property);
          assert.equal(Object.keys(r.inputs.outline as object).length, nodes.length);
          assert.deepEqual(nodePaths(r.inputs[`__${property}`] as any[], property).map((n) => n.node.title), nodes.map((n) => n.node.title));
        }),
        RUNS,
      );
    });

    it(`part 8: ${property}: one broken node is reported at its own path with a reason`, async () => {
      const breaks = fc.constantFrom<[string, (n: any) => void]>(
        ...(kind === "content"
          ? ([
              ["title", (n) => (n.title = "x".repeat(CONTENT_CATEGORIES.maxTitleLength + 1))],
              ["description", (n) => (n.description = "d".repeat(CONTENT_CATEGORIES.maxDescriptionLength + 1))],
            ] as [string, (n: any) => void][])
          : []),
        ["title", (n) => (n.title = 42)],
        ["title", (n) => (n.title = null)],
        ["title", (n) => (n.title = "   ")],
        ["categories", (n) => (n.categories = "Rivers, Lakes")],
      );
      await fc.assert(
        fc.asyncProperty(validTree(kind), fc.nat(), breaks, async (tree, pick, [field, breakIt]) => {
          const nodes = nodePaths(tree, property);
          const target = nodes[pick % nodes.length];
          breakIt(target.node);
          const r = await check(tree);
          assertShape(r, property);
          const at = `${target.path}.${field}`;
          assert.ok(r.failures?.some((f) => f.property === at), `expected a failure at ${at}, got ${JSON.stringify(r.failures)}`);
        }),
        RUNS,
      );
    });

    it(`part 8: ${property}: random junk never throws, and fails exactly when the seed's limits say invalid`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(junk, nearTree(kind)), fc.dictionary(fc.string({ maxLength: 6 }), junk, { maxKeys: 3 }), async (value, extra) => {
          const r = await check(value, extra);
          assertShape(r, property);
          const violation = treeViolation(value, kind);
          const failed = (r.failures ?? []).length > 0;
          assert.equal(failed, violation !== undefined, `oracle says ${violation ?? "valid"}; check says ${JSON.stringify(r.failures)} for ${JSON.stringify(value)?.slice(0, 600)}`);
        }),
        { numRuns: 1000 },
      );
    });

    it(`rule 5: ${property}: a valid tree with unknowns anywhere passes (preview)`, async () => {
      // a member node has no description: a key the tree does not know fails whatever its value (unknown-keys.test.ts)
      const places = kind === "content" ? ["node", "title", "description", "categories"] : ["node", "title", "categories"];
      await fc.assert(
        fc.asyncProperty(validTree(kind), fc.nat(), fc.constantFrom(...places), async (tree, pick, where) => {
          const nodes = nodePaths(tree, property);
          const target = nodes[pick % nodes.length];
          if (where === "node") {
            const parent = target.path.lastIndexOf("[");
            const list = parent === property.length ? tree : nodePaths(tree, property).find((n) => n.path === target.path.slice(0, target.path.lastIndexOf(".categories")))!.node.categories;
            list[Number(target.path.slice(parent + 1, -1))] = UNKNOWN;
          } else target.node[where] = UNKNOWN;
          const r = await check(tree);
          assert.deepEqual(r.failures ?? [], [], JSON.stringify(tree));
        }),
        RUNS,
      );
      assert.deepEqual((await check(UNKNOWN)).failures ?? [], []);
    });
  }

  it("2.2/4.5: ItemStatus: itemId and status failures exactly when invalid, unknowns pass, never a throw", async () => {
    const itemId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{32}$/), fc.string({ maxLength: 40 }), fc.constant(UNKNOWN), junk);
    const status = fc.oneof(fc.constantFrom("org_authoritative", "public_authoritative", "deprecated", "", "Deprecated", UNKNOWN), junk);
    await fc.assert(
      fc.asyncProperty(itemId, status, fc.dictionary(fc.string({ maxLength: 6 }), junk, { maxKeys: 3 }), async (id, st, extra) => {
        const r = (await resourceProviders.itemStatus.check!({}, { ...extra, itemId: id, status: st })) as Check;
        for (const f of r.failures ?? []) assert.ok(typeof f.reason === "string" && f.reason.length > 0);
        const badId = id !== UNKNOWN && !(typeof id === "string" && /^[A-Za-z0-9]{32}$/.test(id));
        const badStatus = st !== UNKNOWN && !["org_authoritative", "public_authoritative", "deprecated"].includes(st as string);
        const props = (r.failures ?? []).map((f) => f.property).sort();
        assert.deepEqual(props, [...(badId ? ["itemId"] : []), ...(badStatus ? ["status"] : [])], JSON.stringify({ id, st, failures: r.failures }));
      }),
      { numRuns: 1000 },
    );
  });

  it("rule 5: after every fuzzed check above, the portal received no request but the preview's connection read", async () => {
    assert.deepEqual(beyondConnectionRead(await requests(emu)), []);
  });
});
