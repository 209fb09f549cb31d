// Issue 23 acceptance, through the real Pulumi CLI, the packed package and the emulator: a program
// with 2 groups (with their memberships), 3 folders and 4 items shared to the groups → up → the
// portal's REST answers (not the provider's outputs) show the groups, members, folders and sharing;
// a refreshing preview right after that up plans nothing (the first bug: a refresh, then a
// spurious folder diff); moving one item to another folder and reassigning another to another user
// previews as 2 updates (no replace) and up keeps both item ids, with no delete in the request log;
// dropping a group, render-plan names the items shared with it; a typo'd group id fails the preview
// and the up with the group named, no write and no partial item; the organization (plus two items made in
// the "web UI" in those folders and groups) exported, installed and adopted sends no write, and the
// next preview has no change. Bad input for each new resource fails at preview with 0 requests.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalGet, portalPost, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, installExportedProject, offlineEngineEnv, pulumiBinDir, runCommand, runPulumi, type FixtureProject } from "../support/pulumi";

const root = path.resolve(__dirname, "..", "..");
const bin = path.join(root, "dist", "cli", "index.js");
const TYPO = "0123456789abcdef0123456789abcdef";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const phase = new pulumi.Config().require("phase");
const crews = new portal.Group("field-crews", { title: "Field crews", access: "org", isInvitationOnly: true, snippet: "Maps for the crews" });
// phase "drop": the editors group goes, and the items stop sharing with it
const drop = phase === "drop";
const editors = drop ? undefined : new portal.Group("editors", { title: "Editors", access: "private", tags: ["edit", "qa"] });
new portal.GroupMembership("field-crews-members", { groupId: crews.groupId, users: ["dev_user", "dev_viewer"], admins: ["dev_publisher"] });
if (editors) new portal.GroupMembership("editors-members", { groupId: editors.groupId, users: ["dev_publisher"] });
const drafts = new portal.Folder("drafts", { title: "Drafts" });
const published = new portal.Folder("published", { title: "Published" });
const theirs = new portal.Folder("publisher-maps", { title: "Maps", owner: "dev_publisher" });
const web = (t) => ({ operationalLayers: [], baseMap: { baseMapLayers: [], title: t } });
const later = phase !== "one";
const a = new portal.PortalItem("map-a", { type: "Web Map", title: "Map A", text: web("A"), folder: later ? published.folderId : drafts.folderId, sharing: { access: "private", groups: [crews.groupId] } });
const b = new portal.PortalItem("map-b", { type: "Web Map", title: "Map B", text: web("B"), owner: later ? "dev_publisher" : "dev_admin", folder: later ? theirs.folderId : drafts.folderId, sharing: { access: "private", groups: editors ? [editors.groupId] : [] } });
const c = new portal.PortalItem("map-c", { type: "Web Map", title: "Map C", text: web("C"), folder: published.folderId, sharing: { access: "org", groups: editors ? [crews.groupId, editors.groupId] : [crews.groupId] } });
const d = new portal.PortalItem("map-d", { type: "Web Map", title: "Map D", text: web("D"), sharing: { access: "private", groups: [crews.groupId] } });
if (phase === "typo") new portal.PortalItem("map-e", { type: "Web Map", title: "Map E", text: web("E"), sharing: { access: "private", groups: [crews.groupId, "${TYPO}"] } });
exports.a = a.itemId;
exports.b = b.itemId;
exports.c = c.itemId;
exports.d = d.itemId;
exports.crews = crews.groupId;
exports.editors = editors ? editors.groupId : undefined;
exports.drafts = drafts.folderId;
exports.published = published.folderId;
exports.theirs = theirs.folderId;
`;

// one bad resource per preview (the engine stops a preview at the first resource that fails its check)
const badProgram = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const which = new pulumi.Config().require("case");
if (which === "long") new portal.Group("long", { title: "${"x".repeat(251)}", access: "org" });
if (which === "word") new portal.Group("word", { title: "Word", access: "everyone" });
if (which === "slash") new portal.Folder("slash", { title: "a/b" });
if (which === "many") new portal.GroupMembership("many", { groupId: "${"a".repeat(32)}", users: Array.from({ length: 25001 }, (_, i) => "user" + i) });
const map = { type: "Web Map", title: "M", text: { operationalLayers: [] } };
if (which === "owner") new portal.PortalItem("owner", { ...map, owner: "bad name" });
if (which === "folder") new portal.PortalItem("folder", { ...map, folder: "Drafts" });
`;

const run = runCommand;

describe("e2e groups, folders and owners (issue 23)", function () {
  this.timeout(1_200_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let work: string;
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => `${q.method} ${q.path.split("?")[0]}`);
  const get = (route: string) => portalGet(emu, "dev_admin", route);
  /** The CLI with its exit code (runPulumi gives stdout only). */
  const pulumiRun = (p: FixtureProject, args: string[]) => run(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: p.dir, env: { ...process.env, ...p.env } });

  before(async () => {
    assert.ok(fs.existsSync(bin), "run `npm run build` first");
    emu = await startEmulator({ port: 0 });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-groups-"));
    project = createFixtureProject("groups-folders", program);
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true }, "groups-folders:phase": { value: "one" } });
  });
  after(async () => {
    await emu?.close();
    project?.remove();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("bad input for each new resource fails at preview with its path and no request", async () => {
    const bad = createFixtureProject("groups-bad", badProgram);
    try {
      await fixtureStack(bad, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
      const cases: Array<[string, RegExp]> = [
        ["long", /property title value [^\n]*251 characters; at most 250/],
        ["word", /property access value [^\n]*"everyone" is not one of: "private", "org", "public"/],
        ["slash", /property title value \{a\/b\} has a problem: must not contain "\/"/],
        ["many", /property users value [^\n]*at most 25000/],
        ["owner", /property owner value \{bad name\} has a problem: must be a username/],
        ["folder", /property folder value \{Drafts\} has a problem: must be a folder id \(exactly 32 hexadecimal digits\), not a folder title: give a Folder resource's folderId/],
      ];
      for (const [which, message] of cases) {
        await runPulumi(bad, ["config", "set", "groups-bad:case", which]);
        await clearRequestLog(emu);
        const out = await runPulumi(bad, ["preview"], { allowFailure: true });
        assert.match(out, message, which);
        assert.deepEqual(await requestLog(emu), [], `${which}: no request at all`);
      }
    } finally {
      bad.remove();
    }
  });

  it("up → REST shows groups, members, folders, sharing; a refreshing preview plans nothing; a move and a reassign are 2 updates that keep ids; a dropped group's plan names its items; a typo'd group fails preview and up with no write; export adopts with 0 writes", async () => {
    await runPulumi(project, ["up", "--yes", "--skip-preview"]);
    const out = JSON.parse(await runPulumi(project, ["stack", "output", "--json"])) as Record<string, string>;
    assert.equal(out.a?.length, 32, JSON.stringify(out));

    // the portal's own answers
    const crews = await get(`community/groups/${out.crews}`);
    assert.equal(crews.title, "Field crews");
    assert.equal(crews.access, "org");
    assert.equal(crews.isInvitationOnly, true);
    const crewUsers = await get(`community/groups/${out.crews}/users`);
    assert.deepEqual([...crewUsers.users].sort(), ["dev_user", "dev_viewer"]);
    assert.deepEqual([...crewUsers.admins].sort(), ["dev_admin", "dev_publisher"]);
    const root = await get("content/users/dev_admin");
    assert.deepEqual(root.folders.map((f: any) => f.title).sort(), ["Drafts", "Published"]);
    assert.equal((await get(`content/items/${out.a}`)).ownerFolder, out.drafts);
    const sharingA = (await get(`content/users/dev_admin/items/${out.a}`)).sharing;
    assert.deepEqual(sharingA.groups, [out.crews]);
    const crewContent = await get(`content/groups/${out.crews}`);
    assert.equal(crewContent.total, 3, "A, C and D are shared with the field crews");
    assert.deepEqual(crewContent.items.map((i: any) => i.id).sort(), [out.a, out.c, out.d].sort());
    const editors = await get(`community/groups/${out.editors}`);
    assert.equal(editors.title, "Editors");
    assert.equal(editors.access, "private");
    assert.deepEqual([...editors.tags].sort(), ["edit", "qa"]);
    const editorUsers = await get(`community/groups/${out.editors}/users`);
    assert.deepEqual(editorUsers.users, ["dev_publisher"]);
    assert.deepEqual(editorUsers.admins, ["dev_admin"], "the owner only");
    const editorContent = await get(`content/groups/${out.editors}`);
    assert.deepEqual(editorContent.items.map((i: any) => i.id).sort(), [out.b, out.c].sort(), "B and C are shared with the editors");
    assert.deepEqual((await get(`content/users/dev_admin/${out.drafts}`)).items.map((i: any) => i.id).sort(), [out.a, out.b].sort(), "Drafts holds A and B");
    assert.deepEqual((await get(`content/users/dev_admin/${out.published}`)).items.map((i: any) => i.id), [out.c], "Published holds C");
    assert.deepEqual(root.items.map((i: any) => i.id), [out.d], "D is in the root folder");
    assert.deepEqual((await get("content/users/dev_publisher")).folders.map((f: any) => [f.id, f.title]), [[out.theirs, "Maps"]]);
    const sharingOf = async (id: string) => {
      const s = (await get(`content/users/dev_admin/items/${id}`)).sharing;
      return { access: s.access, groups: [...s.groups].sort() }; // "shared": private plus groups
    };
    assert.deepEqual(await sharingOf(out.a), { access: "shared", groups: [out.crews] });
    assert.deepEqual(await sharingOf(out.b), { access: "shared", groups: [out.editors] });
    assert.deepEqual(await sharingOf(out.c), { access: "org", groups: [out.crews, out.editors].sort() });
    assert.deepEqual(await sharingOf(out.d), { access: "shared", groups: [out.crews] });

    // the first bug: a refresh then planned a folder change (and replaced items in folders)
    const refreshed = await pulumiRun(project, ["preview", "--refresh", "--expect-no-changes"]);
    assert.equal(refreshed.code, 0, refreshed.stdout + refreshed.stderr);

    // move A, reassign B: 2 updates, no replace
    await runPulumi(project, ["config", "set", "groups-folders:phase", "two"]);
    const preview = JSON.parse(await runPulumi(project, ["preview", "--json"]));
    assert.equal(preview.changeSummary.update, 2, JSON.stringify(preview.changeSummary));
    assert.equal(preview.changeSummary.replace ?? 0, 0);
    assert.equal(preview.changeSummary.create ?? 0, 0);
    const linesOf = (name: string) => preview.steps.find((s: any) => s.urn.endsWith(`::${name}`))?.newState?.inputs?.plannedChanges ?? [];
    assert.ok(linesOf("map-a").includes('~ folder: "Drafts" → "Published" (a move: the item keeps its id)'), linesOf("map-a").join("\n"));
    assert.ok(linesOf("map-b").some((l: string) => /^~ owner: "dev_admin" → "dev_publisher" \(a reassign into "Maps": the item keeps its id; canReassignItems: eligible\)$/.test(l)), linesOf("map-b").join("\n"));
    await clearRequestLog(emu);
    await runPulumi(project, ["up", "--yes", "--skip-preview"]);
    const out2 = JSON.parse(await runPulumi(project, ["stack", "output", "--json"])) as Record<string, string>;
    assert.equal(out2.a, out.a, "A keeps its id");
    assert.equal(out2.b, out.b, "B keeps its id");
    const log = await writes();
    assert.deepEqual(log.filter((w) => w.endsWith("/delete")), [], log.join("\n"));
    assert.ok(log.some((w) => w.endsWith(`/items/${out.a}/move`)), log.join("\n"));
    assert.ok(log.some((w) => w.endsWith(`/items/${out.b}/reassign`)), log.join("\n"));
    const b = await get(`content/items/${out.b}`);
    assert.equal(b.owner, "dev_publisher");
    assert.equal(b.ownerFolder, out.theirs);
    assert.equal((await get(`content/items/${out.a}`)).ownerFolder, out.published);
    assert.match(await runPulumi(project, ["preview", "--expect-no-changes"]), /unchanged/);

    // dropping the editors group: render-plan names the two items shared with it (its own count, read
    // at create before any item, is 0)
    await runPulumi(project, ["config", "set", "groups-folders:phase", "drop"]);
    const dropJson = path.join(work, "drop.json");
    fs.writeFileSync(dropJson, await runPulumi(project, ["preview", "--json"]));
    const md = await run(process.execPath, [bin, "render-plan", dropJson], { cwd: work, env: process.env });
    assert.equal(md.code, 0, md.stderr);
    assert.ok(md.stdout.split("\n").includes(`- delete group "Editors" (${out.editors})`), md.stdout);
    assert.ok(md.stdout.split("\n").includes("! 2 items are shared with it (map-b, map-c): the portal unshares them from the group"), md.stdout);

    // a typo'd group id: the preview and the up name it; nothing is written, no item is made
    await runPulumi(project, ["config", "set", "groups-folders:phase", "typo"]);
    await clearRequestLog(emu);
    const typo = await runPulumi(project, ["preview"], { allowFailure: true });
    const named = new RegExp(`sharing\\.groups\\[1\\][^\\n]*group ${TYPO} does not exist`);
    assert.match(typo, named);
    assert.deepEqual(await writes(), []);
    for (const args of [["up", "--yes"], ["up", "--yes", "--skip-preview"]]) {
      const typoUp = await pulumiRun(project, args);
      assert.notEqual(typoUp.code, 0, `${args.join(" ")}: ${typoUp.stdout}`);
      assert.match(typoUp.stdout + typoUp.stderr, named, args.join(" "));
      assert.deepEqual(await writes(), [], `${args.join(" ")}: no write`);
    }
    assert.ok(!(await get("content/users/dev_admin")).items.some((i: any) => i.title === "Map E"), "no partial item");
    await runPulumi(project, ["config", "set", "groups-folders:phase", "two"]);

    // two items made in the web UI, in the folders and shared with the groups, then export + adopt
    const ui = await portalPost(emu, "dev_admin", `content/users/dev_admin/${out.published}/addItem`, { title: "UI map", type: "Web Map", text: JSON.stringify({ operationalLayers: [] }) });
    await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${ui.id}/share`, { groups: out.crews, org: "false", everyone: "false" });
    const ui2 = await portalPost(emu, "dev_publisher", `content/users/dev_publisher/${out.theirs}/addItem`, { title: "Publisher map", type: "Web Map", text: JSON.stringify({ operationalLayers: [] }) });
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${ui2.id}/share`, { groups: out.editors, org: "true", everyone: "false" });
    const dir = path.join(work, "org");
    const env = { ...process.env, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin, PORTAL_USERNAME: undefined, PORTAL_PASSWORD: undefined };
    const exported = await run(process.execPath, [bin, "export", "--out", dir, "--no-schemas"], { cwd: work, env });
    assert.equal(exported.code, 0, exported.stderr);
    const text = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    assert.match(text, /new portal\.Group\("group-field-crews", \{\n  adoptGroupId: "[0-9a-f]{32}",/);
    assert.match(text, /new portal\.GroupMembership\("group-field-crews-members", \{ groupId: groupFieldCrews\.groupId, users: \["dev_user", "dev_viewer"\], admins: \["dev_publisher"\] \}/);
    assert.match(text, /new portal\.Folder\("folder-dev-admin-published", \{ adoptFolderId: "[0-9a-f]{32}", owner: "dev_admin", title: "Published" \}/);
    assert.match(text, /folder: folderDevAdminPublished\.folderId,/);
    assert.match(text, /sharing: \{ access: "private", groups: \[groupFieldCrews\.groupId\] \}/);
    assert.match(text, /sharing: \{ access: "org", groups: \[groupEditors\.groupId\] \}/);

    installExportedProject(dir);
    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    const adopted: FixtureProject = { dir, backendDir, env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")), remove: () => undefined };
    await fixtureStack(adopted, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    await clearRequestLog(emu);
    const pulumi = (args: string[]) => run(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: dir, env: { ...process.env, ...adopted.env } });
    const adoptUp = await pulumi(["up", "--yes"]);
    assert.equal(adoptUp.code, 0, adoptUp.stderr + adoptUp.stdout);
    assert.deepEqual(await writes(), [], "the adopting up sends no write");
    const quiet = await pulumi(["preview", "--expect-no-changes"]);
    assert.equal(quiet.code, 0, quiet.stderr + quiet.stdout);
  });
});
