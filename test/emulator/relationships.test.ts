import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: relationships (spec.md#add-with-relationship, spec.md#add-item-relationship; spec.md#gap-relationships Relationships)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());
  const t = () => h.token("dev_user");
  const related = (id: string, direction = "forward", type = "Map2Service") => h.call(`content/items/${id}/relatedItems`, { relationshipType: type, direction }, { token: t() });

  it("4.6 rule 1: with originItemId the new item is the destination", async () => {
    const origin = await h.addItem("dev_user");
    const r = await h.call("content/users/dev_user/addItem", { title: "D", type: "Feature Service", url: "https://example.com/FeatureServer", originItemId: origin, relationshipType: "Map2Service" }, { token: t() });
    assert.equal(r.success, true);
    const fwd = await related(origin);
    assert.equal(fwd.total, 1);
    assert.equal(fwd.relatedItems[0].id, r.id);
    assert.equal((await related(r.id, "reverse")).relatedItems[0].id, origin);
  });

  it("4.6 rule 1: with destinationItemId the new item is the origin", async () => {
    const dest = await h.addItem("dev_user", { type: "Feature Service", url: "https://example.com/FS", text: undefined });
    const r = await h.call("content/users/dev_user/addItem", { title: "O", type: "Web Map", text: "{}", destinationItemId: dest, relationshipType: "Map2Service" }, { token: t() });
    assert.equal((await related(r.id)).relatedItems[0].id, dest);
  });

  it("4.6 rule 1: both originItemId and destinationItemId is an error and no item is created", async () => {
    const a = await h.addItem("dev_user");
    const b = await h.addItem("dev_user");
    const r = await h.call("content/users/dev_user/addItem", { title: "Both", type: "Web Map", itemIdToCreate: "b0000000000000000000000000000001", originItemId: a, destinationItemId: b, relationshipType: "Map2Service" }, { token: t() });
    assert.equal(r.error.code, 400);
    assert.equal((await h.call("content/items/b0000000000000000000000000000001", {}, { token: t() })).error.code, 404);
  });

  it("3.5: a bad relationship type deletes the new item (created, then rolled back)", async () => {
    const origin = await h.addItem("dev_user");
    const id = "c0000000000000000000000000000001";
    const r = await h.call("content/users/dev_user/addItem", { title: "X", type: "Web Map", itemIdToCreate: id, originItemId: origin, relationshipType: "Bogus2Thing" }, { token: t() });
    assert.match(r.error.message, /Invalid relationship type/);
    assert.equal((await h.call(`content/items/${id}`, {}, { token: t() })).error.code, 404);
    assert.equal((await related(origin)).total, 0);
    // the id is free again: the rolled-back item is gone, not hidden
    assert.equal((await h.call("content/users/dev_user/addItem", { title: "X", type: "Web Map", itemIdToCreate: id }, { token: t() })).id, id);
  });

  it("3.5: an invalid origin deletes the new item", async () => {
    const id = "c0000000000000000000000000000002";
    const r = await h.call("content/users/dev_user/addItem", { title: "X", type: "Web Map", itemIdToCreate: id, originItemId: "9".repeat(32), relationshipType: "Map2Service" }, { token: t() });
    assert.match(r.error.message, /Invalid origin item/);
    assert.equal((await h.call(`content/items/${id}`, {}, { token: t() })).error.code, 404);
  });

  it("3.5: a relationship to another user's private item fails and rolls back", async () => {
    const foreign = await h.addItem("dev_publisher");
    const id = "c0000000000000000000000000000003";
    const r = await h.call("content/users/dev_user/addItem", { title: "X", type: "Web Map", itemIdToCreate: id, destinationItemId: foreign, relationshipType: "Map2Service" }, { token: t() });
    assert.equal(r.error.code, 400);
    assert.equal((await h.call(`content/items/${id}`, {}, { token: t() })).error.code, 404);
  });

  it("3.5: item creation that fails creates no relationship", async () => {
    const origin = await h.addItem("dev_user");
    const r = await h.call("content/users/dev_user/addItem", { title: "t".repeat(257), type: "Web Map", originItemId: origin, relationshipType: "Map2Service" }, { token: t() });
    assert.equal(r.error.code, 400);
    assert.equal((await related(origin)).total, 0);
  });

  it("4.6 rule 1: the destination inherits the origin's sharing", async () => {
    const origin = await h.addItem("dev_user");
    await h.call(`content/users/dev_user/items/${origin}/share`, { org: true }, { token: t() });
    const r = await h.call("content/users/dev_user/addItem", { title: "D", type: "Web Map", originItemId: origin, relationshipType: "Map2AppConfig" }, { token: t() });
    assert.equal((await h.call(`content/items/${r.id}`, {}, { token: t() })).access, "org");
    assert.equal((await h.call(`content/items/${r.id}`, {}, { token: h.token("dev_publisher") })).id, r.id);
  });

  it("spec.md#gap-relationships: addRelationship and deleteRelationship; a second delete is 404; another user in the path is 403", async () => {
    const a = await h.addItem("dev_user");
    const b = await h.addItem("dev_user");
    const body = { originItemId: a, destinationItemId: b, relationshipType: "Map2Service" };
    assert.deepEqual(await h.call("content/users/dev_user/addRelationship", body, { token: t() }), { success: true });
    assert.equal((await related(a)).total, 1);
    assert.equal((await h.call("content/items/" + a + "/relatedItems", { relationshipType: "Service2Data" }, { token: t() })).total, 0, "filtered by type");
    assert.equal((await h.call("content/users/dev_publisher/addRelationship", body, { token: t() })).error.code, 403);
    assert.deepEqual(await h.call("content/users/dev_user/deleteRelationship", body, { token: t() }), { success: true });
    assert.equal((await related(a)).total, 0);
    assert.equal((await h.call("content/users/dev_user/deleteRelationship", body, { token: t() })).error.code, 404);
    assert.match((await h.call("content/users/dev_user/addRelationship", { ...body, relationshipType: "" }, { token: t() })).error.message, /relationshipType/);
  });

  it("spec.md#gap-relationships: deleting an item drops its relationships", async () => {
    const a = await h.addItem("dev_user");
    const b = await h.addItem("dev_user");
    await h.call("content/users/dev_user/addRelationship", { originItemId: a, destinationItemId: b, relationshipType: "Map2Service" }, { token: t() });
    await h.call(`content/users/dev_user/items/${b}/delete`, {}, { token: t() });
    assert.equal((await related(a)).total, 0);
    assert.match((await related(a, "sideways")).error.message, /forward or reverse/);
  });
});
