// docs/resources/*.md: the Arguments and Outputs tables are generated from the property tables
// (`npm run gen`, scripts/gen.ts); test/unit/generated.test.ts fails when a page disagrees with its
// table. Here: each page has both sections' markers, and each row's doc is one line.
import { strict as assert } from "node:assert";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DEFINITIONS } from "../../provider/resources/definitions";
import { markers } from "../../scripts/gen";

const DOCS = join(__dirname, "..", "..", "docs", "resources");

describe("docs/resources: Arguments and Outputs come from the property tables", () => {
  for (const d of DEFINITIONS) {
    it(`${d.docsPage} holds the generated tables of its resource`, () => {
      const text = readFileSync(join(DOCS, d.docsPage), "utf8");
      for (const name of ["arguments", "outputs"]) for (const m of markers(name)) assert.ok(text.includes(m), `${d.docsPage}: marker ${m} missing; run npm run gen`);
    });
  }

  it("every argument and output of a table has a one-line doc", () => {
    for (const d of DEFINITIONS) {
      for (const [key, p] of Object.entries(d.table)) assert.ok(p.doc.trim() !== "" && !p.doc.includes("\n"), `${d.docsPage}: ${key}`);
    }
  });
});

// Issue 27 scope 6: each resource page names, per operation, the portal release the public references
// state (or "no release stated") with its source, and what is known to differ in the emulator; the
// README links every one of these sections.
describe("docs/resources: each page has a Portal releases section", () => {
  const pages = readdirSync(DOCS).filter((f) => f.endsWith(".md")).sort();
  const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");

  it("covers the resource pages, one per resource definition", () => {
    assert.deepEqual(pages, DEFINITIONS.map((d) => d.docsPage).sort());
  });

  for (const page of pages) {
    it(`${page}: a release and a source per operation row, what differs, linked from the README`, () => {
      const text = readFileSync(join(DOCS, page), "utf8");
      const at = text.indexOf("\n## Portal releases\n");
      assert.ok(at >= 0, `${page}: no "## Portal releases" section`);
      const next = text.indexOf("\n## ", at + 1);
      const section = text.slice(at, next < 0 ? undefined : next);
      const rows = section.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("|---") && !/^\| Operation/.test(l));
      assert.ok(rows.length > 0, `${page}: the section has no operation rows`);
      for (const row of rows) {
        const cells = row.split(" | ");
        assert.equal(cells.length, 3, `${page}: a row is operation | release | source: ${row}`);
        assert.match(cells[1], /no release stated|\b\d{1,2}\.\d/, `${page}: the release cell names a release or says none is stated: ${row}`);
        assert.match(cells[2], /REST "[^"]+"|spec\.md#/, `${page}: the source cell names a REST page title or spec.md: ${row}`);
      }
      assert.match(section, /Known to differ from the emulator/, `${page}: the section says what is known to differ`);
      assert.ok(readme.includes(`docs/resources/${page}#portal-releases`), `README.md does not link ${page}#portal-releases`);
    });
  }
});
