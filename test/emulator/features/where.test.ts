// The where-clause subset of the query (docs/dev/emulator-features.md), without HTTP.
import { strict as assert } from "node:assert";
import { compileWhere } from "../../../emulator/features/model/where";

const fields = ["NAME", "pop", "note"];
const row = { NAME: "O'Brien", pop: 12, note: null };

describe("query where subset", () => {
  const holds = (where: string) => compileWhere(where, fields)(row);

  it("query: quoted strings with doubled quotes, case-insensitive field names", () => {
    assert.equal(holds("name = 'O''Brien'"), true);
    assert.equal(holds("Name <> 'x' AND POP = 12"), true);
  });

  it("query: NOT IN, NOT LIKE with _, IS NOT NULL and precedence of AND over OR", () => {
    assert.equal(holds("pop NOT IN (1, 2)"), true);
    assert.equal(holds("name NOT LIKE 'O_Brien'"), false);
    assert.equal(holds("note IS NOT NULL"), false);
    assert.equal(holds("pop = 1 AND pop = 2 OR pop = 12"), true);
    assert.equal(holds("pop = 1 AND (pop = 2 OR pop = 12)"), false);
  });

  it("query: a comparison with null is false; a malformed clause is refused", () => {
    assert.equal(holds("note = 'x'"), false);
    assert.throws(() => compileWhere("pop = ", fields), /Invalid where clause/);
    assert.throws(() => compileWhere("pop = 1 1", fields), /end of clause/);
  });
});
