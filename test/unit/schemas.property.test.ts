// Property test (issue acceptance): random inputs to every schema never throw, and every failure
// has a non-empty property path and reason; inputs whose every leaf is unknown never fail.
import assert from "node:assert/strict";
import fc from "fast-check";
import * as s from "../../provider/rules";

const SCHEMAS = {
  contentCategorySchemaInput: s.contentCategorySchemaInput,
  memberCategorySchemaInput: s.memberCategorySchemaInput,
  addItemInput: s.addItemInput,
  updateItemInput: s.updateItemInput,
  setContentStatusInput: s.setContentStatusInput,
  appendParamsInput: s.appendParamsInput,
  canReassignItemsInput: s.canReassignItemsInput,
  generateUrlReportInput: s.generateUrlReportInput,
};

// leaves that hit the rules: the sentinel, long strings, ids, empty strings, odd numbers
const leaf = fc.oneof(
  fc.constant(s.UNKNOWN),
  fc.string({ maxLength: 120 }),
  fc.string({ minLength: 250, maxLength: 2100 }),
  fc.stringMatching(/^[A-Za-z0-9]{30,34}$/),
  fc.constantFrom("", "org_authoritative", "federatedServerUrl", "csv", "en-US", "Feature Service", "https://x.example.com/a.png"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const KEYS = [...new Set(["title", "description", "categories", "categorySchema", "memberCategorySchema", ...Object.keys(s.itemFieldsShape), ...Object.keys(s.appendParamsShape), "itemId", "status", "clearEmptyFields", "itemIds", "targetUsername", "urlType", "serverId"])];

const shaped = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, tie("node"), fc.array(tie("value"), { maxLength: 6 })),
  node: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 6 }),
})).node;

const categoryTree = fc.letrec((tie) => ({
  node: fc.record({ title: fc.oneof(fc.string({ maxLength: 110 }), leaf), description: fc.option(fc.string({ maxLength: 310 }), { nil: undefined }), categories: fc.option(fc.array(tie("node"), { maxLength: 4 }), { nil: undefined }) }, { requiredKeys: ["title"] }),
})).node;

function assertWellFormed(name: string, input: unknown): void {
  const schema = SCHEMAS[name as keyof typeof SCHEMAS];
  const r = s.checkInputs(schema, input);
  for (const f of r.failures) {
    assert.equal(typeof f.property, "string");
    assert.ok(f.property.length > 0, `${name}: empty property for ${f.reason}`);
    assert.ok(typeof f.reason === "string" && f.reason.length > 0, `${name}: empty reason at ${f.property}`);
  }
}

/** Every property of the input replaced by the sentinel (what the engine sends for computed inputs). */
function allUnknown(v: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(v).map((k) => [k, s.UNKNOWN]));
}

describe("unit: schemas under random inputs (fast-check)", () => {
  for (const name of Object.keys(SCHEMAS)) {
    it(`part 8: ${name} never throws; every failure has a path and a reason`, () => {
      fc.assert(fc.property(fc.oneof(fc.anything(), shaped), (input) => assertWellFormed(name, input)), { numRuns: 300 });
    });
  }

  it("2.3: random category trees give failures at real paths", () => {
    fc.assert(
      fc.property(fc.array(categoryTree, { maxLength: 7 }), (trees) => {
        const r = s.checkInputs(s.contentCategorySchemaInput, { categorySchema: trees });
        for (const f of r.failures) assert.match(f.property, /^categorySchema(\[\d+\](\.categories\[\d+\])*(\.(title|description))?)?$/);
      }),
      { numRuns: 300 },
    );
  });

  it("spec.md#design-check: an input whose every property is unknown passes every schema", () => {
    fc.assert(
      fc.property(shaped, (input) => {
        const unknown = allUnknown(input as Record<string, unknown>);
        for (const [name, schema] of Object.entries(SCHEMAS)) {
          // rules about presence (no source, title required) still apply to keys that are absent
          const failures = s.checkInputs(schema, unknown).failures.filter((f) => unknown[f.property.split(/[.[]/)[0]] !== undefined);
          assert.deepEqual(failures, [], name);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("unit: unknown values inside a tree (spec.md#design-check)", () => {
  it("2.3: titles, descriptions and subtrees unknown anywhere pass", () => {
    fc.assert(
      fc.property(fc.array(categoryTree, { minLength: 1, maxLength: 5 }), (trees) => {
        const blank = (n: Record<string, unknown>): Record<string, unknown> => ({
          title: s.UNKNOWN,
          ...(n.description !== undefined ? { description: s.UNKNOWN } : {}),
          ...(Array.isArray(n.categories) ? { categories: n.categories.length % 2 === 0 ? s.UNKNOWN : n.categories.map((c) => blank(c as Record<string, unknown>)) } : {}),
        });
        const input = { categorySchema: trees.map((t) => blank(t as Record<string, unknown>)) };
        const failures = s.checkInputs(s.contentCategorySchemaInput, input).failures;
        // shape rules still hold for known parts: only the count, tree and level limits can fail
        for (const f of failures) assert.match(f.reason, /trees; at most|levels|in total/);
      }),
      { numRuns: 200 },
    );
  });
});
