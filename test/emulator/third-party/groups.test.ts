// arcgis-rest-js (a third-party client) against the emulator's groups, folders, move and reassign
// (issue 23; docs/dev/fidelity.md): the requests it sends are the ones the emulator serves, and its
// answers carry the keys rest-js reads.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager } from "@esri/arcgis-rest-request";
import { addGroupUsers, createFolder, createGroup, createItemInFolder, getGroup, getGroupContent, getGroupUsers, getItem, moveItem, protectGroup, reassignItem, removeGroup, removeGroupUsers, searchGroups, shareItemWithGroup, updateGroup } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, sentField, start, stop } from "./support";

describe("arcgis-rest-js: groups, folders, move and reassign", () => {
  let emu: RunningEmulator;
  let admin: ArcGISIdentityManager;
  before(async () => {
    emu = await start();
    admin = await ArcGISIdentityManager.fromToken({ token: emu.tokens.dev_admin, portal: emu.sharingUrl });
  });
  after(async () => stop(emu));

  it("createGroup, updateGroup, addGroupUsers, getGroupUsers, removeGroupUsers, searchGroups, protect and removeGroup", async () => {
    const made = await createGroup({ ...as(emu, "dev_admin"), group: { title: "Field crews", access: "org", tags: ["field"], isInvitationOnly: true } });
    assert.equal(made.success, true);
    const id = made.group.id;
    assert.equal(sentField(lastSent("/community/createGroup"), "tags"), "field");
    await updateGroup({ ...as(emu, "dev_admin"), group: { id, snippet: "For the crews" } });
    const added = await addGroupUsers({ ...as(emu, "dev_admin"), id, users: ["dev_user", "dev_viewer"], admins: ["dev_publisher"] });
    assert.deepEqual(added.notAdded, []);
    const users = await getGroupUsers(id, as(emu, "dev_admin"));
    assert.equal(users.owner, "dev_admin");
    assert.deepEqual([...users.users].sort(), ["dev_user", "dev_viewer"]);
    assert.deepEqual([...users.admins].sort(), ["dev_admin", "dev_publisher"]);
    assert.deepEqual((await removeGroupUsers({ ...as(emu, "dev_admin"), id, users: ["dev_viewer"] })).notRemoved, []);
    const g = await getGroup(id, as(emu, "dev_admin"));
    assert.equal(g.snippet, "For the crews");
    assert.equal(g.userMembership?.memberType, "owner");
    const found = await searchGroups({ q: `title:"Field crews" owner:dev_admin`, ...as(emu, "dev_admin") });
    assert.deepEqual(found.results.map((x) => x.id), [id]);
    await protectGroup({ ...as(emu, "dev_admin"), id });
    const refused = await rejection(removeGroup({ ...as(emu, "dev_admin"), id }));
    assert.match(refused.message, /protected/);
  });

  it("createFolder, createItemInFolder, moveItem, shareItemWithGroup, getGroupContent, reassignItem (an administrator's)", async () => {
    const folder = await createFolder({ ...as(emu, "dev_admin"), title: "Drafts" });
    assert.equal(folder.folder.title, "Drafts");
    const item = await createItemInFolder({ ...as(emu, "dev_admin"), folderId: folder.folder.id, item: { title: "Crew map", type: "Web Map" }, text: "{}" } as any);
    assert.equal((await getItem(item.id, as(emu, "dev_admin"))).ownerFolder, folder.folder.id);
    const moved = await moveItem({ ...as(emu, "dev_admin"), itemId: item.id, folderId: "/" } as any);
    assert.equal(moved.success, true);
    assert.equal(sentField(lastSent(`/items/${item.id}/move`), "folder"), "/");
    assert.equal((await getItem(item.id, as(emu, "dev_admin"))).ownerFolder, null);
    const group = (await createGroup({ ...as(emu, "dev_admin"), group: { title: "Editors", access: "org" } })).group;
    await addGroupUsers({ ...as(emu, "dev_admin"), id: group.id, users: ["dev_publisher"] });
    const shared = await shareItemWithGroup({ authentication: admin, id: item.id, groupId: group.id, owner: "dev_admin" } as any);
    assert.equal(shared.itemId, item.id);
    assert.deepEqual((await getGroupContent(group.id, { ...as(emu, "dev_admin"), paging: { start: 1, num: 100 } })).items.map((i) => i.id), [item.id]);
    const r = await reassignItem({ authentication: admin, id: item.id, currentOwner: "dev_admin", targetUsername: "dev_publisher", targetFolderName: "From admin" });
    assert.deepEqual(r, { success: true, itemId: item.id });
    assert.equal((await getItem(item.id, as(emu, "dev_admin"))).owner, "dev_publisher");
  });
});
