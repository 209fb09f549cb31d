// Issue 23, without a portal: the group and folder tables' rules at check (every failure named by
// path, no request), the membership arithmetic and its plan lines, the export's references to
// groups and folders, and the delete lines render-plan shows.
import { strict as assert } from "node:assert";
import { GROUP_TABLE } from "../../provider/resources/group/table";
import { FOLDER_TABLE } from "../../provider/resources/folder/table";
import { GROUP_MEMBERSHIP_TABLE } from "../../provider/resources/groupMembership/table";
import { checkByTable, diffByTable, changeLines } from "../../provider/resources/machinery/tableResource";
import { rosterChange, rosterLines } from "../../provider/resources/groupMembership/members";
import { folderArg, groupLines, sharingArg } from "../../cli/export/programGroups";
import { deleteLines } from "../../cli/deleteLines";
import { FOLDER, GROUP } from "../../spec/limits";
import { UNKNOWN } from "../../provider/rules/unknown";
import { checkPortalItem } from "../../provider/resources/portalItem/check";

const props = (failures: Array<{ property: string }>) => failures.map((f) => f.property).sort();

describe("issue 23: group, folder and membership tables", () => {
  it("a group's over-limit title, unknown access word and bad sort field fail with their paths", () => {
    const r = checkByTable(GROUP_TABLE, { title: "x".repeat(GROUP.maxTitleLength + 1), access: "everyone", sortField: "size", snippet: "s".repeat(251) });
    assert.deepEqual(props(r.failures), ["access", "snippet", "sortField", "title"]);
    assert.match(r.failures.find((f) => f.property === "title")!.reason, /251 characters; at most 250/);
    assert.match(r.failures.find((f) => f.property === "access")!.reason, /"everyone" is not one of: "private", "org", "public"/);
  });

  it("a title that is unknown at preview is not a failure; comma tags become a list", () => {
    const r = checkByTable(GROUP_TABLE, { title: UNKNOWN, access: "org", tags: "a, b,,c" });
    assert.deepEqual(r.failures, []);
    assert.deepEqual(r.inputs.tags, ["a", "b", "c"]);
  });

  it("a rename is an update; sharedUpdate and adoptGroupId replace", () => {
    const olds = { title: "Field crews", access: "org" };
    assert.deepEqual(diffByTable(GROUP_TABLE, olds, { title: "Field teams", access: "org" }).replaces, []);
    assert.deepEqual(diffByTable(GROUP_TABLE, olds, { ...olds, sharedUpdate: true }).replaces, ["sharedUpdate"]);
    assert.deepEqual(changeLines(GROUP_TABLE, olds, { title: "Field teams", access: "org" }, "group"), ['~ title: "Field crews" → "Field teams"']);
  });

  it("a folder title with a slash, an empty title and a bad owner fail; a member list over the limit fails", () => {
    assert.deepEqual(props(checkByTable(FOLDER_TABLE, { title: "a/b", owner: "bad name" }).failures), ["owner", "title"]);
    assert.deepEqual(props(checkByTable(FOLDER_TABLE, { title: "" }).failures), ["title"]);
    const long = checkByTable(FOLDER_TABLE, { title: "x".repeat(FOLDER.maxTitleLength + 1) });
    assert.deepEqual(props(long.failures), ["title"]);
    assert.match(long.failures[0].reason, new RegExp(`${FOLDER.maxTitleLength + 1} characters; at most ${FOLDER.maxTitleLength}`));
    assert.deepEqual(checkByTable(FOLDER_TABLE, { title: "x".repeat(FOLDER.maxTitleLength) }).failures, [], "the limit itself is fine");
    const many = Array.from({ length: GROUP.maxMembers + 1 }, (_, i) => `user${i}`);
    const r = checkByTable(GROUP_MEMBERSHIP_TABLE, { groupId: "a".repeat(32), users: many });
    assert.deepEqual(props(r.failures), ["users"]);
    assert.match(r.failures[0].reason, /at most 25000/);
    assert.deepEqual(props(checkByTable(GROUP_MEMBERSHIP_TABLE, { groupId: "not-a-group", users: ["ok", "not ok"] }).failures), ["groupId", "users[1]"]);
  });

  it("an unknown key in a table resource's inputs is not kept", () => {
    const r = checkByTable(FOLDER_TABLE, { title: "Drafts", titel: "typo" });
    assert.equal(r.inputs.titel, undefined);
  });
});

describe("issue 23: PortalItem folder and owner inputs", () => {
  const item = { type: "Web Map", title: "M", text: { operationalLayers: [] } };
  it("a folder title (or any non-id) fails at check saying a folder id is expected, from a Folder's folderId; no portal is asked", async () => {
    for (const folder of ["Drafts", "0123456789abcdef0123456789abcde", ""]) {
      const r = await checkPortalItem({}, { ...item, folder });
      assert.deepEqual(props(r.failures ?? []), ["folder"], folder);
      assert.match(r.failures![0].reason, /must be a folder id \(exactly 32 hexadecimal digits\), not a folder title: give a Folder resource's folderId/);
    }
  });
  it("a bad owner fails at check; an unknown folder (a Folder's output at preview) is not a failure", async () => {
    assert.deepEqual(props((await checkPortalItem({}, { ...item, owner: "bad name" })).failures ?? []), ["owner"]);
    const both = await checkPortalItem({}, { ...item, owner: "bad name", folder: UNKNOWN });
    assert.deepEqual(props(both.failures ?? []), ["owner"]);
  });
});

describe("issue 23: membership changes", () => {
  const held = { users: ["carol", "dave"], admins: ["erin"] };
  it("adds, removes and changes roles, never touching the owner", () => {
    const c = rosterChange(held, { users: ["carol", "erin", "owner"], admins: ["frank", "dave"] }, "owner");
    assert.deepEqual(c, { addUsers: [], addAdmins: ["frank"], remove: [], promote: ["dave"], demote: ["erin"] });
    assert.deepEqual(rosterLines(rosterChange(held, { users: ["carol", "gus"], admins: [] }, "owner")), ["~ members: + gus, - dave, - erin"]);
    assert.deepEqual(rosterLines(c), ["~ members: + frank (admin)", "~ role: dave member → admin", "~ role: erin admin → member"]);
  });
});

describe("issue 23: export references groups and folders by resource", () => {
  it("sharing names the groups by identifier, an unexported group by id", () => {
    const byId = new Map([["g1", "fieldCrews.groupId"]]);
    assert.equal(sharingArg("shared", ["g1", "g2"], byId), '{ access: "private", groups: [fieldCrews.groupId, "g2"] }');
    assert.equal(sharingArg("org", undefined, byId), '{ access: "org" }');
    assert.equal(folderArg("f1", new Map([["f1", "drafts"]])), "drafts.folderId");
    assert.equal(folderArg(null, new Map()), undefined);
  });

  it("a group adopts by id with its fields as the portal holds them, and its membership beside it", () => {
    const lines = groupLines({ name: "group-field-crews", users: ["carol"], admins: ["erin"], group: { id: "g1", title: "Field crews", owner: "alice", access: "org", isInvitationOnly: true, capabilities: ["updateitemcontrol"], tags: ["a"] } }, "groupFieldCrews");
    const text = lines.join("\n");
    assert.match(text, /new portal\.Group\("group-field-crews", \{\n  adoptGroupId: "g1",\n  title: "Field crews",\n  access: "org",/);
    assert.match(text, /isInvitationOnly: true/);
    assert.match(text, /sharedUpdate: true/);
    assert.match(text, /new portal\.GroupMembership\("group-field-crews-members", \{ groupId: groupFieldCrews\.groupId, users: \["carol"\], admins: \["erin"\] \}, adopted\);/);
  });
});

describe("issue 23: render-plan delete lines", () => {
  it("a group's delete names how many items are shared with it; a folder's says nothing is deleted", () => {
    assert.deepEqual(deleteLines("portal:Group", { title: "Field crews", groupId: "g1", sharedItemCount: 4 }), ['- delete group "Field crews" (g1)', "! 4 items are shared with it: the portal unshares them from the group"]);
    assert.match(deleteLines("portal:Folder", { title: "Drafts", owner: "alice", folderId: "f1", itemCount: 2 })[1], /move to alice's root folder first \(none is deleted\)/);
    assert.deepEqual(deleteLines("portal:GroupMembership", { groupId: "g1", users: ["carol"], admins: ["erin"] }), ["- remove 2 members from group g1: carol, erin (admin) (the owner stays)"]);
  });
});
