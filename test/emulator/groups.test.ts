// Issue 23 through HTTP: groups (create, read, update, delete, protect, users, membership, search,
// content), folders (create, rename, delete, user content), move, reassign and canReassignItems'
// group refusals, and sharing with groups as the public API enforces it (docs/dev/fidelity.md).
import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: groups, folders, move and reassign (issue 23)", () => {
  let h: Harness;
  const as = (user: string) => ({ token: h.token(user) });
  const post = (path: string, fields: Record<string, string> = {}, user = "dev_admin") => h.call(path, fields, as(user));
  const get = (path: string, fields: Record<string, string> = {}, user = "dev_admin") => h.call(path, fields, { ...as(user), method: "GET" });
  const group = async (title: string, extra: Record<string, string> = {}, user = "dev_admin") => (await post("community/createGroup", { title, access: "org", ...extra }, user)).group;

  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());
  beforeEach(() => h.control("reset"));

  it("createGroup answers the group; read gives the public shape with the caller's membership; a duplicate title and a bad access word are refused", async () => {
    const g = await group("Field crews", { isInvitationOnly: "true", tags: "field,ops", snippet: "Crews" });
    assert.match(g.id, /^[0-9a-f]{32}$/);
    const read = await get(`community/groups/${g.id}`);
    assert.equal(read.title, "Field crews");
    assert.equal(read.owner, "dev_admin");
    assert.equal(read.isInvitationOnly, true);
    assert.deepEqual(read.tags, ["field", "ops"]);
    assert.deepEqual(read.userMembership, { username: "dev_admin", memberType: "owner", applications: 0 });
    for (const key of ["orgId", "capabilities", "protected", "sortField", "sortOrder", "isViewOnly", "created", "modified", "access"]) assert.ok(key in read, key);
    const dup = await post("community/createGroup", { title: "FIELD CREWS", access: "org" });
    assert.equal(dup.error.code, 400);
    assert.match(dup.error.message, /unique for its owner/);
    const word = await post("community/createGroup", { title: "X", access: "everyone" });
    assert.match(word.error.message, /'access' must be one of private, org, public/);
    const long = await post("community/createGroup", { title: "x".repeat(251), access: "org" });
    assert.match(long.error.message, /251 characters; at most 250/);
  });

  it("a private group is invisible outside its members; update renames in place; capabilities cannot change; protected groups refuse delete", async () => {
    const g = await group("Secret", { access: "private" });
    assert.equal((await get(`community/groups/${g.id}`, {}, "dev_user")).error.code, 404);
    assert.deepEqual(await post(`community/groups/${g.id}/update`, { title: "Secret ops" }), { success: true, groupId: g.id });
    assert.equal((await get(`community/groups/${g.id}`)).title, "Secret ops");
    assert.match((await post(`community/groups/${g.id}/update`, { capabilities: "updateitemcontrol" })).error.message, /cannot change/);
    assert.equal((await post(`community/groups/${g.id}/update`, { title: "Hijack" }, "dev_user")).error.code, 404, "not visible to a non-member");
    await post(`community/groups/${g.id}/protect`);
    assert.match((await post(`community/groups/${g.id}/delete`)).error.message, /protected/);
    await post(`community/groups/${g.id}/unprotect`);
    assert.deepEqual(await post(`community/groups/${g.id}/delete`), { success: true, groupId: g.id });
  });

  it("a shared-update group needs the administrator's privilege", async () => {
    const refused = await post("community/createGroup", { title: "SU", access: "org", capabilities: "updateitemcontrol" }, "dev_publisher");
    assert.equal(refused.error.messageCode, "GWM_0003");
    const g = await group("SU", { capabilities: "updateitemcontrol" });
    assert.deepEqual(g.capabilities, ["updateitemcontrol"]);
  });

  it("members: addUsers (users and admins), notAdded for unknown and foreign users, updateUsers, removeUsers (never the owner), 25 names per request", async () => {
    const g = await group("Crews");
    assert.deepEqual(await post(`community/groups/${g.id}/addUsers`, { users: "dev_user,nobody,prod_user", admins: "dev_publisher" }), { notAdded: ["nobody", "prod_user"] });
    assert.deepEqual(await get(`community/groups/${g.id}/users`), { owner: "dev_admin", admins: ["dev_admin", "dev_publisher"], users: ["dev_user"] });
    assert.deepEqual(await post(`community/groups/${g.id}/updateUsers`, { admins: "dev_user" }), { results: [{ username: "dev_user", success: true }] });
    assert.deepEqual(await post(`community/groups/${g.id}/updateUsers`, { users: "dev_publisher" }), { results: [{ username: "dev_publisher", success: true }] });
    assert.deepEqual(await post(`community/groups/${g.id}/removeUsers`, { users: "dev_publisher,dev_admin" }), { notRemoved: ["dev_admin"] });
    assert.deepEqual(await get(`community/groups/${g.id}/users`), { owner: "dev_admin", admins: ["dev_admin", "dev_user"], users: [] });
    const many = Array.from({ length: 26 }, (_, i) => `u${i}`).join(",");
    assert.match((await post(`community/groups/${g.id}/addUsers`, { users: many })).error.message, /26 users; at most 25 per request/);
    assert.equal((await post(`community/groups/${g.id}/addUsers`, { users: "dev_viewer" }, "dev_viewer")).error.messageCode, "GWM_0003");
    const me = await get("community/users/dev_user", {}, "dev_user");
    assert.deepEqual(me.groups.map((x: any) => x.id), [g.id]);
  });

  it("sharing: a missing group, a group the owner is not in, and a view-only group of another admin come back in notSharedWith; members read a shared item; delete unshares", async () => {
    const crews = await group("Crews");
    const view = await group("Announcements", { isViewOnly: "true" });
    await post(`community/groups/${crews.id}/addUsers`, { users: "dev_user" });
    await post(`community/groups/${view.id}/addUsers`, { users: "dev_user" });
    const other = await group("Other");
    const item = await h.addItem("dev_user", { title: "Crew map", type: "Web Map", text: "{}" });
    const missing = "0123456789abcdef0123456789abcdef";
    const r = await post(`content/users/dev_user/items/${item}/share`, { groups: [crews.id, view.id, other.id, missing].join(",") }, "dev_user");
    assert.deepEqual(r.notSharedWith.sort(), [view.id, other.id, missing].sort());
    assert.equal((await get(`content/items/${item}`, {}, "dev_publisher")).error.code, 404, "not a member: cannot read");
    await post(`community/groups/${crews.id}/addUsers`, { users: "dev_publisher" });
    assert.equal((await get(`content/items/${item}`, {}, "dev_publisher")).id, item, "a member reads it");
    assert.equal((await get(`search`, { q: `group:${crews.id}` }, "dev_publisher")).total, 1);
    assert.equal((await get(`content/groups/${crews.id}`, {}, "dev_publisher")).total, 1);
    assert.deepEqual((await post(`content/users/dev_user/items/${item}/unshare`, { groups: other.id }, "dev_user")).notUnsharedFrom, [other.id]);
    await post(`community/groups/${crews.id}/delete`);
    const held = await get(`content/users/dev_user/items/${item}`, {}, "dev_user");
    assert.deepEqual(held.sharing, { access: "private", groups: [] });
  });

  it("folders: create, unique titles, an item added into one keeps it (ownerFolder), rename, user content pages, delete removes its items", async () => {
    const f = (await post("content/users/dev_admin/createFolder", { title: "Drafts" })).folder;
    assert.match(f.id, /^[0-9a-f]{32}$/);
    assert.match((await post("content/users/dev_admin/createFolder", { title: "drafts" })).error.message, /already exists/);
    assert.match((await post("content/users/dev_admin/createFolder", { title: "a/b" })).error.message, /must not contain/);
    const added = await post(`content/users/dev_admin/${f.id}/addItem`, { title: "In drafts", type: "Web Map", text: "{}" });
    assert.equal(added.folder, f.id);
    assert.equal((await get(`content/items/${added.id}`)).ownerFolder, f.id);
    assert.match((await post("content/users/dev_admin/0123456789abcdef0123456789abcdef/addItem", { title: "Lost", type: "Web Map", text: "{}" })).error.message, /does not exist for dev_admin/);
    await post(`content/users/dev_admin/${f.id}/updateFolder`, { title: "Working" });
    const root = await get("content/users/dev_admin");
    assert.deepEqual(root.folders.map((x: any) => x.title), ["Working"]);
    assert.equal(root.currentFolder, null);
    const inside = await get(`content/users/dev_admin/${f.id}`);
    assert.deepEqual(inside.items.map((i: any) => i.id), [added.id]);
    assert.equal(inside.currentFolder.title, "Working");
    assert.equal((await get("search", { q: `ownerfolder:${f.id}` })).total, 1);
    assert.equal((await get("content/users/dev_admin", {}, "dev_user")).error.messageCode, "GWM_0003");
    assert.deepEqual((await post(`content/users/dev_admin/${f.id}/delete`)).success, true);
    assert.equal((await get(`content/items/${added.id}`)).error.code, 404, "the portal deletes a folder's items");
  });

  it("user content pages through 120 items 100 at a time", async () => {
    for (let i = 0; i < 120; i++) await post("content/users/dev_admin/addItem", { title: `Map ${i}`, type: "Web Map", text: "{}" });
    const first = await get("content/users/dev_admin", { num: "100" });
    assert.equal(first.total, 120);
    assert.equal(first.items.length, 100);
    assert.equal(first.nextStart, 101);
    const second = await get("content/users/dev_admin", { start: "101", num: "100" });
    assert.equal(second.items.length, 20);
    assert.equal(second.nextStart, -1);
    assert.match((await get("content/users/dev_admin", { num: "101" })).error.message, /'num' must be between 0 and 100/);
  });

  it("move keeps the id; moveItems answers per item; reassign (administrators only) moves owner and folder, creating the target folder", async () => {
    const drafts = (await post("content/users/dev_admin/createFolder", { title: "Drafts" })).folder;
    const id = await h.addItem("dev_admin", { title: "Map", type: "Web Map", text: "{}" });
    assert.deepEqual(await post(`content/users/dev_admin/items/${id}/move`, { folder: drafts.id }), { success: true, itemId: id, owner: "dev_admin", folder: drafts.id });
    assert.equal((await get(`content/items/${id}`)).ownerFolder, drafts.id);
    assert.equal((await post(`content/users/dev_admin/${drafts.id}/items/${id}/move`, { folder: "/" })).folder, "/");
    assert.equal((await get(`content/items/${id}`)).ownerFolder, null);
    const many = await post("content/users/dev_admin/moveItems", { items: `${id},nope`, folder: drafts.id });
    assert.deepEqual(many.results.map((r: any) => r.success), [true, false]);
    assert.equal((await post(`content/users/dev_admin/items/${id}/reassign`, { targetUsername: "dev_publisher" }, "dev_publisher")).error.messageCode, "GWM_0003", "only an administrator");
    assert.deepEqual(await post(`content/users/dev_admin/items/${id}/reassign`, { targetUsername: "dev_publisher", targetFolderName: "From admin" }), { success: true, itemId: id });
    const moved = await get(`content/items/${id}`);
    assert.equal(moved.owner, "dev_publisher");
    const theirs = (await get("content/users/dev_publisher")).folders;
    assert.deepEqual(theirs.map((f: any) => f.title), ["From admin"]);
    assert.equal(moved.ownerFolder, theirs[0].id);
  });

  it("reassignItems (11.0+): the owner with portal:user:reassignItems gives items, into a folder by title; a user without it is refused", async () => {
    const id = await h.addItem("dev_publisher", { title: "Mine", type: "Web Map", text: "{}" });
    assert.equal((await post(`content/users/dev_publisher/items/${id}/reassign`, { targetUsername: "dev_user" }, "dev_publisher")).error.messageCode, "GWM_0003", "the item reassign is an administrator's");
    assert.deepEqual(await post("content/users/dev_publisher/reassignItems", { items: id, targetUsername: "dev_user", targetFoldername: "Handed over" }, "dev_publisher"), { success: true });
    const item = await get(`content/items/${id}`);
    assert.equal(item.owner, "dev_user");
    assert.equal(item.ownerFolder, (await get("content/users/dev_user", {}, "dev_user")).folders[0].id);
    const theirs = await h.addItem("dev_user", { title: "Theirs", type: "Web Map", text: "{}" });
    assert.equal((await post("content/users/dev_user/reassignItems", { items: theirs, targetUsername: "dev_publisher" }, "dev_user")).error.messageCode, "GWM_0003", "org_user lacks portal:user:reassignItems");
  });

  it("reassign and canReassignItems refuse a private item shared with a group the target is not in, and a target who cannot own the type", async () => {
    const g = await group("Crews");
    const id = await h.addItem("dev_admin", { title: "Map", type: "Web Map", text: "{}" });
    await post(`content/users/dev_admin/items/${id}/share`, { groups: g.id });
    const check = await post("content/users/dev_admin/canReassignItems", { items: id, targetUsername: "dev_user" });
    assert.equal(check.results[0].success, false);
    assert.match(check.results[0].error.message, /private and shared with group\(s\) "Crews".*dev_user is not a member/);
    const refused = await post(`content/users/dev_admin/items/${id}/reassign`, { targetUsername: "dev_user" });
    assert.match(refused.error.message, /dev_user is not a member/);
    assert.equal((await get(`content/items/${id}`)).owner, "dev_admin", "nothing changed");
    await post(`community/groups/${g.id}/addUsers`, { users: "dev_user" });
    assert.equal((await post("content/users/dev_admin/canReassignItems", { items: id, targetUsername: "dev_user" })).results[0].success, true);
    assert.equal((await post(`content/users/dev_admin/items/${id}/reassign`, { targetUsername: "dev_viewer" })).error.messageCode, "CONT_0291");
    assert.deepEqual(await post(`content/users/dev_admin/items/${id}/reassign`, { targetUsername: "dev_user" }), { success: true, itemId: id });
  });
});

describe("emulator: groups and folders from fixtures (issue 23)", () => {
  it("an organization can start with groups (members, admins) and users' folders", async () => {
    const { defaultFixtures } = await import("../../emulator/fixtures");
    const fixtures = defaultFixtures();
    fixtures.orgs[0].groups = [{ id: "a".repeat(32), title: "Crews", owner: "dev_admin", access: "org", members: ["dev_user"], admins: ["dev_publisher"] }];
    fixtures.orgs[0].users[0].folders = [{ id: "b".repeat(32), title: "Drafts" }];
    const h = await Harness.start({ fixtures });
    try {
      const users = await h.call(`community/groups/${"a".repeat(32)}/users`, {}, { token: h.token("dev_admin"), method: "GET" });
      assert.deepEqual(users, { owner: "dev_admin", admins: ["dev_admin", "dev_publisher"], users: ["dev_user"] });
      const content = await h.call("content/users/dev_admin", {}, { token: h.token("dev_admin"), method: "GET" });
      assert.deepEqual(content.folders.map((f: any) => [f.id, f.title]), [["b".repeat(32), "Drafts"]]);
    } finally {
      await h.close();
    }
  });
});
