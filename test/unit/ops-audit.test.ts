// Issue 27: docs/fidelity.md lists every operation the provider calls (scripts/ops-audit.js reads
// provider/ops with the TypeScript compiler), each with a source; a new operation without one, or a
// stale table, fails here.
import assert from "node:assert/strict";
import * as fs from "node:fs";

const { audit, table, withTable, DOC } = require("../../scripts/ops-audit.js");

describe("unit: the operations audit of docs/fidelity.md (issue 27)", () => {
  const rows = audit() as Array<{ op: string; sources: string[]; path: string; method: string }>;

  it("finds every request of provider/ops, each with a method, a path and at least one source", () => {
    assert.ok(rows.length >= 50, `${rows.length} operations`);
    for (const r of rows) {
      assert.match(r.method, /^(GET|POST)$/, r.op);
      assert.ok(r.path.length > 0, r.op);
      assert.ok(r.sources.length > 0, `${r.op} cites no source (a spec.md section or a REST reference page)`);
    }
    for (const op of ["addItem", "getItem", "updateItem", "shareItem", "createGroup", "moveItem", "reassignItem", "canReassignItems", "append", "generateUrlReport", "portals/self", "generateToken"]) {
      assert.ok(rows.some((r) => r.op === op), `${op} is in the audit`);
    }
  });

  it("docs/fidelity.md holds the current table (node scripts/ops-audit.js --write)", () => {
    const doc = fs.readFileSync(DOC, "utf8");
    assert.equal(withTable(doc, table(rows)), doc);
  });
});
