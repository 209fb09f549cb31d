// arcgis-rest-js sharing and relationships against the emulator: setItemAccess (spec.md#gap-relationships
// "Share / unshare") and the automatic status moves of spec.md#status-transitions; add/get/removeItemRelationship.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager, ArcGISRequestError } from "@esri/arcgis-rest-request";
import { addItemRelationship, createItem, getItem, getRelatedItems, removeItemRelationship, setItemAccess } from "@esri/arcgis-rest-portal";
import { as, control, lastSent, rejection, request, sentField, start, stop } from "./support";

describe("arcgis-rest-js: sharing and relationships", () => {
  let emu: RunningEmulator;
  let user: ArcGISIdentityManager;
  before(async () => {
    emu = await start();
    user = await ArcGISIdentityManager.fromToken({ token: emu.tokens.dev_user, portal: emu.sharingUrl });
  });
  after(async () => stop(emu));

  const newItem = async (title: string) => (await createItem({ ...as(emu, "dev_user"), item: { title, type: "Web Map" }, text: "{}" })).id;

  it("spec.md#gap-read-item Share: setItemAccess public, org and private move the item's access as arcgis-rest-js sends them", async () => {
    const id = await newItem("Shared map");
    await setItemAccess({ authentication: user, id, access: "public" });
    const sent = lastSent(`/items/${id}/share`);
    assert.equal(sentField(sent, "everyone"), "true");
    assert.equal(sentField(sent, "org"), "false");
    assert.equal((await getItem(id, as(emu, "dev_user"))).access, "public");
    await setItemAccess({ authentication: user, id, access: "org" });
    assert.equal(sentField(lastSent(`/items/${id}/share`), "everyone"), "false");
    assert.equal((await getItem(id, as(emu, "dev_user"))).access, "org");
    await setItemAccess({ authentication: user, id, access: "private" });
    assert.equal(sentField(lastSent(`/items/${id}/share`), "groups"), " ");
    assert.equal((await getItem(id, as(emu, "dev_user"))).access, "private");
  });

  it("3.1: public sharing from a verified org moves org_authoritative to public_authoritative and back", async () => {
    await control(emu, `orgs/${emu.portalId}/flags`, { public: true, identityVerified: true });
    try {
      const id = await newItem("Authoritative map");
      const set = await request(`${emu.sharingUrl}/content/items/${id}/setContentStatus`, { ...as(emu, "dev_admin"), params: { status: "org_authoritative" } });
      assert.deepEqual(set, { success: true, itemId: id });
      await setItemAccess({ authentication: user, id, access: "public" });
      assert.equal((await getItem(id, as(emu, "dev_user"))).contentStatus, "public_authoritative");
      await setItemAccess({ authentication: user, id, access: "org" });
      assert.equal((await getItem(id, as(emu, "dev_user"))).contentStatus, "org_authoritative");
    } finally {
      await control(emu, `orgs/${emu.portalId}/flags`, { public: false, identityVerified: false });
    }
  });

  it("spec.md#gap-relationships Relationships: addItemRelationship, getRelatedItems (GET, both directions) and removeItemRelationship", async () => {
    const map = await newItem("Map with service");
    const service = (await createItem({ ...as(emu, "dev_user"), item: { title: "Service", type: "Map Service", url: "https://example.com/arcgis/rest/services/S/MapServer" } })).id;
    const rel = { originItemId: map, destinationItemId: service, relationshipType: "Map2Service" as const };
    assert.deepEqual(await addItemRelationship({ ...as(emu, "dev_user"), ...rel }), { success: true });
    const forward = await getRelatedItems({ ...as(emu, "dev_user"), id: map, relationshipType: "Map2Service", direction: "forward" });
    assert.equal(lastSent(`/content/items/${map}/relatedItems`).method, "GET");
    assert.equal(forward.total, 1);
    assert.equal(forward.relatedItems[0].id, service);
    const reverse = await getRelatedItems({ ...as(emu, "dev_user"), id: service, relationshipType: ["Map2Service", "Service2Data"], direction: "reverse" });
    assert.equal(sentField(lastSent(`/content/items/${service}/relatedItems`), "relationshipTypes"), "Map2Service,Service2Data");
    assert.deepEqual(reverse.relatedItems.map((i) => i.id), [map]);
    assert.deepEqual(await removeItemRelationship({ ...as(emu, "dev_user"), ...rel }), { success: true });
    assert.equal((await getRelatedItems({ ...as(emu, "dev_user"), id: map, relationshipType: "Map2Service", direction: "forward" })).total, 0);
    const again = await rejection(removeItemRelationship({ ...as(emu, "dev_user"), ...rel }));
    assert.ok(again instanceof ArcGISRequestError, String(again));
    assert.equal(again.code, 404);
  });

  it("3.5: createItem with a relationship to a missing origin fails and leaves no item", async () => {
    const err = await rejection(createItem({ ...as(emu, "dev_user"), item: { title: "Orphan", type: "Web Map" }, text: "{}", params: { originItemId: "0".repeat(32), relationshipType: "Map2Service" } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    const search = () => request(`${emu.sharingUrl}/search`, { ...as(emu, "dev_user"), httpMethod: "GET", params: { q: "title:Orphan owner:dev_user" } });
    assert.equal((await search()).total, 0);
    await newItem("Orphan"); // the same search finds an item that was created
    assert.equal((await search()).total, 1);
  });
});
