// Relationship operations against the emulator (spec.md#item-fields, spec.md#add-with-relationship; spec.md#gap-relationships).
import assert from "node:assert/strict";
import * as ops from "../../../provider/ops";
import { NotFoundError, PortalError } from "../../../provider/rest/errors";
import { newItemId, useEmulator } from "./emulator";

describe("ops: relationships (spec.md#add-with-relationship, spec.md#gap-relationships Relationships)", () => {
  const env = useEmulator();

  async function twoItems() {
    const c = env.client("dev_publisher");
    const map = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Map", type: "Web Map", text: "{}" } });
    const app = await ops.addItem(c, { owner: "dev_publisher", item: { title: "App", type: "Web Mapping Application", url: "https://apps.example.com/a" } });
    return { c, map: map.id!, app: app.id! };
  }

  it("addRelationship → relatedItems (forward and reverse) → deleteRelationship", async () => {
    const { c, map, app } = await twoItems();
    const rel = { username: "dev_publisher", originItemId: map, destinationItemId: app, relationshipType: "Map2AppConfig" };
    assert.equal((await ops.addRelationship(c, rel)).success, true);
    const forward = await ops.getRelatedItems(c, { itemId: map, relationshipType: "Map2AppConfig" });
    assert.deepEqual(forward.relatedItems.map((i) => i.id), [app]);
    const reverse = await ops.getRelatedItems(c, { itemId: app, relationshipType: "Map2AppConfig", direction: "reverse" });
    assert.deepEqual(reverse.relatedItems.map((i) => i.id), [map]);
    assert.equal((await ops.deleteRelationship(c, rel)).success, true);
    assert.equal((await ops.getRelatedItems(c, { itemId: map, relationshipType: "Map2AppConfig" })).total, 0);
  });

  it("4.6 rule 1: addItem with originItemId creates the relationship in the same call", async () => {
    const { c, map } = await twoItems();
    const r = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Config", type: "Web Mapping Application", url: "https://apps.example.com/b", originItemId: map, relationshipType: "Map2AppConfig" } });
    const related = await ops.getRelatedItems(c, { itemId: map, relationshipType: "Map2AppConfig" });
    assert.ok(related.relatedItems.some((i) => i.id === r.id));
  });

  it("3.5: an unknown relationship type fails and the new item is deleted again", async () => {
    const { c, map } = await twoItems();
    const id = newItemId();
    await assert.rejects(
      ops.addItem(c, { owner: "dev_publisher", item: { title: "Orphan", type: "Web Map", text: "{}", itemIdToCreate: id, originItemId: map, relationshipType: "Bogus2Thing" } }),
      (e: PortalError) => e.operation === "addItem" && e.code >= 400,
    );
    await assert.rejects(ops.getItem(c, id), NotFoundError);
  });
});
