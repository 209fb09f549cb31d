// Plans a reviewer can trust, through the real CLI and the packed package: a tree edit (rename, move,
// add, remove) plus a title change of an item that another item and an ItemStatus depend on previews
// as exactly the 2 updates `up` performs, with no [unknown]; `preview --json` carries the semantic
// lines; render-plan turns them into a pull-request comment (file or stdin); the preview sends no
// write; refresh speaks from the portal's side and the next preview from the file's side.
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, pulumiBinDir, type FixtureProject } from "../support/pulumi";
import { clearRequestLog, orgOf, portalPost, requestLog } from "../provider/resources/portalCalls";

const treeV1 = [
  { title: "Categories", categories: [
    { title: "Land", categories: [{ title: "Soils" }, { title: "Geology" }] },
    { title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }, { title: "Lakes" }] },
    { title: "Imagery" },
  ] },
];
// rename Soils → Soil types, move Imagery under Land, add Air, remove Lakes
const treeV2 = [
  { title: "Categories", categories: [
    { title: "Land", categories: [{ title: "Soil types" }, { title: "Geology" }, { title: "Imagery" }] },
    { title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }] },
    { title: "Air" },
  ] },
];

const program = (tree: unknown, title: string) => `
const portal = require("pulumi-gis-portal");
const schema = new portal.CategorySchema("org-categories", { categorySchema: ${JSON.stringify(tree)} });
const map = new portal.PortalItem("map", { type: "Web Map", title: ${JSON.stringify(title)}, text: { operationalLayers: [], baseMap: { title: "Topographic", baseMapLayers: [] }, version: "2.31" } });
const app = new portal.PortalItem("app", { type: "Web Mapping Application", title: "App", url: "https://apps.example.com/streets", relationship: { type: "Map2AppConfig", originItemId: map.itemId } });
new portal.ItemStatus("map-status", { itemId: map.itemId, status: "org_authoritative" });
exports.categories = schema.outline;
exports.mapId = map.itemId;
exports.portalId = schema.portalId;
`;

describe("e2e plans a reviewer can trust (preview = apply, --json, render-plan, refresh)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  const cli = (args: string[], input?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const bin = args[0] === "render-plan" ? [path.join(project.dir, "node_modules", ".bin", "pulumi-gis-portal"), args] : [path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"]];
      const child = execFile(bin[0] as string, bin[1] as string[], { cwd: project.dir, env: { ...process.env, ...project.env }, maxBuffer: 1e8 }, (e, stdout, stderr) =>
        resolve({ code: e ? ((e as any).code ?? 1) : 0, stdout, stderr }),
      );
      if (input !== undefined) child.stdin!.end(input);
    });
  const write = (tree: unknown, title: string) => fs.writeFileSync(path.join(project.dir, "index.js"), program(tree, title));

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("plan-review", program(treeV1, "Streets"));
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    const up = await cli(["up", "--yes", "--skip-preview"]);
    assert.equal(up.code, 0, up.stdout + up.stderr);
    // two items filed under categories the edit touches
    for (const categories of ["/Categories/Land/Soils", "/Categories/Water/Lakes,/Categories/Land/Soils"]) {
      await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Filed", type: "Web Map", text: "{}", categories });
    }
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("a 2-step edit previews as 2 updates with known ids and semantic lines, and up does exactly that", async () => {
    write(treeV2, "Streets v2");
    await clearRequestLog(emu);
    const preview = await cli(["preview", "--diff"]);
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stdout, /~ 2 to update/);
    assert.doesNotMatch(preview.stdout, /to replace|\[unknown\]|output<string>/, preview.stdout);
    // ids the check fills in for dependents are not shown as added on every update (issue 29 scope 3)
    assert.doesNotMatch(preview.stdout, /\+ (itemId|portalId)\b/, preview.stdout);
    // nor the read-back owner and protected flag the program leaves unset (issue 29 scope 3)
    assert.doesNotMatch(preview.stdout, /^\s*[-+~]\s*(owner|protected)\b/m, preview.stdout);
    assert.match(preview.stdout, /~ rename Categories\/Land\/Soils → Categories\/Land\/Soil types \(2 items are in it\)/);
    assert.match(preview.stdout, /- remove Categories\/Water\/Lakes \(1 item is in it\)/);
    assert.match(preview.stdout, /~ move Categories\/Imagery → Categories\/Land\/Imagery \(0 items are in it\)/);
    assert.match(preview.stdout, /\+ add Categories\/Air/);
    assert.match(preview.stdout, /~ title: \\?"Streets\\?" → \\?"Streets v2\\?"/);

    const json = await cli(["preview", "--json"]);
    assert.equal(json.code, 0, json.stderr);
    const doc = JSON.parse(json.stdout);
    assert.equal(doc.changeSummary.update, 2, JSON.stringify(doc.changeSummary));
    assert.equal(doc.changeSummary.replace ?? 0, 0);
    const tree = doc.steps.find((s: any) => s.urn.endsWith("::org-categories"));
    assert.ok(tree.newState.inputs.plannedChanges.includes("+ add Categories/Air"), JSON.stringify(tree.newState.inputs.plannedChanges));
    const writes = (await requestLog(emu)).filter((q) => q.method !== "GET");
    assert.deepEqual(writes, [], "no write reaches the portal during a preview");
    fs.writeFileSync(path.join(project.dir, "preview.json"), json.stdout);

    const fromFile = await cli(["render-plan", "preview.json"]);
    const fromStdin = await cli(["render-plan"], json.stdout);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.equal(fromFile.stdout, fromStdin.stdout);
    for (const text of ["2 to update", "Categories/Land/Soil types", "Categories/Water/Lakes (1 item is in it)", "Categories/Air", "Categories/Land/Imagery", '"Streets" → "Streets v2"']) {
      assert.ok(fromFile.stdout.includes(text), `render-plan names ${text}:\n${fromFile.stdout}`);
    }

    const up = await cli(["up", "--yes", "--skip-preview"]);
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stdout, /~ 2 updated/);
    assert.doesNotMatch(up.stdout, /replaced|created|deleted/);
  });

  it("a no-change preview renders 'No changes'; bad input is one line and exit 2", async () => {
    const json = await cli(["preview", "--json"]);
    const rendered = await cli(["render-plan"], json.stdout);
    assert.match(rendered.stdout, /No changes/);
    const bad = await cli(["render-plan"], "this is not json");
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr.trim().split("\n").length, 1, bad.stderr);
    assert.equal(bad.stdout, "");
  });

  it("refresh says what the portal's users did; the next preview says what up will do about it", async () => {
    const portalId = await orgOf(emu, "dev_admin");
    // in the web UI: Water loses Rivers and Air, and a Wetlands node appears under Land
    const edited = structuredClone(treeV2) as any[];
    edited[0].categories[1].categories = [];
    edited[0].categories.pop();
    edited[0].categories[0].categories.push({ title: "Wetlands", description: "Marsh and bog" });
    await portalPost(emu, "dev_admin", `portals/${portalId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: edited }) });
    const refresh = await cli(["refresh", "--yes", "--skip-preview"]);
    assert.equal(refresh.code, 0, refresh.stderr);
    const said = refresh.stdout + refresh.stderr;
    assert.match(said, /portal removed Categories\/Water\/Rivers/, said);
    assert.match(said, /portal removed Categories\/Air/, said);
    assert.match(said, /portal added Categories\/Land\/Wetlands/, said);
    assert.doesNotMatch(said, /\+ add Categories/);
    const preview = await cli(["preview", "--diff"]);
    assert.match(preview.stdout, /\+ add Categories\/Water\/Rivers/);
    assert.match(preview.stdout, /\+ add Categories\/Air/);
    assert.match(preview.stdout, /- remove Categories\/Land\/Wetlands \(0 items are in it\)/);
  });

  it("after a refresh, an unrelated update shows no owner or protected the program leaves unset (issue 29 scope 3)", async () => {
    // the item is protected in the portal (not managed here: `protected` is unset), then refreshed,
    // so the state holds the owner and the flag as read back
    const mapId = (await cli(["stack", "output", "mapId"])).stdout.trim();
    assert.match(mapId, /^[0-9a-f]{32}$/);
    const protect = await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${mapId}/protect`, {});
    assert.equal(protect.success, true, JSON.stringify(protect));
    const refresh = await cli(["refresh", "--yes", "--skip-preview"]);
    assert.equal(refresh.code, 0, refresh.stderr);
    write(treeV2, "Streets v3");
    const preview = await cli(["preview", "--diff"]);
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stdout, /~ title: \\?"Streets v2\\?" → \\?"Streets v3\\?"/, preview.stdout);
    assert.doesNotMatch(preview.stdout, /^\s*[-+~]\s*(owner|protected)\b/m, preview.stdout);
    const up = await cli(["up", "--yes", "--skip-preview"]);
    assert.equal(up.code, 0, up.stdout + up.stderr);
    const again = await cli(["preview", "--diff"]);
    assert.doesNotMatch(again.stdout, /^\s*[-+~]\s*(owner|protected)\b/m, again.stdout);
    assert.match(again.stdout, /no changes|unchanged/i);
  });

  it("a 30-node tree's create reads as about one line per node", async () => {
    const big = [{ title: "Big", categories: Array.from({ length: 5 }, (_, i) => ({ title: `Group ${i}`, categories: Array.from({ length: 4 }, (_, j) => ({ title: `Leaf ${i}.${j}` })) })) }];
    const nodes = 1 + 5 + 20;
    fs.writeFileSync(path.join(project.dir, "index.js"), `const portal = require("pulumi-gis-portal"); new portal.CategorySchema("big", { categorySchema: ${JSON.stringify(big)} });`);
    const out = await cli(["preview", "--diff"]);
    const start = out.stdout.indexOf("portal:CategorySchema::big");
    assert.ok(start > 0, out.stdout);
    const lines = out.stdout.slice(start).split("\n").findIndex((l, i) => i > 0 && /^\s{0,4}\S/.test(l));
    assert.ok(lines <= nodes + 12, `the create step prints ${lines} lines for ${nodes} nodes:\n${out.stdout}`);
    assert.ok(lines > 0, "the create step is shown");
  });
});
