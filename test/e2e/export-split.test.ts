// Issue 24 scope 3, through the built bin, the packed package and the real Pulumi CLI: an emulator
// organization of 2 owners (folders, root items, a file item, a status, a relationship from one
// owner's item to the other's) and 2 groups with members, items shared with them, is exported with
// `--split-by owner`: org/ and one project per owner, installed once at the root. The org project's
// up, then the parts' (in parallel), send no write to the portal (the emulator's request log); the
// org stack's groupIds output holds the groups' ids; each project then previews with no changes.
// A second split export of the same organization gives the same files. Run `npm run build` first.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalGet, portalPost, requestLog } from "../provider/resources/portalCalls";
import { exportedFiles, fixtureStack, installExportedProject, offlineEngineEnv, pulumiBinDir, runCommand, type FixtureProject } from "../support/pulumi";

const root = path.resolve(__dirname, "..", "..");
const bin = path.join(root, "dist", "cli", "index.js");

const webMap = (n: number) => JSON.stringify({ operationalLayers: [{ id: `layer${n}`, title: `Layer ${n}` }], baseMap: { title: "Topographic", baseMapLayers: [] }, version: "2.31" });

interface Seeded {
  groups: Record<"crews" | "editors", string>;
  items: Record<string, string>;
}

/** 2 owners, 2 folders with items, root items, 2 groups with members, sharing, a status, a file, a relationship across owners. */
async function seedOrganization(emu: RunningEmulator): Promise<Seeded> {
  const orgId = (await portalGet(emu, "dev_admin", "portals/self")).id;
  await portalPost(emu, "dev_admin", `portals/${orgId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: [{ title: "Categories", categories: [{ title: "Water" }, { title: "Land" }] }] }) });
  const crews = (await portalPost(emu, "dev_admin", "community/createGroup", { title: "Field crews", access: "org" })).group.id as string;
  await portalPost(emu, "dev_admin", `community/groups/${crews}/addUsers`, { users: "dev_user", admins: "dev_publisher" });
  const editors = (await portalPost(emu, "dev_publisher", "community/createGroup", { title: "Editors", access: "private" })).group.id as string;
  await portalPost(emu, "dev_publisher", `community/groups/${editors}/addUsers`, { users: "dev_admin" });
  const published = (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: "Published" })).folder.id as string;
  const field = (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/createFolder", { title: "Field" })).folder.id as string;
  await portalPost(emu, "dev_publisher", "content/users/dev_publisher/createFolder", { title: "Empty" });
  const items: Record<string, string> = {};
  const add = async (key: string, user: string, where: string, fields: Record<string, string>) => {
    items[key] = (await portalPost(emu, user, `content/users/${user}/${where ? `${where}/` : ""}addItem`, fields)).id;
  };
  await add("streets", "dev_admin", published, { title: "Streets map", type: "Web Map", text: webMap(1), tags: "streets", categories: JSON.stringify(["/Categories/Land"]) });
  await add("rivers", "dev_admin", published, { title: "Rivers", type: "Web Map", text: webMap(2) });
  await add("service", "dev_admin", "", { title: "Public parcels", type: "Map Service", url: "https://gis.example.com/arcgis/rest/services/Parcels/MapServer" });
  const form = new FormData();
  for (const [k, v] of Object.entries({ f: "json", token: emu.tokens.dev_admin, title: "Roads table", type: "CSV" })) form.append(k, v);
  form.append("file", new Blob(["id,name\n1,Main\n"]), "roads.csv");
  const csv: any = await (await fetch(`${emu.sharingUrl}/content/users/dev_admin/addItem`, { method: "POST", body: form })).json();
  assert.ok(csv.id, JSON.stringify(csv));
  items.roads = csv.id;
  await add("crewMap", "dev_publisher", field, { title: "Crew map", type: "Web Map", text: webMap(3) });
  await portalPost(emu, "dev_admin", `content/items/${items.streets}/setContentStatus`, { status: "org_authoritative" });
  await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${items.streets}/share`, { groups: `${crews},${editors}`, org: "true", everyone: "false" });
  // the other owner's app relates to the map (which it can read: shared with the organization)
  await add("app", "dev_publisher", "", { title: "Streets app", type: "Web Mapping Application", url: "https://apps.example.com/streets", originItemId: items.streets, relationshipType: "Map2AppConfig" });
  await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${items.rivers}/share`, { groups: crews, org: "false", everyone: "false" });
  await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${items.crewMap}/share`, { groups: `${crews},${editors}`, org: "false", everyone: "false" });
  await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${items.app}/share`, { groups: editors, org: "true", everyone: "false" });
  return { groups: { crews, editors }, items };
}

interface Project {
  path: string;
  name: string;
  dependsOn: string[];
}

describe("e2e export --split-by owner: the org project, then the parts, adopt without a write", function () {
  this.timeout(1_200_000);
  let emu: RunningEmulator;
  let seeded: Seeded;
  let work: string;
  const env = () => ({ ...process.env, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin, PORTAL_USERNAME: undefined, PORTAL_PASSWORD: undefined });
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => `${q.method} ${q.path.split("?")[0]}`);

  before(async () => {
    assert.ok(fs.existsSync(bin), "run `npm run build` first");
    emu = await startEmulator({ port: 0 });
    seeded = await seedOrganization(emu);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-split-"));
  });
  after(async () => {
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("export --split-by owner → one npm install → up org → up the parts in parallel: 0 writes; every project then has no changes; a second export is identical", async () => {
    const out = path.join(work, "split");
    const exported = await runCommand(process.execPath, [bin, "export", "--out", out, "--split-by", "owner"], { cwd: work, env: env() });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /in 3 projects \(org first, then 2 part\(s\); projects\.json\)/);
    const projects: Project[] = JSON.parse(fs.readFileSync(path.join(out, "projects.json"), "utf8"));
    assert.deepEqual(projects.map((p) => [p.path, p.dependsOn]), [["org", []], ["parts/dev-admin", ["org"]], ["parts/dev-publisher", ["org"]]]);
    const [orgProject] = projects;
    const program = (p: Project) => fs.readFileSync(path.join(out, p.path, "index.ts"), "utf8");
    assert.match(program(orgProject), /export const groupIds: Record<string, pulumi\.Output<string>> = \{\n {2}"group-editors": groupEditors\.groupId,\n {2}"group-field-crews": groupFieldCrews\.groupId,\n\};/);
    const admin = program(projects[1]);
    const publisher = program(projects[2]);
    // the groups in the order of their ids, which the emulator makes at random
    const both = [`groupId("group-editors")`, `groupId("group-field-crews")`];
    if (seeded.groups.crews < seeded.groups.editors) both.reverse();
    assert.ok(admin.includes(`sharing: { access: "org", groups: [${both.join(", ")}] }`), admin);
    assert.match(admin, /folder: folderDevAdminPublished\.folderId,/);
    assert.match(publisher, /new portal\.Folder\("folder-dev-publisher-empty"/);
    assert.match(publisher, new RegExp(`relationship: \\{ type: "Map2AppConfig", originItemId: "${seeded.items.streets}" \\} /\\* streets-map, in parts/dev-admin: by id, ids are stable \\*/`));
    for (const p of projects) assert.ok(!fs.existsSync(path.join(out, p.path, "package.json")), `${p.path} shares the root package.json`);
    assert.ok(fs.existsSync(path.join(out, "parts", "dev-admin", "files", "roads-table", "roads.csv")));
    const pristine = Object.fromEntries(exportedFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f))]));

    // one install at the root serves every project: the language host, ts-node and the dynamic
    // provider host resolve @pulumi/pulumi and pulumi-gis-portal from the parent node_modules
    installExportedProject(out);
    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    const engineEnv = offlineEngineEnv(backendDir, path.join(work, ".pulumi-home"));
    const stacks: FixtureProject[] = projects.map((p) => ({ dir: path.join(out, p.path), backendDir, env: engineEnv, remove: () => undefined }));
    for (const s of stacks) await fixtureStack(s, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    const pulumi = (s: FixtureProject, args: string[]) => runCommand(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: s.dir, env: { ...process.env, ...s.env } });

    await clearRequestLog(emu);
    const [orgStack, ...partStacks] = stacks;
    const orgUp = await pulumi(orgStack, ["up", "--yes", "--skip-preview"]);
    assert.equal(orgUp.code, 0, orgUp.stderr + orgUp.stdout);
    const outputs = JSON.parse((await pulumi(orgStack, ["stack", "output", "--json"])).stdout);
    assert.deepEqual(outputs.groupIds, { "group-editors": seeded.groups.editors, "group-field-crews": seeded.groups.crews });
    const partUps = await Promise.all(partStacks.map((s) => pulumi(s, ["up", "--yes", "--skip-preview"])));
    for (const [i, up] of partUps.entries()) assert.equal(up.code, 0, `${projects[i + 1].path}: ${up.stderr}${up.stdout}`);
    assert.match(partUps[0].stdout, /created/);
    assert.deepEqual(await writes(), [], "the ups of the org project and of the parts send no write to the portal");

    for (const [i, s] of stacks.entries()) {
      const quiet = await pulumi(s, ["preview", "--expect-no-changes"]);
      assert.equal(quiet.code, 0, `${projects[i].path}: ${quiet.stderr}${quiet.stdout}`);
    }
    const state = JSON.parse((await pulumi(partStacks[0], ["stack", "export"])).stdout);
    const refs = state.deployment.resources.filter((r: any) => r.type === "pulumi:pulumi:StackReference").map((r: any) => r.inputs.name);
    assert.deepEqual(refs, [`organization/${orgProject.name}/dev`], "the part reads the org stack of the same name");
    assert.deepEqual(await writes(), []);

    const again = path.join(work, "again");
    const second = await runCommand(process.execPath, [bin, "export", "--out", again, "--split-by", "owner"], { cwd: work, env: env() });
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(exportedFiles(again), Object.keys(pristine));
    for (const f of Object.keys(pristine)) assert.ok(fs.readFileSync(path.join(again, f)).equals(pristine[f]), `${f} is identical`);
  });
});
