// REST "Related Items" (issue 46): relationshipTypes, the refusals, and paging.
import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: relatedItems with relationshipTypes (REST Related Items)", () => {
  let h: Harness;
  let origin: string;
  const destinations: string[] = [];
  before(async () => {
    h = await Harness.start();
    origin = await h.addItem("dev_user", { title: "Origin", type: "Web Map", text: "{}" });
    for (let i = 0; i < 5; i++) {
      const d = await h.addItem("dev_user", { title: `Service ${i}`, type: "Feature Service", url: `https://example.com/arcgis/rest/services/S${i}/FeatureServer` });
      destinations.push(d);
      const r = await h.call("content/users/dev_user/addRelationship", { originItemId: origin, destinationItemId: d, relationshipType: i % 2 === 0 ? "Map2Service" : "Item2Report" }, { token: h.token("dev_user") });
      assert.equal(r.success, true);
    }
  });
  after(() => h.close());
  const related = (fields: Record<string, string>) => h.call(`content/items/${origin}/relatedItems`, fields, { token: h.token("dev_user") });

  it("several types, comma-separated: the items related by any of them; one type: those of that type", async () => {
    const both = await related({ relationshipTypes: "Map2Service,Item2Report", direction: "forward", num: "100" });
    assert.deepEqual(both.relatedItems.map((i: any) => i.id).sort(), [...destinations].sort());
    assert.equal(both.total, 5);
    assert.equal((await related({ relationshipTypes: "Map2Service", direction: "forward" })).total, 3);
    assert.equal((await related({ relationshipType: "Item2Report", direction: "forward" })).total, 2, "relationshipType, as rest-js sends one type");
  });

  it("refuses an unknown type, no type at all, and a direction other than forward or reverse (400)", async () => {
    for (const [fields, words] of [
      [{ relationshipTypes: "Map2Service,Bogus2Thing", direction: "forward" }, /Invalid relationship type "Bogus2Thing"/],
      [{ direction: "forward" }, /relationshipTypes/],
      [{ relationshipTypes: "Map2Service", direction: "sideways" }, /direction/],
    ] as const) {
      const r = await related(fields);
      assert.equal(r.error?.code, 400, JSON.stringify(r));
      assert.match(r.error.message, words);
    }
  });

  it("pages: start and num (at most 100), nextStart -1 after the last page", async () => {
    const seen: string[] = [];
    for (let start = 1; start > 0; ) {
      const r = await related({ relationshipTypes: "Map2Service,Item2Report", direction: "forward", num: "2", start: String(start) });
      assert.equal(r.total, 5);
      assert.ok(r.relatedItems.length <= 2);
      seen.push(...r.relatedItems.map((i: any) => i.id));
      start = r.nextStart;
    }
    assert.deepEqual(seen.sort(), [...destinations].sort());
    assert.equal((await related({ relationshipTypes: "Map2Service", direction: "forward", num: "101" })).error?.code, 400);
  });
});
