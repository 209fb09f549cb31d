import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: members' roles, user types, profiles, disabled flag and custom roles", () => {
  let h: Harness;
  const admin = () => ({ token: h.token("dev_admin") });
  const self = (verb: string) => `portals/${h.emu.portalId}/${verb}`;
  const read = (u: string) => h.call(`community/users/${u}`, {}, { ...admin(), method: "GET" });
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(() => h.close());

  it("updateUserRole sets a built-in role; the user reads it back with role, roleId and user type", async () => {
    assert.deepEqual(await h.call(self("updateUserRole"), { user: "dev_user", role: "org_publisher" }, admin()), { success: true, username: "dev_user" });
    const u = await read("dev_user");
    assert.equal(u.role, "org_publisher");
    assert.equal(u.userLicenseTypeId, "creatorUT");
    assert.ok(u.privileges.includes("portal:publisher:publishFeatures"));
  });

  it("a Viewer user type cannot hold Publisher or User; the error names both", async () => {
    assert.deepEqual(await h.call(self("updateUserLicenseType"), { users: "dev_viewer", userLicenseType: "viewerUT" }, admin()), { success: true, results: [{ username: "dev_viewer", success: true }] });
    const r = await h.call(self("updateUserRole"), { user: "dev_viewer", role: "org_publisher" }, admin());
    assert.equal(r.error.code, 400);
    assert.match(r.error.message, /Viewer user type .* not Publisher/);
    const down = await h.call(self("updateUserLicenseType"), { users: "dev_publisher", userLicenseType: "viewerUT" }, admin());
    assert.match(down.error.message, /dev_publisher: the Viewer user type/);
    assert.equal((await read("dev_publisher")).userLicenseTypeId, "creatorUT", "a refused change changes nothing");
    const unknown = await h.call(self("updateUserLicenseType"), { users: "dev_user", userLicenseType: "creatorXX" }, admin());
    assert.match(unknown.error.message, /Unknown user type 'creatorXX'/);
  });

  it("the last administrator can be neither demoted nor disabled", async () => {
    const r = await h.call(self("updateUserRole"), { user: "dev_admin", role: "org_user" }, admin());
    assert.match(r.error.message, /without an administrator/);
    const d = await h.call(self("disableUsers"), { users: "dev_admin" }, admin());
    assert.match(d.error.message, /without an administrator/);
  });

  it("disableUsers/enableUsers flip the flag; a disabled user's token is refused", async () => {
    assert.equal((await h.call(self("disableUsers"), { users: "dev_user" }, admin())).success, true);
    assert.equal((await read("dev_user")).disabled, true);
    assert.equal((await h.call("community/self", {}, { token: h.token("dev_user") })).error.code, 498);
    assert.equal((await h.call(self("enableUsers"), { users: "dev_user" }, admin())).success, true);
    assert.equal((await read("dev_user")).disabled, false);
  });

  it("community/users/<u>/update sets the profile; a plain member may not update another", async () => {
    const fields = { fullName: "Dev User", description: "Field crew", tags: "a,b", culture: "fr", region: "FR", units: "english" };
    assert.deepEqual(await h.call("community/users/dev_user/update", fields, admin()), { success: true, username: "dev_user" });
    const u = await read("dev_user");
    assert.deepEqual([u.fullName, u.description, u.tags, u.culture, u.region, u.units], ["Dev User", "Field crew", ["a", "b"], "fr", "FR", "english"]);
    const bad = await h.call("community/users/dev_user/update", { units: "furlongs" }, admin());
    assert.match(bad.error.message, /units/);
    const other = await h.call("community/users/dev_admin/update", { fullName: "x" }, { token: h.token("dev_user") });
    assert.equal(other.error.code, 403);
  });

  it("a custom role: created, privileges set (unknown ones refused with the closest), held, refused deletion, deleted", async () => {
    const made = await h.call(self("createRole"), { name: "Analyst", description: "reads" }, admin());
    assert.equal(made.success, true);
    const id = made.id as string;
    const bad = await h.call(self(`roles/${id}/setPrivileges`), { privileges: JSON.stringify({ privileges: ["portal:user:createItme"] }) }, admin());
    assert.match(bad.error.message, /Unknown privilege 'portal:user:createItme'; the closest known one is 'portal:user:createItem'/);
    const privileges = ["portal:user:createItem", "portal:user:joinGroup", "portal:user:shareToGroup", "features:user:edit", "portal:user:viewOrgItems"];
    assert.deepEqual(await h.call(self(`roles/${id}/setPrivileges`), { privileges: JSON.stringify({ privileges }) }, admin()), { success: true });
    assert.deepEqual((await h.call(self(`roles/${id}/privileges`), {}, admin())).privileges, privileges);
    assert.equal((await h.call(self(`roles/${id}/update`), { description: "reads and edits" }, admin())).success, true);
    assert.equal((await h.call(self(`roles/${id}`), {}, admin())).description, "reads and edits");
    const listed = await h.call(self("roles"), {}, admin());
    assert.deepEqual(listed.roles.map((r: { name: string }) => r.name), ["Analyst"]);
    await h.call(self("updateUserRole"), { user: "dev_user", role: id }, admin());
    const u = await read("dev_user");
    assert.deepEqual([u.role, u.roleId], ["org_user", id]);
    assert.deepEqual(u.privileges, privileges);
    const refused = await h.call(self(`roles/${id}/delete`), {}, admin());
    assert.match(refused.error.message, /Role 'Analyst' cannot be deleted: 1 member\(s\) hold it \(dev_user\)/);
    await h.call(self("updateUserRole"), { user: "dev_user", role: "org_user" }, admin());
    assert.deepEqual(await h.call(self(`roles/${id}/delete`), {}, admin()), { success: true });
    assert.equal((await h.call(self(`roles/${id}`), {}, admin())).error.code, 404);
  });

  it("a custom role's privileges are enforced: without changeUserRoles a member may not change roles", async () => {
    const r = await h.call(self("updateUserRole"), { user: "dev_viewer", role: "org_user" }, { token: h.token("dev_publisher") });
    assert.equal(r.error.code, 403);
    assert.match(r.error.message, /portal:admin:changeUserRoles/);
    const id = (await h.call(self("createRole"), { name: "Role admin" }, admin())).id;
    await h.call(self(`roles/${id}/setPrivileges`), { privileges: JSON.stringify({ privileges: ["portal:admin:changeUserRoles"] }) }, admin());
    await h.call(self("updateUserRole"), { user: "dev_publisher", role: id }, admin());
    const ok = await h.call(self("updateUserRole"), { user: "dev_user", role: "org_publisher" }, { token: h.token("dev_publisher") });
    assert.deepEqual(ok, { success: true, username: "dev_user" });
  });

  it("user search (community/users) and the org listing find members by role and user type", async () => {
    const s = await h.call("community/users", { q: "role:org_admin", num: 10 }, { ...admin(), method: "GET" });
    assert.deepEqual(s.results.map((u: { username: string }) => u.username), ["dev_admin"]);
    const all = await h.call(self("users"), { num: 100 }, { ...admin(), method: "GET" });
    assert.deepEqual(all.users.map((u: { username: string }) => u.username), ["dev_admin", "dev_publisher", "dev_user", "dev_viewer"]);
  });
});
