// Issue 23: export writes groups, memberships and folders, and items reference them by resource;
// with --no-groups it leaves all three out: an item keeps its folder id, and its sharing gives the
// access only, so its groups are not managed (docs/adopting.md).
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { exportInProcess } from "./exportRun";
import { portalPost } from "../resources/portalCalls";

describe("export --no-groups (issue 23)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let tmp: string;
  let groupId: string;
  let folderId: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-groups-"));
    groupId = (await portalPost(emu, "dev_admin", "community/createGroup", { title: "Field crews", access: "org", tags: "crews" })).group.id;
    await portalPost(emu, "dev_admin", `community/groups/${groupId}/addUsers`, { users: "dev_user" });
    folderId = (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: "Published" })).folder.id;
    const item = await portalPost(emu, "dev_admin", `content/users/dev_admin/${folderId}/addItem`, { title: "Crew map", type: "Web Map", text: "{}" });
    await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${item.id}/share`, { groups: groupId, org: "false", everyone: "false" });
  });
  after(async () => {
    await emu?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const exported = (args: string[]) => exportInProcess(emu, tmp, ["--no-schemas", ...args]);


  it("by default: the group, its membership and the folder are resources the item references", async () => {
    const r = await exported([]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.program, new RegExp(`new portal\\.Group\\("group-field-crews", \\{\\n  adoptGroupId: "${groupId}",`));
    assert.match(r.program, /new portal\.GroupMembership\("group-field-crews-members", \{ groupId: groupFieldCrews\.groupId, users: \["dev_user"\]/);
    assert.match(r.program, new RegExp(`new portal\\.Folder\\("folder-dev-admin-published", \\{ adoptFolderId: "${folderId}"`));
    assert.match(r.program, /folder: folderDevAdminPublished\.folderId,/);
    assert.match(r.program, /groups: \[groupFieldCrews\.groupId\]/);
  });

  it("--no-groups: no Group, GroupMembership or Folder; the item keeps its folder id, and its groups are not managed", async () => {
    const r = await exported(["--no-groups"]);
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.program, /new portal\.(Group|GroupMembership|Folder)\(/);
    assert.match(r.program, new RegExp(`folder: "${folderId}",`));
    assert.match(r.program, /"Crew map"[^]*sharing: \{ access: "private" \},/, "the access only: sharing.groups unset is not managed");
    assert.doesNotMatch(r.program, new RegExp(groupId));
  });
});
