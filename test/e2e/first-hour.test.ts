// Issue 29 (the first hour of a real user) and issue 30, through the real CLI and the packed package:
// each mistake fails `pulumi preview` (not `up`) with one message that names the config key or the
// file and line to fix, no stack frame anywhere in the output, and no write to the portal.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, runPulumi, type FixtureProject } from "../support/pulumi";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const which = new pulumi.Config().get("case") || "ok";
if (which === "tree") new portal.CategorySchema("tree", { categorySchema: portal.loadCategoryTree("tree.yaml") });
else if (which === "text") new portal.PortalItem("map", { type: "Web Map", title: "Map", text: "{not json" });
else if (which === "rel") new portal.PortalItem("app", { type: "Web Mapping Application", title: "App", url: "https://apps.example.com/a", relationship: { type: "Map2Data", originItemId: "0123456789abcdef0123456789abcdef" } });
else if (which === "append") new portal.LayerAppend("load", { name: "load", layerUrl: "https://services.example.com/arcgis/rest/services/X/FeatureServer/0", edits: { features: [] }, appendSourceInfo: { latitudeFeildName: "lat" } });
else if (which === "schema") new portal.CategorySchema("org-tree", { categorySchema: [{ title: "Categories", categories: [{ title: "Water" }] }] });
else new portal.Folder("drafts", { title: "Drafts" });
`;

const STACK_FRAME = /^\s+at .+\(.*:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;

describe("e2e the first hour: mistakes caught at preview, in words that say what to do (issues 29, 30)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET");

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("first-hour", program);
    fs.writeFileSync(path.join(project.dir, "tree.yaml"), "- title: Categories\n  categoires:\n    - title: Water\n");
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  async function previewFails(config: Record<string, string>, message: RegExp): Promise<void> {
    for (const [k, v] of Object.entries(config)) await runPulumi(project, ["config", "set", ...(k === "portal:token" ? ["--secret"] : []), k, v]);
    await clearRequestLog(emu);
    const out = await runPulumi(project, ["preview"], { allowFailure: true });
    assert.match(out, message, out);
    assert.doesNotMatch(out, STACK_FRAME, `no stack frame:\n${out}`);
    assert.doesNotMatch(out, /unhandled exception/);
    assert.deepEqual(await writes(), [], "no write");
  }

  it("a wrong token, https on an http portal, an unreachable port, http:// on a remote host, a URL that is no portal: each names the key", async () => {
    await previewFails({ "portal:token": "not-a-token" }, /property portal:token value \{<nil>\} has a problem: the portal at http:\/\/127\.0\.0\.1:\d+ refused the credentials \(498/);
    await previewFails({ "portal:token": emu.tokens.dev_admin, "portal:url": emu.portalUrl.replace("http://", "https://") }, /property portal:url [^\n]*answered with plain HTTP where HTTPS was expected; fix portal:url/);
    await previewFails({ "portal:url": "http://127.0.0.1:1" }, /property portal:url [^\n]*cannot reach the portal at http:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\); check portal:url/);
    await previewFails({ "portal:url": "http://portal.example.com" }, /property portal:url [^\n]*only https is allowed/);
    await previewFails({ "portal:url": `${emu.portalUrl}/nothing` }, /property portal:url [^\n]*has no portal REST API \(GET [^ ]+\/portals\/self answered 404\)/);
    await runPulumi(project, ["config", "set", "portal:url", emu.portalUrl]);
    await clearRequestLog(emu);
    const ok = JSON.parse(await runPulumi(project, ["preview", "--json"]));
    assert.equal(ok.changeSummary.create, 2, JSON.stringify(ok.changeSummary));
    const reads = (await requestLog(emu)).map((q) => q.path.split("?")[0]);
    assert.equal(reads.filter((p) => p.endsWith("/portals/self")).length, 1, `one connection read: ${reads.join(", ")}`);
  });

  it("a misspelled key in a tree file or in appendSourceInfo, an unknown relationship type, text that is not JSON: each fails the preview naming the place, with a suggestion", async () => {
    await previewFails({ case: "tree" }, /tree\.yaml:2:3: unknown key "categoires" in a category node; did you mean "categories"\?/);
    await previewFails({ case: "text" }, /property text value [^\n]*not valid JSON text/);
    await previewFails({ case: "rel" }, /property relationship\.type [^\n]*"Map2Data" is not a relationship type the portal knows/);
    await previewFails({ case: "append" }, /appendSourceInfo[^\n]*latitudeFeildName[^\n]*did you mean "latitudeFieldName"/);
    await runPulumi(project, ["config", "rm", "case"]);
  });

  it("a user without the privilege the first write needs: the preview fails on portal:token naming the user, the privilege and what to do; an administrator's preview passes", async () => {
    await previewFails({ case: "schema", "portal:token": emu.tokens.dev_viewer }, /property portal:token [^\n]*dev_viewer \(role viewer\) may not assign the content category schema: it needs the privilege portal:admin:updateItemCategorySchema or the administrator role; sign in as a user who has it/);
    await runPulumi(project, ["config", "set", "--secret", "portal:token", emu.tokens.dev_admin]);
    const ok = JSON.parse(await runPulumi(project, ["preview", "--json"]));
    assert.equal(ok.changeSummary.create, 2, JSON.stringify(ok.changeSummary));
    await runPulumi(project, ["config", "rm", "case"]);
  });

  it("a token that stops working after up: refresh fails with one message that says what to run, no stack frame; --run-program takes the new credentials", async () => {
    await runPulumi(project, ["config", "set", "--secret", "portal:token", emu.tokens.dev_admin]);
    await runPulumi(project, ["up", "--yes", "--skip-preview"]);
    await fetch(`${emu.controlUrl}/tokens/expire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: emu.tokens.dev_admin }) });
    await runPulumi(project, ["config", "rm", "portal:token"]);
    await runPulumi(project, ["config", "set", "portal:username", "dev_admin"]);
    await runPulumi(project, ["config", "set", "--secret", "portal:password", "dev_admin-password"]);
    const out = await runPulumi(project, ["refresh", "--yes"], { allowFailure: true });
    assert.match(out, /Invalid token[^\n]*add --run-program/, out);
    assert.doesNotMatch(out, STACK_FRAME, `no stack frame:\n${out}`);
    assert.doesNotMatch(out, /AuthError:/, `the host's second copy of the message is gone:\n${out}`);
    const again = await runPulumi(project, ["refresh", "--yes", "--run-program"]);
    assert.match(again, /1 unchanged|unchanged/, again);
    assert.doesNotMatch(again, /error/i, again);
  });
});
