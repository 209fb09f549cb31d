// export writes the organization's members and custom roles: a Member per user (role, user type,
// categories) and a Role per custom role adopted by id, the Member of a role's holder pointing at
// the Role's id; --no-members leaves them out. The Member and Role providers then adopt what the
// program says with no write.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { rosterFixtures, startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { exportInProcess } from "./exportRun";
import { clearRequestLog, portalPost, requestLog } from "../resources/portalCalls";

describe("export: members and custom roles (--no-members)", function () {
  this.timeout(300_000);
  let emu: RunningEmulator;
  let tmp: string;
  let roleId: string;
  const privileges = ["features:user:edit", "portal:user:createItem", "portal:user:joinGroup"];

  before(async () => {
    emu = await startEmulator({ port: 0, fixtures: rosterFixtures(200) });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-members-"));
    roleId = (await portalPost(emu, "dev_admin", `portals/${emu.portalId}/createRole`, { name: "Field editors", description: "edit in the field" })).id;
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/roles/${roleId}/setPrivileges`, { privileges: JSON.stringify({ privileges }) });
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/updateUserRole`, { user: "member001", role: roleId });
  });
  after(async () => {
    await emu?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("writes a Member per user of the 200-member org and the custom role; the providers adopt them with 0 writes", async () => {
    const r = await exportInProcess(emu, tmp, ["--no-items"]);
    assert.equal(r.code, 0, r.err);
    const members = r.program.split("\n").filter((l) => l.startsWith("new portal.Member("));
    assert.equal(members.length, 204);
    const role = r.program.split("\n").find((l) => l.includes("new portal.Role("));
    assert.ok(role, r.program.slice(0, 2000));
    assert.match(role, new RegExp(`adoptRoleId: "${roleId}", name: "Field editors", description: "edit in the field", privileges: \\["features:user:edit", "portal:user:createItem", "portal:user:joinGroup"\\]`));
    const ident = /^const (\w+) = new portal\.Role/.exec(role)![1];
    assert.ok(members.some((l) => l.includes(`username: "member001", role: ${ident}.id`)), "the holder points at the Role's id");
    const m2 = members.find((l) => l.includes('"member005"'))!;
    assert.match(m2, /role: "org_viewer", userType: "viewerUT", categories: \["\/Department\/Field Operations", "\/Office Location\/USA\/Redlands"\]/);

    // the first up of the program: each Member and the Role adopt with no write
    const { orgMember, role: roleProvider } = resourceProviders;
    const config = { config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_admin })[k], require: () => "" } };
    for (const p of [orgMember, roleProvider]) await p.configure!(config as any);
    await clearRequestLog(emu);
    const rc = await roleProvider.check!({}, { adoptRoleId: roleId, name: "Field editors", description: "edit in the field", privileges });
    assert.deepEqual(rc.inputs.plannedChanges, [`= adopt role "Field editors" (${roleId}): no change`]);
    await roleProvider.create(rc.inputs);
    for (const line of members) {
      const args = new Function("ident", `return (${line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1).replace(`${ident}.id`, JSON.stringify(roleId))});`)() as Record<string, unknown>;
      const c = await orgMember.check!({}, args);
      assert.deepEqual(c.failures ?? [], [], line);
      assert.deepEqual(c.inputs.plannedChanges, [`= adopt member ${args.username}: no change`], line);
      await orgMember.create(c.inputs);
    }
    assert.deepEqual((await requestLog(emu)).filter((q) => q.method !== "GET"), [], "adopting the export writes nothing");
  });

  it("--no-members leaves members and roles out", async () => {
    const r = await exportInProcess(emu, tmp, ["--no-items", "--no-members", "--force"]);
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.program, /portal\.Member\(|portal\.Role\(/);
  });
});
