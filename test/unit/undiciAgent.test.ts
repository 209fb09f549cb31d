// The REST client loads undici's Agent from its own module (rest/client.ts undiciAgent), not the
// package's index: if a release of undici moves or changes that file, this fails before users do.
import { strict as assert } from "node:assert";
import { Agent } from "undici";
import { undiciAgent } from "../../provider/rest/client";

describe("unit: undici's Agent, loaded alone (issue 28)", () => {
  it("is the class the package exports", () => {
    assert.equal(undiciAgent(), Agent);
    const a = new (undiciAgent())({ connections: 1 });
    assert.equal(typeof a.request, "function");
    return a.close();
  });
});
