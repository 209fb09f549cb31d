// Code cites the contract as `spec.md#anchor` (docs/dev/spec.md). A citation whose anchor docs/dev/spec.md
// lacks fails here, and so does a comment still citing the documents outside the repository
// ("seed 4.1 rule 2", "design rule 5", spec-gaps.md, design.md). `node scripts/spec-citations.js
// --write` rewrites old-style citations through its mapping tables.
import { strict as assert } from "node:assert";
const citations = require("../../scripts/spec-citations.js") as {
  problems(): string[];
  rewriteLine(line: string): { out: string; unmapped: string[] };
  specAnchors(): Set<string>;
};

describe("docs/dev/spec.md: the contract inside the repository", () => {
  it("every spec.md#anchor cited in the code exists, and no comment cites the outside documents", () => {
    const problems = citations.problems();
    assert.deepEqual(problems, [], `${problems.length} citation problems; run node scripts/spec-citations.js --write, or add the anchor to docs/dev/spec.md`);
  });

  it("the anchors of docs/dev/spec.md are unique", () => {
    const { readFileSync } = require("node:fs") as typeof import("node:fs");
    const text = readFileSync(require("node:path").join(__dirname, "..", "..", "docs", "dev", "spec.md"), "utf8");
    const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
    assert.ok(ids.length > 60, `only ${ids.length} anchors`);
    assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  });

  it("the rewrite maps sections, numbered rules, ranges and quoted readings to anchors of docs/dev/spec.md", () => {
    const cases: Array<[string, string]> = [
      ["// seed 4.1 rule 2: match on the unique field", "// spec.md#append-upsert: match on the unique field"],
      ["(seed 4.1 rules 6, 7)", "(spec.md#append-geocode, spec.md#append-csv-no-geometry)"],
      ["(seed 4.2–4.4)", "(spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema)"],
      ["(seed part 9, 11.1)", "(spec.md#versions, 11.1)"],
      ["design rule 5: validate", "spec.md#design-check: validate"],
      ['spec-gaps.md "Read item"', "spec.md#gap-read-item"],
      ['design.md "Transport"', "spec.md#design-transport"],
    ];
    const anchors = citations.specAnchors();
    for (const [line, want] of cases) {
      const { out, unmapped } = citations.rewriteLine(line);
      assert.equal(out, want);
      assert.deepEqual(unmapped, []);
      for (const m of out.matchAll(/spec\.md#([a-z0-9-]+)/g)) assert.ok(anchors.has(m[1]), m[1]);
    }
  });
});
