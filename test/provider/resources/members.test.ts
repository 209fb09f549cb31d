// Member and Role through their ResourceProvider methods against the emulator: adoption with no
// write when nothing differs, plan lines per field, the checks at preview (unknown user, category
// not in the tree, Viewer as Publisher, the last administrator), drift on refresh, a custom role's
// privileges and its refused delete. The portal's state is read over REST.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, portalGet, portalPost, requestLog } from "./portalCalls";

const { orgMember: member, role, memberCategorySchema } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const plan = (r: { inputs?: Record<string, any> }) => (r.inputs?.plannedChanges ?? []) as string[];

describe("provider Member and Role against the emulator", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const get = (route: string) => portalGet(emu, "dev_admin", route);
  const writes = async () => (await requestLog(emu)).filter((r) => r.method === "POST").map((r) => r.path);
  const tree = [{ title: "Department", categories: [{ title: "Sales" }, { title: "Consulting" }] }];

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    for (const p of [member, role, memberCategorySchema]) await p.configure!(configFor(emu, "dev_admin") as any);
    const c = await memberCategorySchema.check!({}, { memberCategorySchema: tree });
    await memberCategorySchema.create(c.inputs!);
  });

  it("Member: adopts with plan lines per field, writes them, adopts again with no write, updates one field", async () => {
    const news = { username: "dev_user", role: "Publisher", categories: ["/Department/Sales"], fullName: "Dev User", tags: "a,b" };
    const c = await member.check!({}, news);
    assert.deepEqual(c.failures ?? [], []);
    assert.deepEqual(plan(c), ["= adopt member dev_user", "~ role: User → Publisher", "~ categories + /Department/Sales", '~ fullName: "dev_user" → "Dev User"', '~ tags: [] → ["a","b"]']);
    const made = await member.create(c.inputs!);
    const u = await get("community/users/dev_user");
    assert.deepEqual([u.role, u.categories, u.fullName, u.tags], ["org_publisher", ["/Categories/Department/Sales"], "Dev User", ["a", "b"]]);

    await clearRequestLog(emu);
    const again = await member.check!({}, news);
    assert.deepEqual(plan(again), ["= adopt member dev_user: no change"]);
    await member.create(again.inputs!);
    assert.deepEqual(await writes(), [], "an adoption that changes nothing writes nothing");

    const edit = await member.check!(made.outs, { ...news, role: "org_user", categories: ["/Department/Consulting"] });
    assert.deepEqual(plan(edit), ["~ role: Publisher → User", "~ categories + /Department/Consulting", "~ categories - /Department/Sales"]);
    assert.equal((await member.diff!("dev_user", made.outs, edit.inputs)).changes, true);
    await member.update!("dev_user", made.outs, edit.inputs);
    const after = await get("community/users/dev_user");
    assert.deepEqual([after.role, after.categories], ["org_user", ["/Categories/Department/Consulting"]]);
  });

  it("Member: preview refuses an unknown user, a category not in the tree (closest named), a Viewer as Publisher, the last administrator — with no write", async () => {
    await clearRequestLog(emu);
    const nobody = await member.check!({}, { username: "nobody" });
    assert.match(nobody.failures![0].reason, /user "nobody" does not exist in the organization/);
    const cat = await member.check!({}, { username: "dev_user", categories: ["/Department/Sale"] });
    assert.equal(cat.failures![0].property, "categories[0]");
    assert.match(cat.failures![0].reason, /"\/Department\/Sale" is not in the MemberCategorySchema of this deployment; the closest is "\/Department\/Sales"/);
    const viewer = await member.check!({}, { username: "dev_user", userType: "viewerUT", role: "org_publisher" });
    assert.match(viewer.failures![0].reason, /dev_user: the Viewer user type can hold only .* not Publisher/);
    const lastAdmin = await member.check!({}, { username: "dev_admin", role: "org_user" });
    assert.match(lastAdmin.failures![0].reason, /dev_admin is the organization's last administrator/);
    assert.deepEqual(await writes(), []);
  });

  it("Member: an edit in the portal is drift on refresh; update puts it back; delete leaves the user unless resetOnDelete", async () => {
    const c = await member.check!({}, { username: "dev_user", role: "org_publisher", categories: ["/Department/Sales"], userType: "creatorUT" });
    const made = await member.create(c.inputs!);
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/updateUserRole`, { user: "dev_user", role: "org_user" });
    await portalPost(emu, "dev_admin", "community/users/dev_user/update", { categories: "[]" });
    const r = await member.read!("dev_user", made.outs);
    assert.deepEqual([r.inputs!.role, r.inputs!.categories, r.inputs!.userType], ["org_user", [], "creatorUT"]);
    const back = await member.check!(r.inputs!, c.inputs!);
    assert.deepEqual(plan(back), ["~ role: User → Publisher", "~ categories + /Department/Sales"]);
    await member.update!("dev_user", r.props!, back.inputs);
    assert.equal((await get("community/users/dev_user")).role, "org_publisher");
    await member.delete!("dev_user", made.outs);
    assert.equal((await get("community/users/dev_user")).role, "org_publisher", "delete leaves the user");
    await member.delete!("dev_user", { ...made.outs, resetOnDelete: true });
    const reset = await get("community/users/dev_user");
    assert.deepEqual([reset.role, reset.categories], ["org_user", []]);
  });

  it("Role: 5 privileges created; +1 −1 previewed and applied; delete refused while held (naming the holder), then deleted", async () => {
    const five = ["portal:user:createItem", "portal:user:joinGroup", "portal:user:shareToGroup", "features:user:edit", "portal:user:viewOrgItems"];
    const typo = await role.check!({}, { name: "Analyst", privileges: ["portal:user:createItme"] });
    assert.match(typo.failures![0].reason, /unknown privilege "portal:user:createItme"; the closest known one is "portal:user:createItem"/);
    const c = await role.check!({}, { name: "Analyst", description: "Field analysts", privileges: five });
    assert.equal(plan(c)[0], '+ role "Analyst" with 5 privileges');
    const made = await role.create(c.inputs!);
    assert.deepEqual((await get(`portals/${emu.portalId}/roles/${made.id}/privileges`)).privileges.sort(), [...five].sort());
    const changed = [...five.slice(1), "portal:user:createGroup"];
    const u = await role.check!(made.outs, { name: "Analyst", description: "Field analysts", privileges: changed });
    assert.deepEqual(plan(u), ["+ privilege portal:user:createGroup", "- privilege portal:user:createItem"]);
    await role.update!(made.id, made.outs, u.inputs);
    assert.deepEqual((await get(`portals/${emu.portalId}/roles/${made.id}/privileges`)).privileges.sort(), [...changed].sort());

    const m = await member.check!({}, { username: "dev_user", role: made.id });
    assert.deepEqual(plan(m), ["= adopt member dev_user", "~ role: User → Analyst"]);
    await member.create(m.inputs!);
    const held = /Role "Analyst" \(\w+\) is held by 1 member \(dev_user\)/;
    await assert.rejects(role.delete!(made.id, { ...made.outs, ...u.inputs }), (e: Error) => held.test(e.message));
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/updateUserRole`, { user: "dev_user", role: "org_user" });
    await role.delete!(made.id, made.outs);
    assert.ok((await get(`portals/${emu.portalId}/roles/${made.id}`)).error, "deleted");
  });

  it("Role: adoptRoleId adopts an existing role with no write when it matches; a missing id fails at preview", async () => {
    const id = (await portalPost(emu, "dev_admin", `portals/${emu.portalId}/createRole`, { name: "Editors", description: "edit" })).id;
    const privileges = ["features:user:edit", "portal:user:joinGroup"];
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/roles/${id}/setPrivileges`, { privileges: JSON.stringify({ privileges }) });
    await clearRequestLog(emu);
    const c = await role.check!({}, { adoptRoleId: id, name: "Editors", description: "edit", privileges });
    assert.deepEqual(plan(c), [`= adopt role "Editors" (${id}): no change`]);
    const made = await role.create(c.inputs!);
    assert.equal(made.id, id);
    assert.deepEqual(await writes(), [], "adopting a role as it is writes nothing");
    const more = await role.check!({}, { adoptRoleId: id, name: "Editors", description: "edit", privileges: [...privileges, "portal:user:createItem"] });
    assert.deepEqual(plan(more), [`= adopt role "Editors" (${id})`, "+ privilege portal:user:createItem"]);
    const missing = await role.check!({}, { adoptRoleId: "nope", name: "X", privileges });
    assert.match(missing.failures![0].reason, /the organization has no custom role nope/);
  });

  it("Member: a thumbnail file is sent on adoption when the user has none, and again when the file changes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "member-thumb-"));
    const file = path.join(dir, "me.png");
    const png = (n: number) => Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"), Buffer.alloc(n)]);
    fs.writeFileSync(file, png(10));
    try {
      const c = await member.check!({}, { username: "dev_user", thumbnailFile: file });
      assert.match(plan(c)[1], /^~ thumbnail: .*me\.png/);
      const made = await member.create(c.inputs!);
      assert.equal((await get("community/users/dev_user")).thumbnail, "me.png");
      fs.writeFileSync(file, png(20));
      const again = await member.check!(made.outs, { username: "dev_user", thumbnailFile: file });
      assert.equal((await member.diff!("dev_user", made.outs, again.inputs)).changes, true);
      await clearRequestLog(emu);
      await member.update!("dev_user", made.outs, again.inputs);
      assert.deepEqual(await writes(), ["/sharing/rest/community/users/dev_user/update"]);
      const big = await member.check!({}, { username: "dev_user", thumbnailFile: path.join(dir, "missing.png") });
      assert.equal(big.failures![0].property, "thumbnailFile");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
