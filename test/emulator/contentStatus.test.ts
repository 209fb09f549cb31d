import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: item status (spec.md#item-status, spec.md#status-transitions, spec.md#set-content-status, spec.md#authentication, spec.md#errors)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  afterEach(() => h.control("reset"));
  after(() => h.close());
  const setStatus = (id: string, status: string, user = "dev_user", extra: Record<string, string | boolean> = {}) =>
    h.call(`content/items/${id}/setContentStatus`, { status, ...extra }, { token: h.token(user) });
  const statusOf = async (id: string) => (await h.call(`content/items/${id}`, {}, { token: h.token("dev_admin") })).contentStatus;
  const flags = (f: { public?: boolean; identityVerified?: boolean }) => h.control(`orgs/${h.emu.portalId}/flags`, f);
  const share = (id: string, fields: Record<string, boolean>, op = "share") => h.call(`content/users/dev_user/items/${id}/${op}`, fields, { token: h.token("dev_user") });

  it("4.5: the owner marks an item org_authoritative: {success, itemId}; it is protected from deletion (2.2)", async () => {
    const id = await h.addItem("dev_user");
    assert.deepEqual(await setStatus(id, "org_authoritative"), { success: true, itemId: id });
    const item = await h.call(`content/items/${id}`, {}, { token: h.token("dev_user") });
    assert.equal(item.contentStatus, "org_authoritative");
    assert.equal(item.protected, true);
    assert.equal((await h.call(`content/users/dev_user/items/${id}/delete`, {}, { token: h.token("dev_user") })).error.messageCode, "CONT_0048");
  });

  it("3.1: deprecated is set by the same caller rule and is not protected", async () => {
    const id = await h.addItem("dev_user");
    await setStatus(id, "deprecated");
    assert.equal(await statusOf(id), "deprecated");
    assert.equal((await h.call(`content/items/${id}`, {}, { token: h.token("dev_user") })).protected, false);
  });

  it("3.1 / part 7: public_authoritative needs a public and verified org; otherwise CONT_0163 with empty details", async () => {
    const id = await h.addItem("dev_user");
    for (const f of [{ public: false, identityVerified: false }, { public: true, identityVerified: false }, { public: false, identityVerified: true }]) {
      await flags(f);
      const r = await setStatus(id, "public_authoritative");
      assert.equal(r.error.code, 400);
      assert.equal(r.error.messageCode, "CONT_0163");
      assert.deepEqual(r.error.details, []);
    }
    await flags({ public: true, identityVerified: true });
    assert.equal((await setStatus(id, "public_authoritative")).success, true);
    assert.equal(await statusOf(id), "public_authoritative");
  });

  it("3.1: an empty status with clearEmptyFields=true removes status and badges at once", async () => {
    const id = await h.addItem("dev_user");
    await setStatus(id, "org_authoritative");
    assert.equal((await setStatus(id, "", "dev_user", { clearEmptyFields: true })).success, true);
    const item = await h.call(`content/items/${id}`, {}, { token: h.token("dev_user") });
    assert.equal("contentStatus" in item, false);
    assert.equal(item.protected, false);
  });

  it("4.5: an empty status without clearEmptyFields and an unknown status are refused", async () => {
    const id = await h.addItem("dev_user");
    await setStatus(id, "deprecated");
    assert.match((await setStatus(id, "")).error.message, /clearEmptyFields=true/);
    assert.equal(await statusOf(id), "deprecated");
    assert.match((await setStatus(id, "authoritative")).error.message, /must be one of/);
  });

  it("part 5: an administrator with the privilege may set another's item; a plain member and a foreign admin may not", async () => {
    const id = await h.addItem("dev_user");
    await share(id, { org: true });
    assert.equal((await setStatus(id, "deprecated", "dev_admin")).success, true);
    assert.equal((await setStatus(id, "deprecated", "dev_publisher")).error.code, 403);
    assert.equal((await setStatus(id, "deprecated", "prod_admin")).error.code, 404);
  });

  it("part 5: a custom administrative role sets another's item's status with portal:admin:updateItems (REST set content status) and not without it", async () => {
    const { defaultFixtures } = await import("../../emulator/fixtures");
    const fx = defaultFixtures();
    fx.orgs[0].users.push({ username: "dev_itemadmin", role: "item_admin", privileges: ["portal:admin:updateItems"], token: "tok-itemadmin" });
    fx.orgs[0].users.push({ username: "dev_itemviewer", role: "item_viewer", privileges: ["portal:admin:viewItems"], token: "tok-itemviewer" });
    await h.control("fixtures", fx);
    const id = await h.addItem("dev_user");
    // shared with the organization, so the member without the privilege can read it (else 404)
    await h.call(`content/users/dev_user/items/${id}/share`, { org: true }, { token: h.token("dev_user") });
    const r = await h.call(`content/items/${id}/setContentStatus`, { status: "deprecated" }, { token: "tok-itemviewer" });
    assert.equal(r.error.code, 403);
    assert.match(r.error.message, /portal:admin:updateItems/);
    const ok = await h.call(`content/items/${id}/setContentStatus`, { status: "deprecated" }, { token: "tok-itemadmin" });
    assert.equal(ok.success, true, JSON.stringify(ok));
    await h.control("reset", { initial: true });
  });

  it("3.1: when the org becomes identity-verified, every org_authoritative item moves to public_authoritative", async () => {
    const a = await h.addItem("dev_user");
    const b = await h.addItem("dev_publisher");
    const c = await h.addItem("dev_user");
    const prod = await h.addItem("prod_user");
    await setStatus(a, "org_authoritative");
    await setStatus(b, "org_authoritative", "dev_publisher");
    await setStatus(c, "deprecated");
    await h.call(`content/items/${prod}/setContentStatus`, { status: "org_authoritative" }, { token: h.token("prod_user") });
    const r = await flags({ identityVerified: true });
    assert.equal(r.movedToPublicAuthoritative, 2);
    assert.equal(await statusOf(a), "public_authoritative");
    assert.equal(await statusOf(b), "public_authoritative");
    assert.equal(await statusOf(c), "deprecated");
    assert.equal((await h.call(`content/items/${prod}`, {}, { token: h.token("prod_admin") })).contentStatus, "org_authoritative");
  });

  it("3.1: sharing an org_authoritative item with the public from a verified org makes it public_authoritative; unsharing moves it back", async () => {
    await flags({ identityVerified: false });
    const id = await h.addItem("dev_user");
    await setStatus(id, "org_authoritative");
    await flags({ identityVerified: true }); // moves it; set it back to test the sharing move
    await flags({ public: true });
    await setStatus(id, "org_authoritative");
    assert.equal(await statusOf(id), "org_authoritative");
    await share(id, { everyone: true });
    assert.equal(await statusOf(id), "public_authoritative");
    assert.equal((await h.call(`content/items/${id}`, {}, {})).access, "public", "anonymous read of a public item");
    await share(id, { everyone: true }, "unshare");
    assert.equal(await statusOf(id), "org_authoritative");
  });

  it("3.1: sharing with the public from an unverified org leaves org_authoritative", async () => {
    const id = await h.addItem("dev_user");
    await setStatus(id, "org_authoritative");
    await share(id, { everyone: true });
    assert.equal(await statusOf(id), "org_authoritative");
  });

  it("part 5: a user without the share-to-public privilege cannot share publicly", async () => {
    const { defaultFixtures } = await import("../../emulator/fixtures");
    const fx = defaultFixtures();
    fx.orgs[0].users.push({ username: "dev_private", role: "org_user", privileges: ["portal:user:createItem"], token: "tok-private" });
    await h.control("fixtures", fx);
    const r = await h.call("content/users/dev_private/addItem", { title: "T", type: "Web Map" }, { token: "tok-private" });
    const s = await h.call(`content/users/dev_private/items/${r.id}/share`, { everyone: true }, { token: "tok-private" });
    assert.equal(s.error.code, 403);
    await h.control("reset", { initial: true });
  });
});

describe("emulator: search by status (spec.md#item-status)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());

  it("2.2: items can be filtered by status, and authoritative items are boosted", async () => {
    const plain = await h.addItem("dev_user", { title: "Roads plain" });
    const auth = await h.addItem("dev_user", { title: "Roads authoritative" });
    const dep = await h.addItem("dev_user", { title: "Roads deprecated" });
    const newest = await h.addItem("dev_user", { title: "Roads newest" });
    await h.call(`content/items/${auth}/setContentStatus`, { status: "org_authoritative" }, { token: h.token("dev_user") });
    await h.call(`content/items/${dep}/setContentStatus`, { status: "deprecated" }, { token: h.token("dev_user") });
    const t = { token: h.token("dev_user") };
    const byStatus = await h.call("search", { q: "owner:dev_user", filter: "contentstatus:deprecated" }, t);
    assert.deepEqual(byStatus.results.map((r: any) => r.id), [dep]);
    const all = await h.call("search", { q: "roads" }, t);
    assert.equal(all.total, 4);
    assert.equal(all.results[0].id, auth, "the authoritative item comes first");
    assert.ok(all.results.map((r: any) => r.id).includes(plain) && all.results.map((r: any) => r.id).includes(newest));
    const page = await h.call("search", { q: "roads", num: 1, start: 2 }, t);
    assert.equal(page.results.length, 1);
    assert.equal(page.nextStart, 3);
    assert.equal((await h.call("search", { q: "roads" }, { token: h.token("dev_publisher") })).total, 0, "private items of others are not found");
    assert.match((await h.call("search", { q: "x", num: 101 }, t)).error.message, /'num'/);
  });
});
