// Issue 27: docs/dev/fidelity.md lists every operation the provider calls (scripts/ops-audit.js reads
// provider/ops with the TypeScript compiler), each with a source; a new operation without one, or a
// stale table, fails here.
import assert from "node:assert/strict";
import * as fs from "node:fs";

const { audit, table, withTable, isPublic, PUBLIC, DOC } = require("../../scripts/ops-audit.js");

describe("unit: the operations audit of docs/dev/fidelity.md (issue 27)", () => {
  const rows = audit() as Array<{ op: string; sources: string[]; path: string; method: string; params: string }>;

  it("finds every request of provider/ops, each with a method, a path and at least one source", () => {
    assert.ok(rows.length >= 50, `${rows.length} operations`);
    for (const r of rows) {
      assert.match(r.method, /^(GET|POST)$/, r.op);
      assert.ok(r.path.length > 0, r.op);
      assert.ok(r.sources.length > 0, `${r.op} cites no source (a spec.md section or a REST reference page)`);
      // our own spec.md is not enough: a REST reference page, an arcgis-rest-js or an ArcGIS API for Python file
      assert.ok(r.sources.some((s) => isPublic(s)), `${r.op} cites no public reference (add it to PUBLIC in scripts/ops-audit.js): ${r.sources.join("; ")}`);
      assert.ok(PUBLIC[r.op], `${r.op} has no PUBLIC entry in scripts/ops-audit.js`);
    }
    for (const op of ["addItem", "getItem", "updateItem", "shareItem", "createGroup", "moveItem", "reassignItem", "canReassignItems", "append", "generateUrlReport", "portals/self", "generateToken"]) {
      assert.ok(rows.some((r) => r.op === op), `${op} is in the audit`);
    }
  });

  it("names paths and parameters as the portal sees them, not as code", () => {
    for (const r of rows) {
      assert.doesNotMatch(r.path, /^\{path\}$|\{await |\(|\s\/\s/, `${r.op}: path ${r.path}`);
      assert.doesNotMatch(r.params, /itemBody|\?\s*"|\{role/, `${r.op}: params ${r.params}`);
    }
    const byOp = (op: string) => rows.filter((r) => r.op === op);
    assert.deepEqual(byOp("protectGroup").map((r) => r.path), ["community/groups/{id}/protect"]);
    assert.deepEqual(byOp("unprotectGroup").map((r) => r.path), ["community/groups/{id}/unprotect"]);
    assert.equal(byOp("canReassignItems")[0].path, "content/users/{owner}/canReassignItems");
    assert.equal(byOp("generateUrlReport")[0].path, "portals/{orgId}/urls/generateUrlReport");
    assert.match(byOp("addItem")[0].params, /item fields/);
    assert.equal(byOp("addGroupUsers")[0].params, "admins or users");
  });

  it("docs/dev/fidelity.md holds the current table (node scripts/ops-audit.js --write)", () => {
    const doc = fs.readFileSync(DOC, "utf8");
    assert.equal(withTable(doc, table(rows)), doc);
  });
});
