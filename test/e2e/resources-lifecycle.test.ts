// Issue acceptance, end to end (real Pulumi CLI, packed package, emulator): preview → up → a preview
// with no changes → edit the tree → preview shows exactly the edit → up → an out-of-band change →
// refresh → preview shows the drift → destroy leaves no schema and no status.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";
import { addWebMap, contentSchemaOf, contentStatusOf, memberSchemaOf, orgOf, portalPost, setOrgFlags } from "../provider/resources/portalCalls";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const categories = new portal.CategorySchema("org-categories", { categorySchema: portal.loadCategoryTree("categories.yaml") });
new portal.MemberCategorySchema("member-categories", { memberCategorySchema: portal.loadMemberCategoryTree("members.json") });
const status = new portal.ItemStatus("basemap-status", { itemId: config.require("itemId"), status: "org_authoritative" });
exports.portalId = categories.portalId;
exports.portalStatus = status.portalStatus;
`;

const treeV1 = `
- title: Categories
  categories:
    - title: Water
      description: Hydrology
      categories:
        - title: Rivers
          description: Flowing water
        - title: Lakes
    - title: Land
      categories:
        - title: Soils
          description: Soil maps
`;

// the edit under review: Rivers renamed to Streams, Wetlands added under Water
const treeV2 = treeV1.replace("title: Rivers", "title: Streams").replace("        - title: Lakes\n", "        - title: Lakes\n        - title: Wetlands\n          description: Marshes\n        - title: Ponds\n");

const members = [{ title: "Departments", categories: [{ title: "Planning" }, { title: "Utilities" }] }];

describe("e2e resources: category schemas and item status through the real engine", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  let itemId: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    itemId = await addWebMap(emu, "dev_admin", "Basemap");
    project = createFixtureProject("resources-lifecycle", program);
    fs.writeFileSync(path.join(project.dir, "categories.yaml"), treeV1);
    fs.writeFileSync(path.join(project.dir, "members.json"), JSON.stringify({ memberCategorySchema: members }));
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
      "resources-lifecycle:itemId": { value: itemId },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("2.3/3.1/4.4: preview, up, no-change preview, edit, drift, refresh, destroy", async () => {
    const first = await stack.preview({ diff: true });
    assert.equal(first.changeSummary.create, 4, JSON.stringify(first.changeSummary));

    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.deepEqual((await contentSchemaOf(emu, "dev_admin")).map((n) => n.title), ["Categories"]);
    assert.deepEqual((await memberSchemaOf(emu, "dev_admin"))[0].categories.map((n: any) => n.title), ["Planning", "Utilities"]);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), "org_authoritative");

    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 4 }, same.stdout);

    // the edit: the preview shows exactly the renamed and the added node
    fs.writeFileSync(path.join(project.dir, "categories.yaml"), treeV2);
    const edit = await stack.preview({ diff: true });
    assert.deepEqual(edit.changeSummary, { same: 3, update: 1 }, edit.stdout);
    assert.match(edit.stdout, /- "?Categories\/Water\/Rivers"?\s*: "Flowing water"/);
    assert.match(edit.stdout, /\+ "?Categories\/Water\/Streams"?\s*: "Flowing water"/);
    assert.match(edit.stdout, /\+ "?Categories\/Water\/Wetlands"?\s*: "Marshes"/);
    assert.match(edit.stdout, /\+ "?Categories\/Water\/Ponds"?\s*: ""/);
    // four outline lines change; the rest is the step's plan (docs/review.md), and the nested tree is never printed
    assert.equal(edit.stdout.match(/^\s*[-+] "?Categories\//gm)?.length, 4, "four outline lines change, nothing else");
    assert.match(edit.stdout, /"~ rename Categories\/Water\/Rivers → Categories\/Water\/Streams \(0 items are in it\)"/);
    assert.match(edit.stdout, /"\+ add Categories\/Water\/Wetlands"/);
    assert.match(edit.stdout, /"\+ add Categories\/Water\/Ponds"/);
    assert.doesNotMatch(edit.stdout, /^\s*[-+~]?\s*(title|categories)\s*:/m, "the nested tree is not printed");
    // the one-line-per-change summary comes from the provider's diff (the CLI prints it on stderr)
    assert.match(edit.stderr, /CategorySchema \w+: ~ rename Categories\/Water\/Rivers → Categories\/Water\/Streams/);
    assert.match(edit.stderr, /CategorySchema \w+: \+ add Categories\/Water\/Wetlands/);

    const up2 = await stack.up();
    assert.equal(up2.summary.result, "succeeded");
    const water = (await contentSchemaOf(emu, "dev_admin"))[0].categories[0];
    assert.deepEqual(water.categories.map((n: any) => n.title), ["Streams", "Lakes", "Wetlands", "Ponds"]);

    // out of band: someone adds Imagery in the web UI; the org becomes public and verified (spec.md#status-transitions move)
    const portalId = await orgOf(emu, "dev_admin");
    const stored = await contentSchemaOf(emu, "dev_admin");
    stored[0].categories.push({ title: "Imagery", description: "Aerial photos", categories: [] });
    await portalPost(emu, "dev_admin", `portals/${portalId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: stored }) });
    await setOrgFlags(emu, portalId, { public: true, identityVerified: true });
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), "public_authoritative");

    const refresh = await stack.refresh();
    assert.equal(refresh.summary.result, "succeeded");
    const drift = await stack.preview({ diff: true });
    assert.deepEqual(drift.changeSummary, { same: 3, update: 1 }, "only the tree drifted; the automatic status move is not drift");
    assert.match(drift.stdout, /- "?Categories\/Imagery"?\s*: "Aerial photos"/);
    assert.match(drift.stderr, /- remove Categories\/Imagery/);

    // spec.md#design-credentials: the token reaches the provider through config (encrypted in state), never in clear
    const files = (fs.readdirSync(project.backendDir, { recursive: true }) as string[]).map((f) => path.join(project.backendDir, f)).filter((f) => fs.statSync(f).isFile());
    assert.ok(files.some((f) => f.endsWith("dev.json")), "the state file is there");
    for (const file of files) assert.ok(!fs.readFileSync(file).includes(emu.tokens.dev_admin), `token in clear in ${file}`);

    const destroy = await stack.destroy();
    assert.equal(destroy.summary.result, "succeeded");
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), []);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), undefined);
  });
});
