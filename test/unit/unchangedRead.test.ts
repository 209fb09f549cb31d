// A refresh that finds a resource as the state has it returns no inputs, so the engine keeps the
// state's own (provider/resources/machinery/unchangedRead.ts); a read that finds drift keeps them.
import { strict as assert } from "node:assert";
import type * as pulumi from "@pulumi/pulumi";
import fc from "fast-check";
import { keepInputsWhenUnchanged } from "../../provider/resources/machinery/unchangedRead";
import { sameJson, sameValue } from "../../provider/resources/machinery/sameValue";

// JSON values as the provider host hands them over and a read returns them (undefined only in objects)
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, 1, ""),
    fc.integer(),
    fc.string({ maxLength: 4 }),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(tie("value"), fc.constant(undefined)), { maxKeys: 4 }),
  ),
})).value;

const shuffled = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(shuffled);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, shuffled(x)]));
  return v;
};

describe("unchanged read: the state's inputs kept (issue 24)", () => {
  it("sameJson agrees with sameValue (key order ignored) on values without undefined", () => {
    fc.assert(fc.property(json, json, (a, b) => {
      const [ca, cb] = [JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b))];
      assert.equal(sameJson(ca, cb), sameValue(ca, cb));
      assert.equal(sameJson(ca, shuffled(ca)), true);
    }), { numRuns: 3000 });
  });

  it("sameJson takes a key holding undefined as absent, and skips the given key on both sides", () => {
    assert.equal(sameJson({ a: 1, b: undefined }, { a: 1 }), true);
    assert.equal(sameJson({ a: 1 }, { a: 1, b: null }), false);
    assert.equal(sameJson({ a: [1, 2] }, { a: [2, 1] }), false);
    assert.equal(sameJson({ a: 1, __provider: "x" }, { a: 1 }, "__provider"), true);
    assert.equal(sameJson({ a: 1 }, { a: 1, __provider: "y" }, "__provider"), true);
    assert.equal(sameJson({ a: { __provider: 1 } }, { a: {} }, "__provider"), false, "only the top level's key is skipped");
    assert.equal(sameJson([], {}), false);
    assert.equal(sameJson(new Date(0), new Date(1)), false, "not a plain value: unequal, for sameValue to ask JSON");
  });

  it("sameValue is the JSON comparison it always was, on loose values too", () => {
    const loose = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom(undefined, null, NaN, Infinity, -0, 0, true, ""),
        fc.date({ noInvalidDate: true }),
        fc.string({ maxLength: 3 }),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 2 }), tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    const canonical = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(canonical) : v !== null && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
    const old = (a: unknown, b: unknown) => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
    fc.assert(fc.property(loose, loose, (a, b) => {
      assert.equal(sameValue(a, b), old(a, b));
      assert.equal(sameValue(a, shuffled(a)), old(a, shuffled(a)));
    }), { numRuns: 4000 });
  });

  const state = { __provider: "require('pulumi-gis-portal/stubs/portalItem')", title: "Parks", tags: ["a", "b"], access: "private" };
  const provider = (outputs: Record<string, unknown>) =>
    keepInputsWhenUnchanged<pulumi.dynamic.ResourceProvider>({ create: async () => ({ id: "" }), read: async (id: string) => ({ id, props: outputs, inputs: { title: outputs.title } }) });

  it("a read that finds the state's outputs returns no inputs", async () => {
    const r = await provider({ access: "private", tags: ["a", "b"], title: "Parks" }).read!("i1", state);
    assert.deepEqual(r, { id: "i1", props: { access: "private", tags: ["a", "b"], title: "Parks" } });
    assert.equal("inputs" in r, false);
  });

  it("a read that finds drift returns its inputs, for the next plan to show it", async () => {
    const r = await provider({ access: "public", tags: ["a", "b"], title: "Parks" }).read!("i1", state);
    assert.deepEqual(r.inputs, { title: "Parks" });
    const gone = await keepInputsWhenUnchanged<pulumi.dynamic.ResourceProvider>({ create: async () => ({ id: "" }), read: async () => ({}) as pulumi.dynamic.ReadResult }).read!("i1", state);
    assert.deepEqual(gone, {}, "a resource gone from the portal is answered as its read answered");
  });
});
