// Members as code through the real Pulumi CLI, the packed package and the emulator: a roster of 20
// members (role, user type, categories) previews with no write and is applied; the portal holds each
// field, as arcgis-rest-js (getUser, searchUsers) reads it; an edit of three members previews three
// updates with their field lines; a category not in the tree and a Viewer as Publisher fail at
// preview with no write; drift made in the portal shows on refresh and up undoes it; a custom role
// with 5 privileges is created, changed (+1, −1), refused deletion while a member holds it and
// deleted after.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { ArcGISIdentityManager } from "@esri/arcgis-rest-request";
import { getUser, searchUsers } from "@esri/arcgis-rest-portal";
import { startEmulator, rosterFixtures, ROSTER_MEMBER_TREE, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalGet, portalPost, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, pulumiBinDir, runCommand, type FixtureProject } from "../support/pulumi";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const fs = require("fs");
const roster = JSON.parse(fs.readFileSync("roster.json", "utf8"));
const roleSpec = JSON.parse(fs.readFileSync("role.json", "utf8"));
const tree = new portal.MemberCategorySchema("members-tree", { memberCategorySchema: JSON.parse(fs.readFileSync("tree.json", "utf8")) });
const role = roleSpec ? new portal.Role("analyst", roleSpec) : undefined;
for (const m of roster) {
  new portal.Member(m.username, { ...m, role: m.role === "analyst" ? role.id : m.role }, { dependsOn: [tree] });
}
`;

interface Entry {
  username: string;
  role: string;
  userType: string;
  categories: string[];
  fullName?: string;
}

/** The roster: 20 members, their fields different from what the fixture org holds for most. */
function roster(): Entry[] {
  return Array.from({ length: 20 }, (_, k) => {
    const i = k + 1;
    const viewer = i % 4 === 0;
    return {
      username: `member${String(i).padStart(3, "0")}`,
      role: viewer ? "org_viewer" : i % 3 === 0 ? "org_publisher" : "org_user",
      userType: viewer ? "viewerUT" : "creatorUT",
      categories: [i % 2 === 0 ? "/Department/Sales" : "/Department/Engineering", "/Office Location/Europe/Zurich"],
    };
  });
}

describe("e2e members and roles", function () {
  this.timeout(1_800_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  const tree = [...ROSTER_MEMBER_TREE.map((n) => (n.title === "Department" ? { ...n, categories: [...n.categories, { title: "Engineering" }] } : n))];
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => `${q.method} ${q.path.split("?")[0]}`);
  const get = (route: string) => portalGet(emu, "dev_admin", route);
  const pulumi = (args: string[]) => runCommand(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: project.dir, env: { ...process.env, ...project.env } });
  const ok = async (args: string[]) => {
    const r = await pulumi(args);
    assert.equal(r.code, 0, `pulumi ${args.join(" ")}:\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  const write = (file: string, v: unknown) => fs.writeFileSync(path.join(project.dir, file), JSON.stringify(v, null, 2));

  before(async () => {
    emu = await startEmulator({ port: 0, fixtures: rosterFixtures(200) });
    project = createFixtureProject("members", program);
    write("tree.json", tree);
    write("roster.json", roster());
    write("role.json", null);
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("a roster of 20: preview writes nothing, up sets each field, arcgis-rest-js reads them; 3 edits are 3 updates; bad input fails at preview with no write; drift is refreshed and undone", async () => {
    await clearRequestLog(emu);
    const preview = await ok(["preview", "--diff"]);
    assert.equal(preview.split("portal:Member: (create)").length - 1, 20, "20 members to create (adopt)");
    assert.match(preview, /2[12] to create/);
    assert.match(preview, /~ categories \+ \/Department\/Engineering/);
    assert.deepEqual(await writes(), [], "a preview sends no write");

    await ok(["up", "--yes", "--skip-preview"]);
    const auth = ArcGISIdentityManager.fromToken({ token: emu.tokens.dev_admin, portal: emu.sharingUrl });
    for (const m of roster()) {
      const u = (await getUser({ username: m.username, authentication: await auth })) as Awaited<ReturnType<typeof getUser>> & { userLicenseTypeId?: string; categories?: string[] };
      const role = u.roleId === "org_viewer" || u.roleId === "viewer" ? "org_viewer" : u.role;
      assert.deepEqual([role, u.userLicenseTypeId, [...(u.categories ?? [])].sort()], [m.role, m.userType, m.categories.map((c) => `/Categories${c}`).sort()], m.username);
    }
    const publishers = await searchUsers({ q: "role:org_publisher", num: 100, authentication: await auth });
    const expected = roster().filter((m) => m.role === "org_publisher").map((m) => m.username);
    assert.deepEqual(publishers.results.map((u) => String(u.username)).filter((n) => n.startsWith("member0") && Number(n.slice(6)) <= 20).sort(), expected);

    // an edit of three members
    const edited = roster();
    edited[0].role = "org_publisher";
    edited[1].categories = ["/Department/Consulting"];
    edited[4].fullName = "Member Five";
    write("roster.json", edited);
    await clearRequestLog(emu);
    const three = await ok(["preview", "--diff"]);
    assert.match(three, /3 to update/);
    assert.match(three, /~ role: User → Publisher/);
    assert.match(three, /~ categories \+ \/Department\/Consulting/);
    assert.match(three, /~ fullName: \\?"member005\\?" → \\?"Member Five\\?"/);
    assert.deepEqual(await writes(), []);
    await ok(["up", "--yes", "--skip-preview"]);
    assert.equal((await get("community/users/member001")).role, "org_publisher");

    // bad input: a category not in the tree, a Viewer as Publisher — no write
    for (const [change, message] of [
      [(r: Entry[]) => (r[2].categories = ["/Department/Sails"]), /"\/Department\/Sails" is not in the MemberCategorySchema of this deployment; the closest is "\/Department\/Sales"/],
      [(r: Entry[]) => (r[3].role = "org_publisher"), /member004: the Viewer user type can hold only the Viewer role .*not Publisher/],
    ] as Array<[(r: Entry[]) => void, RegExp]>) {
      const bad = JSON.parse(JSON.stringify(edited)) as Entry[];
      change(bad);
      write("roster.json", bad);
      await clearRequestLog(emu);
      const r = await pulumi(["preview"]);
      assert.notEqual(r.code, 0);
      assert.match(r.stdout + r.stderr, message);
      assert.deepEqual(await writes(), [], "no write");
    }
    write("roster.json", edited);

    // drift made in the portal: a role changed, a category removed
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/updateUserRole`, { user: "member002", role: "org_publisher" });
    await portalPost(emu, "dev_admin", "community/users/member003/update", { categories: JSON.stringify(["/Categories/Office Location/Europe/Zurich"]) });
    const refreshed = await ok(["refresh", "--yes"]);
    assert.match(refreshed, /2 updated/);
    const undo = await ok(["preview", "--diff"]);
    assert.match(undo, /2 to update/);
    assert.match(undo, /~ role: Publisher → User/);
    assert.match(undo, /~ categories \+ \/Department\/Engineering/);
    await ok(["up", "--yes", "--skip-preview"]);
    assert.equal((await get("community/users/member002")).role, "org_user");
    assert.deepEqual([...(await get("community/users/member003")).categories].sort(), ["/Categories/Department/Engineering", "/Categories/Office Location/Europe/Zurich"]);
  });

  it("a custom role with 5 privileges: created, changed (+1, −1), deletion refused while held, deleted after", async () => {
    const five = ["portal:user:createItem", "portal:user:joinGroup", "portal:user:shareToGroup", "features:user:edit", "portal:user:viewOrgItems"];
    const withRole = roster();
    withRole[5].role = "analyst";
    write("roster.json", withRole);
    write("role.json", { name: "Analyst", description: "Field analysts", privileges: five });
    await ok(["up", "--yes"]);
    const roles = await get(`portals/${emu.portalId}/roles`);
    const analyst = roles.roles.find((r: { name: string }) => r.name === "Analyst");
    assert.ok(analyst, JSON.stringify(roles));
    assert.deepEqual((await get(`portals/${emu.portalId}/roles/${analyst.id}/privileges`)).privileges.sort(), [...five].sort());
    assert.equal((await get("community/users/member006")).roleId, analyst.id);

    const changed = [...five.slice(1), "portal:user:createGroup"];
    write("role.json", { name: "Analyst", description: "Field analysts", privileges: changed });
    const p = await ok(["preview", "--diff"]);
    assert.match(p, /1 to update/);
    assert.match(p, /\+ privilege portal:user:createGroup/);
    assert.match(p, /- privilege portal:user:createItem/);
    await ok(["up", "--yes", "--skip-preview"]);
    assert.deepEqual((await get(`portals/${emu.portalId}/roles/${analyst.id}/privileges`)).privileges.sort(), [...changed].sort());

    // the role and member006's Member leave the program: the user still holds the role
    write("role.json", null);
    write("roster.json", withRole.filter((m) => m.username !== "member006"));
    const refused = await pulumi(["up", "--yes", "--skip-preview"]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stdout + refused.stderr, /Role "Analyst" \(\w+\) is held by 1 member \(member006\)/);
    assert.ok(!(await get(`portals/${emu.portalId}/roles/${analyst.id}`)).error, "still there");

    withRole[5].role = "org_user";
    write("roster.json", withRole);
    await ok(["up", "--yes", "--skip-preview"]);
    assert.ok((await get(`portals/${emu.portalId}/roles/${analyst.id}`)).error, "deleted");
    assert.equal((await get("community/users/member006")).role, "org_user");
  });
});
