// docs/resources/*.md: the Arguments and Outputs tables are generated from the property tables
// (provider/resources/docsTables.ts); a page that disagrees with its table fails here. Run with
// UPDATE_DOCS=1 to rewrite the pages.
import { strict as assert } from "node:assert";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DOC_TABLES, GENERATED_MARKERS, withGeneratedTables } from "../../provider/resources/docsTables";

const DOCS = join(__dirname, "..", "..", "docs", "resources");

describe("docs/resources: Arguments and Outputs come from the property tables", () => {
  for (const [page, table] of Object.entries(DOC_TABLES)) {
    it(`${page} holds the generated tables of its resource`, () => {
      const path = join(DOCS, page);
      const text = readFileSync(path, "utf8");
      for (const name of ["arguments", "outputs"]) for (const m of GENERATED_MARKERS(name)) assert.ok(text.includes(m), `${page}: marker ${m} missing`);
      const generated = withGeneratedTables(text, table);
      if (process.env.UPDATE_DOCS === "1") writeFileSync(path, generated);
      else assert.equal(text, generated, `${page} disagrees with its property table; run UPDATE_DOCS=1 npx mocha -r ts-node/register/transpile-only test/unit/docs-tables.test.ts`);
    });
  }

  it("every argument and output of a table has a one-line doc", () => {
    for (const [page, table] of Object.entries(DOC_TABLES)) {
      for (const [key, p] of Object.entries(table)) assert.ok(p.doc.trim() !== "" && !p.doc.includes("\n"), `${page}: ${key}`);
    }
  });
});
