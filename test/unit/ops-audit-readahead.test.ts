// Issue 45: the requests provider/ops/readAhead.ts sends of its own (a refresh's siblings' group
// counts, folder pages and user items, read before their resources ask) are rows of the operations
// audit in the fidelity page, each with its public reference.
import assert from "node:assert/strict";
import * as fs from "node:fs";

const { audit, isPublic, DOC } = require("../../scripts/ops-audit.js");

describe("unit: the operations audit names the requests read ahead (issue 45)", () => {
  it("one row per read-ahead request, with a public source, and the page names ops/readAhead.ts", () => {
    const rows = audit() as Array<{ op: string; fn: string; sources: string[] }>;
    const ahead = rows.filter((r) => r.sources.some((s) => s.startsWith("read ahead (ops/readAhead.ts")));
    assert.deepEqual(ahead.map((r) => `${r.fn} ${r.op}`).sort(), ["readAheadFolderPages userContent", "readAheadGroupCounts groupContent", "readAheadSharing getUserItem"]);
    for (const r of ahead) assert.ok(r.sources.some((s) => isPublic(s)), r.op);
    assert.match(fs.readFileSync(DOC, "utf8"), /provider\/ops\/readAhead\.ts/);
  });
});
