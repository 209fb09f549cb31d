// arcgis-rest-js (a third-party client, its calls unchanged) against the emulator's search, user
// content, unsharing and folder delete (issue 27 scope 5; docs/dev/fidelity.md): searchItems with a
// SearchQueryBuilder (owner:, type:, group:, ownerfolder: and paging with num/start),
// unshareItemWithGroup (which first searches `id: <id> AND group: <id>` by POST), getUserContent
// of a folder and removeFolder.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager } from "@esri/arcgis-rest-request";
import { addGroupUsers, createFolder, createGroup, createItem, createItemInFolder, getItem, getUserContent, removeFolder, searchItems, SearchQueryBuilder, shareItemWithGroup, unshareItemWithGroup } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, sentField, start, stop } from "./support";

describe("arcgis-rest-js: search, user content, unshare and folder delete", () => {
  let emu: RunningEmulator;
  let admin: ArcGISIdentityManager;
  let folderId: string;
  let groupId: string;
  const inFolder: string[] = [];
  const inRoot: string[] = [];

  before(async () => {
    emu = await start();
    admin = await ArcGISIdentityManager.fromToken({ token: emu.tokens.dev_admin, portal: emu.sharingUrl });
    folderId = (await createFolder({ ...as(emu, "dev_admin"), title: "Survey 2024" })).folder.id;
    for (let i = 0; i < 5; i++) {
      const made = await createItemInFolder({ ...as(emu, "dev_admin"), folderId, item: { title: `Survey sheet ${i}`, type: "Web Map", tags: ["survey"] }, text: "{}" } as any);
      inFolder.push(made.id);
    }
    for (let i = 0; i < 2; i++) {
      const made = await createItem({ ...as(emu, "dev_admin"), item: { title: `Survey app ${i}`, type: "Web Mapping Application", tags: ["survey"], url: "https://example.com/app" } });
      inRoot.push(made.id);
    }
    groupId = (await createGroup({ ...as(emu, "dev_admin"), group: { title: "Surveyors", access: "org" } })).group.id;
    await addGroupUsers({ ...as(emu, "dev_admin"), id: groupId, users: ["dev_user"] });
  });
  after(async () => stop(emu));

  it("searchItems with a SearchQueryBuilder: owner: and type: (a quoted value), sent as q on a GET", async () => {
    const q = new SearchQueryBuilder().match("dev_admin").in("owner").and().match("Web Map").in("type");
    const found = await searchItems({ q, num: 100, ...as(emu, "dev_admin") });
    const sent = lastSent("/search");
    assert.equal(sent.method, "GET");
    assert.equal(sentField(sent, "q"), 'owner:dev_admin AND type:"Web Map"');
    assert.deepEqual(found.results.map((r) => r.id).sort(), [...inFolder].sort());
    assert.equal(found.total, inFolder.length);
    const apps = await searchItems({ q: new SearchQueryBuilder().match("dev_admin").in("owner").and().match("Web Mapping Application").in("type"), num: 100, ...as(emu, "dev_admin") });
    assert.deepEqual(apps.results.map((r) => r.id).sort(), [...inRoot].sort());
  });

  it("searchItems pages with num and start: nextStart leads through every result once, -1 after the last", async () => {
    const q = new SearchQueryBuilder().match("dev_admin").in("owner").and().match("survey");
    const seen: string[] = [];
    let startAt = 1;
    for (let page = 0; page < 10 && startAt !== -1; page++) {
      const r = await searchItems({ q, num: 3, start: startAt, ...as(emu, "dev_admin") });
      assert.equal(sentField(lastSent("/search"), "num"), "3");
      assert.equal(sentField(lastSent("/search"), "start"), String(startAt));
      assert.equal(r.total, inFolder.length + inRoot.length);
      assert.equal(r.start, startAt);
      assert.equal(r.num, 3);
      assert.ok(r.results.length <= 3);
      seen.push(...r.results.map((x) => x.id));
      startAt = r.nextStart;
    }
    assert.equal(startAt, -1);
    assert.deepEqual([...seen].sort(), [...inFolder, ...inRoot].sort());
  });

  it("searchItems with ownerfolder: and group: filters", async () => {
    const byFolder = await searchItems({ q: new SearchQueryBuilder().match(folderId).in("ownerfolder"), num: 100, ...as(emu, "dev_admin") });
    assert.deepEqual(byFolder.results.map((r) => r.id).sort(), [...inFolder].sort());
    await shareItemWithGroup({ authentication: admin, id: inRoot[0], groupId, owner: "dev_admin" } as any);
    const byGroup = await searchItems({ q: new SearchQueryBuilder().match(groupId).in("group"), num: 100, ...as(emu, "dev_user") });
    assert.deepEqual(byGroup.results.map((r) => r.id), [inRoot[0]]);
  });

  it("unshareItemWithGroup: its check `id: <id> AND group: <id>` finds the share, then unshare removes it", async () => {
    const id = inRoot[1];
    await shareItemWithGroup({ authentication: admin, id, groupId, owner: "dev_admin" } as any);
    assert.deepEqual((await getItem(id, as(emu, "dev_admin"))).access, "shared");
    const r = await unshareItemWithGroup({ authentication: admin, id, groupId, owner: "dev_admin" } as any);
    assert.equal((r as { shortcut?: boolean }).shortcut, undefined, "rest-js found no share and sent nothing");
    assert.deepEqual(r.notUnsharedFrom, []);
    const sent = lastSent(`/content/users/dev_admin/items/${id}/unshare`);
    assert.equal(sentField(sent, "groups"), groupId);
    const byGroup = await searchItems({ q: new SearchQueryBuilder().match(groupId).in("group"), num: 100, ...as(emu, "dev_admin") });
    assert.ok(!byGroup.results.some((x) => x.id === id));
    assert.equal((await getItem(id, as(emu, "dev_admin"))).access, "private");
    const again = await unshareItemWithGroup({ authentication: admin, id, groupId, owner: "dev_admin" } as any);
    assert.equal((again as { shortcut?: boolean }).shortcut, true);
  });

  it("getUserContent of a folder: that folder's items, currentFolder, paging", async () => {
    const page1 = await getUserContent({ ...as(emu, "dev_admin"), owner: "dev_admin", folderId, start: 1, num: 2 });
    assert.ok(lastSent(`/content/users/dev_admin/${folderId}`));
    assert.equal(page1.total, inFolder.length);
    assert.equal(page1.currentFolder?.id, folderId);
    assert.equal(page1.currentFolder?.title, "Survey 2024");
    assert.equal(page1.items.length, 2);
    assert.equal(page1.nextStart, 3);
    const all = await getUserContent({ ...as(emu, "dev_admin"), owner: "dev_admin", folderId, start: 1, num: 100 });
    assert.deepEqual(all.items.map((i) => i.id).sort(), [...inFolder].sort());
    assert.equal(all.nextStart, -1);
    const root = await getUserContent({ ...as(emu, "dev_admin"), owner: "dev_admin", num: 100 });
    assert.ok(root.folders.some((f) => f.id === folderId && f.title === "Survey 2024"));
    assert.ok(inRoot.every((id) => root.items.some((i) => i.id === id)));
  });

  it("removeFolder deletes the folder and the items in it (the public API's rule)", async () => {
    const r = await removeFolder({ ...as(emu, "dev_admin"), owner: "dev_admin", folderId } as any);
    assert.equal(r.success, true);
    assert.equal(r.folder.id, folderId);
    assert.ok(lastSent(`/content/users/dev_admin/${folderId}/delete`));
    const gone = await rejection(getItem(inFolder[0], as(emu, "dev_admin")));
    assert.match(String((gone as Error).message), /not|exist|inaccessible/i);
    const root = await getUserContent({ ...as(emu, "dev_admin"), owner: "dev_admin", num: 100 });
    assert.ok(!root.folders.some((f) => f.id === folderId));
  });
});
