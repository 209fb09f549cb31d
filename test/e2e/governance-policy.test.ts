// Issue 25: the package's rules as a policy pack, through the real CLI and the packed package:
// `pulumi preview --policy-pack` fails on each mandatory violation, names the resource, property
// and fix; the same rules set to advisory pass and appear in render-plan's Markdown; a compliant
// program has no violation. No portal write in any of it.
import { strict as assert } from "node:assert";
import { execFile, execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalPost, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, pulumiBinDir, type FixtureProject } from "../support/pulumi";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const bad = new pulumi.Config().get("case") !== "good";
new portal.CategorySchema("tree", { categorySchema: [{ title: "Categories", categories: [{ title: "Water", categories: [{ title: "Rivers" }] }] }] });
const drafts = new portal.Folder("drafts", { title: "Drafts" });
const map = new portal.PortalItem("map", {
  type: "Web Map", title: bad ? "map of rivers" : "Rivers", tags: bad ? ["rivers"] : ["rivers", "water"], folder: drafts.folderId,
  categories: bad ? ["/Categories/Water/Lakes"] : ["/Categories/Water/Rivers"],
  text: "{}", sharing: { access: bad ? "public" : "private" },
  ...(bad ? {} : { licenseInfo: "CC-BY 4.0", accessInformation: "City GIS" }),
});
new portal.PortalItem("app", { type: "Web Mapping Application", title: "App", tags: ["water"], url: "https://apps.example.com/rivers", relationship: { type: "Map2AppConfig", originItemId: map.itemId } });
if (bad) new portal.ItemStatus("map-status", { itemId: map.itemId, status: "deprecated" });
if (bad) new portal.LayerAppend("reload", { name: "reload", layerUrl: "https://services.example.com/arcgis/rest/services/Rivers/FeatureServer/0", edits: { features: [] }, truncate: true });
`;

const policyConfig = (level: string) => ({
  all: level,
  "portal-item-conventions": { enforcementLevel: level, requiredTags: ["water"], titlePattern: "^[A-Z]" },
  "portal-max-sharing": { enforcementLevel: level, folders: { Drafts: "private" } },
});

describe("e2e governance: the policy pack on every plan (issue 25)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let pack: string;

  function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) =>
      execFile(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: project.dir, env: { ...process.env, ...project.env }, maxBuffer: 64 * 1024 * 1024 }, (e, stdout, stderr) =>
        resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
  }
  const pulumi = async (args: string[]) => {
    const r = await run(args);
    return { code: r.code, out: `${r.stdout}\n${r.stderr}` };
  };

  /**
   * The shipped pack (runtime nodejs). A CLI whose Node.js language host predates running policy
   * packs (the fallback host scripts/ensure-pulumi builds where the new host's module is not
   * served) answers "not supported"; then the same pack runs through the engine's analyzer-plugin
   * path: a copy whose runtime names a `pulumi-analyzer-policy-…` script on PATH that starts
   * @pulumi/pulumi's run-policy-pack, as older CLIs shipped it.
   */
  async function usablePack(shipped: string): Promise<string> {
    fs.writeFileSync(path.join(project.dir, "policy-none.json"), JSON.stringify({ all: "disabled" }));
    const probe = await pulumi(["preview", "--policy-pack", shipped, "--policy-pack-config", path.join(project.dir, "policy-none.json")]);
    if (!/could not read plugin .*not supported/.test(probe.out)) return shipped;
    const copy = path.join(project.dir, "policy-pack-shim");
    fs.mkdirSync(copy, { recursive: true });
    fs.writeFileSync(path.join(copy, "PulumiPolicy.yaml"), "runtime: portalshim\ndescription: the shipped pack through the analyzer-plugin path\n");
    fs.writeFileSync(path.join(copy, "index.js"), `require(${JSON.stringify(path.join(shipped, "index.js"))});\n`);
    fs.copyFileSync(path.join(shipped, "package.json"), path.join(copy, "package.json"));
    const bin = path.join(project.dir, "shim-bin");
    fs.mkdirSync(bin, { recursive: true });
    const runPolicyPack = path.join(project.dir, "node_modules", "@pulumi", "pulumi", "cmd", "run-policy-pack");
    fs.writeFileSync(path.join(bin, "pulumi-analyzer-policy-portalshim"), `#!/bin/sh\nexec node ${JSON.stringify(runPolicyPack)} "$@"\n`, { mode: 0o755 });
    project.env.PATH = `${bin}${path.delimiter}${project.env.PATH}`;
    return copy;
  }

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("governance", program);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", `@pulumi/policy@${require("@pulumi/policy/package.json").version}`], { cwd: project.dir, stdio: ["ignore", "ignore", "inherit"] });
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    pack = await usablePack(path.join(project.dir, "node_modules", "pulumi-gis-portal", "policy-pack"));
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  async function preview(level: string, which: string): Promise<{ code: number; out: string }> {
    const file = path.join(project.dir, `policy-${level}.json`);
    fs.writeFileSync(file, JSON.stringify(policyConfig(level)));
    execFileSync(path.join(pulumiBinDir(), "pulumi"), ["config", "set", "case", which, "--stack", "dev"], { cwd: project.dir, env: { ...process.env, ...project.env } });
    await clearRequestLog(emu);
    const r = await pulumi(["preview", "--policy-pack", pack, "--policy-pack-config", file]);
    assert.deepEqual((await requestLog(emu)).filter((q) => q.method !== "GET"), [], "no write");
    return r;
  }

  it("mandatory: the preview fails and names each violation, its resource and the fix", async () => {
    const { code, out } = await preview("mandatory", "bad");
    assert.notEqual(code, 0, out);
    for (const expected of [
      /portal-public-item-authority[\s\S]*PortalItem "map" \(map of rivers\) is shared with everyone[^\n]*licenseInfo and no accessInformation/,
      /portal-item-categories-exist[\s\S]*PortalItem "map" categories: "\/Categories\/Water\/Lakes" not found/,
      /portal-no-deprecating-used-items[\s\S]*ItemStatus "map-status" deprecates PortalItem "map"[^\n]*"app" depends on through a relationship/,
      /portal-item-conventions[\s\S]*PortalItem "map": tags lack "water"[^\n]*title "map of rivers" does not match/,
      /portal-max-sharing[\s\S]*PortalItem "map" is shared with access public, above the folder "Drafts" limit of private/,
      /portal-append-truncate-allowed[\s\S]*LayerAppend "reload" has truncate: true/,
    ]) assert.match(out, expected, out);
    assert.match(out, /mandatory/, out);
  });

  it("advisory: the same program previews, the violations are listed; a compliant program has none", async () => {
    const advisory = await preview("advisory", "bad");
    assert.equal(advisory.code, 0, advisory.out);
    assert.match(advisory.out, /advisory[\s\S]*portal-append-truncate-allowed/, advisory.out);
    const good = await preview("mandatory", "good");
    assert.equal(good.code, 0, good.out);
    assert.doesNotMatch(good.out, /portal-[a-z-]+\s*\(/, good.out);
  });

  it("render-plan runs the same rules over `preview --json`: the advisory violations are in the Markdown", async () => {
    const file = path.join(project.dir, "policy-advisory.json");
    execFileSync(path.join(pulumiBinDir(), "pulumi"), ["config", "set", "case", "bad", "--stack", "dev"], { cwd: project.dir, env: { ...process.env, ...project.env } });
    const json = path.join(project.dir, "preview.json");
    fs.writeFileSync(json, (await run(["preview", "--json"])).stdout);
    const md = execFileSync(process.execPath, [bin(), "render-plan", json, "--policy-config", file], { encoding: "utf8" });
    assert.match(md, /### Policies\n\nAdvisory only \(not blocking\), 6 in all:/, md);
    for (const rule of ["portal-public-item-authority", "portal-item-categories-exist", "portal-no-deprecating-used-items", "portal-item-conventions", "portal-max-sharing", "portal-append-truncate-allowed"]) assert.ok(md.includes(`\`${rule}\``), `${rule}:\n${md}`);
  });

  it("drift on a schedule: an out-of-band edit makes the check fail and reads in the portal's words; after up it passes", async () => {
    execFileSync(path.join(pulumiBinDir(), "pulumi"), ["config", "set", "case", "good", "--stack", "dev"], { cwd: project.dir, env: { ...process.env, ...project.env } });
    await pulumiOk(["up", "--yes", "--skip-preview"]);
    const search = await (await fetch(`${emu.sharingUrl}/search?${new URLSearchParams({ f: "json", q: "title:Rivers", token: emu.tokens.dev_admin })}`)).json();
    const map = (search as { results: Array<{ id: string; owner: string; title: string }> }).results.find((r) => r.title === "Rivers")!;
    await portalPost(emu, "dev_admin", `content/users/${map.owner}/items/${map.id}/update`, { title: "Rivers (edited)" });
    // and the category tree edited in the portal: a node the program does not have
    const self = (await (await fetch(`${emu.sharingUrl}/portals/self?f=json&token=${encodeURIComponent(emu.tokens.dev_admin)}`)).json()) as { id: string };
    const edited = [{ title: "Categories", categories: [{ title: "Water", categories: [{ title: "Rivers" }, { title: "Lakes" }] }] }];
    await portalPost(emu, "dev_admin", `portals/${self.id}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: edited }) });
    const drift = await driftCheck();
    assert.notEqual(drift.preview, 0, "preview --refresh --expect-no-changes fails on drift");
    assert.equal(drift.render, 1, drift.md);
    assert.match(drift.md, /### ! drift `portal:PortalItem` \*\*map\*\*\n\n```diff\nportal changed title to "Rivers \(edited\)" \(the program says "Rivers"\)/, drift.md);
    assert.match(drift.md, /### ! drift `portal:CategorySchema` \*\*tree\*\*\n\n```diff\nportal added Categories\/Water\/Lakes/, drift.md);
    await pulumiOk(["up", "--refresh", "--yes", "--skip-preview"]);
    const clean = await driftCheck();
    assert.equal(clean.preview, 0, clean.md);
    assert.equal(clean.render, 0, clean.md);
    assert.match(clean.md, /No drift: the portal is as the program says\./);
  });

  const bin = () => path.join(project.dir, "node_modules", "pulumi-gis-portal", "dist", "cli", "index.js");

  async function pulumiOk(args: string[]): Promise<string> {
    const r = await pulumi(args);
    assert.equal(r.code, 0, r.out);
    return r.out;
  }

  /** The scheduled workflow's commands (examples/ci/drift.yml): preview --refresh as JSON, then render-plan --drift. */
  async function driftCheck(): Promise<{ preview: number; render: number; md: string }> {
    const json = path.join(project.dir, "drift.json");
    const p = await run(["preview", "--refresh", "--expect-no-changes", "--json"]);
    fs.writeFileSync(json, p.stdout);
    const r = spawnSync(process.execPath, [bin(), "render-plan", json, "--drift"], { encoding: "utf8" });
    return { preview: p.code, render: r.status ?? -1, md: `${r.stdout}${r.stderr}` };
  }
});
