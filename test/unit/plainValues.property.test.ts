// The two walks a refresh runs for every resource (issue 24's refresh profile): the read cache's
// copy of an answer (rest/readCache.ts `copy`, in place of structuredClone) and a result made
// JSON-clean for the provider host (machinery/definedOnly.ts, in place of a JSON round trip).
// Each is checked against what it replaces, on arbitrary values.
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { copy } from "../../provider/rest/readCache";
import { definedOnly } from "../../provider/resources/machinery/definedOnly";

// JSON answers, and values a result may hold on its way out: undefined, non-finite numbers, dates
const loose = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(undefined, null, NaN, Infinity, -0, true, false),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.date({ noInvalidDate: true }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constant("__proto__")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("plain values: copy and definedOnly (issue 24)", () => {
  it("definedOnly gives what JSON.parse(JSON.stringify(v)) gives", () => {
    fc.assert(fc.property(loose, (v) => {
      const want = JSON.stringify(v) === undefined ? undefined : JSON.parse(JSON.stringify(v));
      assert.deepEqual(definedOnly(v), want);
    }), { numRuns: 2000 });
  });

  it("definedOnly drops undefined keys, nulls undefined array members and keeps the rest", () => {
    assert.deepEqual(definedOnly({ a: undefined, b: [undefined, 1, () => 1], c: { d: undefined, e: "x" }, f: NaN, g: new Date(0) }), { b: [null, 1, null], c: { e: "x" }, f: null, g: "1970-01-01T00:00:00.000Z" });
  });

  it("copy is equal to what it copies and shares nothing with it", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const c = copy(v);
      assert.deepEqual(c, v);
      if (v !== null && typeof v === "object") {
        assert.notEqual(c, v);
        // changing the copy leaves the original as it was
        const before = JSON.stringify(v);
        const mutate = (x: unknown): void => {
          if (Array.isArray(x)) { x.push("changed"); x.forEach(mutate); } else if (x !== null && typeof x === "object") { (x as Record<string, unknown>).changed = 1; Object.values(x).forEach(mutate); }
        };
        mutate(c);
        assert.equal(JSON.stringify(v), before);
      }
    }), { numRuns: 1000 });
  });

  it("copy keeps bytes as bytes and a Date as a Date (structuredClone for what is not plain)", () => {
    const b = Buffer.from("abc");
    const cb = copy(b);
    assert.ok(Buffer.isBuffer(cb) && cb.equals(b) && cb !== b);
    const d = { at: new Date(5), m: new Map([["k", 1]]) };
    const cd = copy(d);
    assert.ok(cd.at instanceof Date && cd.at.getTime() === 5 && cd.at !== d.at);
    assert.deepEqual([...cd.m], [["k", 1]]);
  });
});
