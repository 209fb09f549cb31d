// Issue 27: the provider's ops read real portal answers. Each fixture (test/replay/fixtures, one
// file per operation and notable variant, each naming its source) is served over HTTP to the real
// PortalClient; a success must parse into the values the provider reads, an error must become the
// typed error with a message that says what to do. A fixture whose shape the provider misreads
// fails here.
import assert from "node:assert/strict";
import { createPortalClient, resolvePortalConfig } from "../../provider/config";
import * as ops from "../../provider/ops";
import { AuthError, JobFailedError, NotFoundError, PortalError } from "../../provider/rest/errors";
import type { PortalClient } from "../../provider/rest/client";
import { inputsAsHeld } from "../../provider/resources/portalItem/read";
import { updateFields } from "../../provider/resources/portalItem/update";
import { allFixtures, fixture, formFields, ReplayServer } from "./server";

const ID = "9f3c2a1b0e4d4c6f8a7b5e3d2c1b0a99";
const ref = { owner: "gis_admin", itemId: ID };
const GROUP = "4a1c2b3d4e5f60718293a4b5c6d7e8f9";
const FOLDER = "b2a3c4d5e6f70819a0b1c2d3e4f5a6b7";

describe("replay: real portal answers through the real client (issue 27)", () => {
  const server = new ReplayServer();
  let client: PortalClient;
  before(async () => {
    await server.start();
  });
  after(async () => {
    await client?.close();
    await server.stop();
  });
  beforeEach(async () => {
    await client?.close();
    // no retry and no shared reads: each answer is the fixture's
    client = createPortalClient(resolvePortalConfig({ get: () => undefined }, { PORTAL_URL: server.url, PORTAL_TOKEN: "replay-token" }), { retry: { retries: 0 } });
    client.forgetReads();
  });

  it("every fixture names its source and the request it answers", () => {
    const names = allFixtures();
    assert.ok(names.length >= 20, `${names.length} fixtures`);
    for (const n of names) {
      const f = fixture(n);
      assert.match(f.source, /^https:\/\/|Esri\//, n);
      assert.match(f.request.method, /^(GET|POST)$/, n);
      assert.match(f.request.path, /^\/sharing\/rest\//, n);
    }
  });

  it("portals/self: the organization, the user, and what the release allows (itemIdToCreate from 10.8.1)", async () => {
    server.serve("portal-self/11.3");
    const self = await ops.getPortalSelf(client);
    assert.equal(self.id, "Xj56SBi2udA78cC9");
    assert.equal(self.user?.username, "gis_admin");
    assert.equal(await ops.portalTakesItemIdToCreate(client), true);
    await client.close();
    client = createPortalClient(resolvePortalConfig({ get: () => undefined }, { PORTAL_URL: server.url, PORTAL_TOKEN: "replay-token" }), { retry: { retries: 0 } });
    server.serve("portal-self/10.7");
    assert.equal(await ops.portalTakesItemIdToCreate(client), false);
  });

  it("portals/self as ArcGIS Online and as ArcGIS Enterprise answer it (every public key): the organization and the user read", async () => {
    for (const [name, id] of [["portal-self/online", "Xj56SBi2udA78cC9"], ["portal-self/enterprise", "0123456789ABCDEF"]]) {
      await client.close();
      client = createPortalClient(resolvePortalConfig({ get: () => undefined }, { PORTAL_URL: server.url, PORTAL_TOKEN: "replay-token" }), { retry: { retries: 0 } });
      server.serve(name);
      const self = await ops.getPortalSelf(client);
      assert.equal(self.id, id, name);
      assert.equal(self.user?.username, "gis_admin", name);
    }
  });

  it("an item with every public key, one with numbers as text, one without its optional keys: the fields the provider compares", async () => {
    for (const variant of ["item/web-map", "item/numbers-as-strings", "item/missing-optional"]) {
      server.serve(variant);
      const item = await ops.getItem(client, ID);
      client.forgetReads();
      assert.equal(item.id, ID, variant);
      assert.equal(item.title, "Hydrants", variant);
      const held = inputsAsHeld({ title: "x", tags: ["y"], snippet: "z", licenseInfo: "l", accessInformation: "a" }, item, []);
      assert.equal(held.title, "Hydrants", variant);
      if (variant === "item/missing-optional") {
        assert.deepEqual(held.tags ?? [], [], variant);
      } else {
        assert.deepEqual(held.tags, ["water", "fire"], variant);
        assert.equal(held.snippet, "Hydrants, inspected yearly", variant);
        assert.equal(held.licenseInfo, "CC-BY 4.0", variant);
        assert.equal(held.accessInformation, "City GIS", variant);
        assert.equal(item.ownerFolder, "b2a3c4d5e6f70819a0b1c2d3e4f5a6b7", variant);
      }
    }
  });

  it("a user item: the item and its sharing (access, groups)", async () => {
    server.serve("user-item/shared");
    const u = await ops.getUserItem(client, ref);
    assert.equal(u.item?.id, ID);
    assert.deepEqual(u.sharing, { access: "org", groups: ["4a1c2b3d4e5f60718293a4b5c6d7e8f9"] });
  });

  it("a group, its roster, a folder listing, a search page", async () => {
    server.serve("group/org", "group-users/roster", "user-content/root", "search/page");
    const g = await ops.getGroup(client, "4a1c2b3d4e5f60718293a4b5c6d7e8f9");
    assert.equal(g.title, "Field crews");
    assert.deepEqual(g.capabilities, ["updateitemcontrol"]);
    assert.deepEqual(await ops.getGroupUsers(client, g.id), { owner: "gis_admin", admins: ["gis_admin", "erin"], users: ["carol", "dave"] });
    const folders = await ops.listFolders(client, "gis_admin");
    assert.deepEqual(folders.map((f) => [f.id, f.title]), [["b2a3c4d5e6f70819a0b1c2d3e4f5a6b7", "Published"]]);
    const page = await ops.searchItems(client, { q: "owner:gis_admin", num: 1 });
    assert.equal(page.total, 101);
    assert.equal(page.nextStart, 2);
    assert.equal(page.results[0].id, ID);
  });

  it("item status: completed is returned, failed becomes the job's error with its message", async () => {
    server.serve("item-status/completed");
    assert.equal((await ops.getItemStatus(client, ref)).status, "completed");
    server.serve("item-status/failed");
    await assert.rejects(ops.waitForItemStatus(client, { ...ref, timeoutMs: 5_000 }), (e: unknown) => e instanceof JobFailedError && /Failed to process the file/.test((e as Error).message));
  });

  it("writes: addItem's id, a share that left a group out, the category tree, canReassignItems with a refusal", async () => {
    server.serve("add-item/success", "share/partly", "category-schema/tree", "can-reassign/one-refused");
    assert.equal((await ops.addItem(client, { owner: "gis_admin", item: { title: "Hydrants", type: "Web Map", text: "{}" } })).id, ID);
    const shared = await ops.shareItem(client, { ...ref, groups: ["0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f"] });
    assert.deepEqual(shared.notSharedWith, ["0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f"]);
    assert.deepEqual((await ops.getCategorySchema(client)).categorySchema.map((n) => n.title), ["Categories"]);
    const r = await ops.canReassignItems(client, { owner: "gis_admin", itemIds: [ID, "0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a"], targetUsername: "erin" });
    assert.equal(r.results[0].success, true);
    assert.equal(r.results[1].success, false);
    assert.match(String(r.results[1].reason ?? ""), /privileges to own this type/);
  });

  it("errors: an envelope on HTTP 200, 498, 499, details as text, 403: each the typed error, saying what to do", async () => {
    server.serve("errors/envelope-on-200");
    await assert.rejects(ops.getItem(client, ID), (e: unknown) => e instanceof PortalError && e.code === 400 && /does not exist or is inaccessible/.test((e as Error).message));
    server.serve("errors/invalid-token-498");
    await assert.rejects(ops.getItem(client, ID), (e: unknown) => e instanceof AuthError && /Invalid token/.test((e as Error).message) && /portal:token/.test((e as Error).message) && !(e as Error).message.includes("replay-token"));
    server.serve("errors/token-required-499");
    await assert.rejects(ops.getItem(client, ID), (e: unknown) => e instanceof AuthError && e.code === 499 && /Token Required/.test((e as Error).message) && /portal:token/.test((e as Error).message));
    server.serve("errors/details-as-strings-400");
    await assert.rejects(ops.updateItem(client, { ...ref, item: { snippet: "s" } }), (e: unknown) => e instanceof PortalError && /Unable to update item\. 'snippet' must be 2048 characters or fewer\./.test((e as Error).message));
    server.serve("errors/forbidden-403");
    await assert.rejects(ops.createGroup(client, { title: "G", access: "org" }), (e: unknown) => e instanceof PortalError && !(e instanceof NotFoundError) && e.code === 403 && /do not have permissions[^\n]*lacks the privilege this needs/.test((e as Error).message));
  });
  // What the op sent is checked against the parameters the REST page (and arcgis-rest-js) name.
  const sent = (pathEnd: string) => formFields(server.lastTo(pathEnd));

  it("item update and delete: the fields sent as the REST pages name them (tags as comma text, categories as JSON); success, id / itemId read", async () => {
    server.serve("update-item/success", "delete-item/success");
    // the fields as the PortalItem resource gives them to the op (its rows' encodings), for a change of tags, categories and snippet
    const { item } = updateFields({ title: "Hydrants", tags: ["water"], snippet: "Old", categories: [] } as never, { title: "Hydrants", tags: ["water", "fire"], categories: ["/Categories/Water, Sewer"] } as never);
    const up = await ops.updateItem(client, { ...ref, item });
    assert.deepEqual(up, { success: true, id: ID });
    const u = sent(`/content/users/gis_admin/items/${ID}/update`);
    assert.equal(server.lastTo("/update").method, "POST");
    assert.equal(u.get("f"), "json");
    assert.equal(u.get("token"), "replay-token");
    assert.equal(u.get("title"), undefined, "an unchanged field is not sent");
    assert.equal(u.get("tags"), "water,fire");
    assert.deepEqual(JSON.parse(u.get("categories") ?? "null"), ["/Categories/Water, Sewer"], "categories as a JSON array: a title may hold a comma");
    assert.equal(u.get("snippet"), "", "a removed field is sent empty");
    assert.equal(u.get("clearEmptyFields"), "true");
    const del = await ops.deleteItem(client, ref);
    assert.deepEqual(del, { success: true, itemId: ID });
    const d = sent(`/content/users/gis_admin/items/${ID}/delete`);
    assert.equal(d.get("f"), "json");
    assert.equal(d.get("token"), "replay-token");
  });

  it("move and reassign: folder (an id, / for the root); targetUsername and targetFolderName (a title)", async () => {
    server.serve("move-item/success", "reassign-item/success");
    const moved = await ops.moveItem(client, ref, FOLDER);
    assert.equal(moved.success, true);
    assert.equal(moved.folder, FOLDER);
    assert.equal(sent(`/items/${ID}/move`).get("folder"), FOLDER);
    await ops.moveItem(client, ref, undefined);
    assert.equal(sent(`/items/${ID}/move`).get("folder"), "/");
    const r = await ops.reassignItem(client, ref, "erin", "Handover");
    assert.deepEqual(r, { success: true, itemId: ID });
    const re = sent(`/items/${ID}/reassign`);
    assert.equal(re.get("targetUsername"), "erin");
    assert.equal(re.get("targetFolderName"), "Handover");
    await ops.reassignItem(client, ref, "erin", undefined);
    assert.equal(sent(`/items/${ID}/reassign`).get("targetFolderName"), "/");
  });

  it("group and folder create: createGroup's parameters as the REST page names them; the group and the folder read", async () => {
    server.serve("create-group/success", "create-folder/success");
    const g = await ops.createGroup(client, { title: "Field crews", access: "org", tags: ["field"], snippet: "For the crews", isInvitationOnly: true, sortField: "title", sortOrder: "asc" } as never);
    assert.equal(g.success, true);
    assert.equal(g.group.id, GROUP);
    assert.equal(g.group.owner, "gis_admin");
    const c = sent("/community/createGroup");
    assert.equal(c.get("title"), "Field crews");
    assert.equal(c.get("access"), "org");
    assert.equal(c.get("tags"), "field");
    assert.equal(c.get("isInvitationOnly"), "true");
    assert.equal(c.get("sortField"), "title");
    assert.equal(c.get("sortOrder"), "asc");
    assert.equal(c.get("token"), "replay-token");
    const folder = await ops.createFolder(client, "gis_admin", "Published");
    assert.deepEqual([folder.id, folder.title], [FOLDER, "Published"]);
    assert.deepEqual([...sent("/content/users/gis_admin/createFolder").entries()].filter(([k]) => k !== "token" && k !== "f"), [["title", "Published"]]);
  });

  it("an async job answered processing, then completed: polled at the status path until completed", async () => {
    server.serve("item-status/processing", "item-status/completed");
    const done = await ops.waitForItemStatus(client, { ...ref, timeoutMs: 10_000 });
    assert.equal(done.status, "completed");
    const polls = server.sentTo(`/content/users/gis_admin/items/${ID}/status`);
    assert.equal(polls.length, 3, "two processing answers, then completed");
    for (const p of polls) {
      assert.equal(p.method, "GET");
      assert.equal(formFields(p).get("f"), "json");
    }
  });

  it("an error envelope on HTTP 5xx: the typed error with the portal's message and the HTTP status", async () => {
    server.serve("errors/server-error-500");
    await assert.rejects(ops.getItem(client, ID), (e: unknown) => e instanceof PortalError && !(e instanceof NotFoundError) && e.code === 500 && e.httpStatus === 500 && /An error occurred\./.test((e as Error).message));
  });

  it("numbers as text in total, start, num, nextStart and an item's size/created: read as numbers", async () => {
    server.serve("search/numbers-as-strings", "user-content/numbers-as-strings");
    const page = await ops.searchItems(client, { q: "owner:gis_admin", num: 1 });
    assert.equal(page.total, 101);
    assert.equal(page.nextStart, 2);
    assert.equal(page.results[0].created, 1700000000000);
    const s = sent("/search");
    assert.equal(s.get("q"), "owner:gis_admin");
    assert.equal(s.get("num"), "1");
    const all = await ops.searchAllItems(client, "owner:gis_admin");
    assert.deepEqual(server.sentTo("/search").slice(1).map((r) => formFields(r).get("start")), ["1", "2"], "page 2 is asked for once, then nextStart (2, not past the start) ends it");
    assert.equal(all.length, 2);
    const listing = await ops.userContentPage(client, "gis_admin", FOLDER, 1, 2);
    assert.equal(listing.total, 3);
    assert.equal(listing.nextStart, 3);
    assert.deepEqual(listing.items.map((i: { id: string }) => i.id), [ID, "0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a"]);
    const l = sent(`/content/users/gis_admin/${FOLDER}`);
    assert.deepEqual([l.get("start"), l.get("num")], ["1", "2"]);
  });
});
