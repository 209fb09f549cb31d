// Issue 25: the package's rules as a policy pack, through the real CLI and the packed package:
// `pulumi preview --policy-pack` fails on each mandatory violation, names the resource, property
// and fix; the same rules set to advisory pass and appear in render-plan's Markdown; a compliant
// program has no violation. No portal write in any of it.
import { strict as assert } from "node:assert";
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, requestLog } from "../provider/resources/portalCalls";
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
new portal.LayerAppend("reload", { name: "reload", layerUrl: "https://services.example.com/arcgis/rest/services/Rivers/FeatureServer/0", edits: { features: [] }, truncate: bad });
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

  function pulumi(args: string[]): Promise<{ code: number; out: string }> {
    return new Promise((resolve) =>
      execFile(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: project.dir, env: { ...process.env, ...project.env }, maxBuffer: 64 * 1024 * 1024 }, (e, stdout, stderr) =>
        resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out: `${stdout}\n${stderr}` }),
      ),
    );
  }

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
});
