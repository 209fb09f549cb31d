// Install weight (issue 16, scope 1): a program that uses the resources installs the SDK's packages
// plus at most 10 (230 in all); the emulator is its own package, installed only where tests need
// it, and a program runs against it (the emulator started from the installed package, as a user's
// CI does, and its `portal-emulator` bin); the installed bin under the hostile input of issue 30.
import { strict as assert } from "node:assert";
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PNG } from "pngjs";
import AdmZip from "adm-zip";
import { defaultFixtures } from "../../emulator/fixtures";
import { pointLayer, service } from "../emulator/features/support";
import { createFixtureProject, fixtureStack, installedPackages, packedEmulator, packedPackage, type FixtureProject } from "../support/pulumi";

const MAX_TOTAL = 230;
const MAX_OVER_SDK = 10;

const program = `
const portal = require("pulumi-gis-portal");
const schema = new portal.CategorySchema("org-categories", {
  categorySchema: [{ title: "Categories", categories: [{ title: "Rivers" }] }],
});
exports.portalId = schema.portalId;
`;

const npmInstall = (dir: string, args: string[] = []) =>
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...args], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });

describe("e2e install weight: the provider without the emulator, the emulator as its own package", function () {
  this.timeout(600_000);
  let project: FixtureProject;
  let sdkOnlyDir: string;

  before(() => {
    sdkOnlyDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-sdk-only-"));
    const sdkVersion = require("@pulumi/pulumi/package.json").version;
    fs.writeFileSync(path.join(sdkOnlyDir, "package.json"), JSON.stringify({ name: "sdk-only", private: true, dependencies: { "@pulumi/pulumi": sdkVersion } }));
    npmInstall(sdkOnlyDir);
    project = createFixtureProject("install-weight", program);
  });

  after(() => {
    project?.remove();
    if (sdkOnlyDir) fs.rmSync(sdkOnlyDir, { recursive: true, force: true });
  });

  it(`npm install of both packed packages on Node ${process.versions.node} prints no EBADENGINE warning (engines: the truth)`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-engines-"));
    try {
      const sdkVersion = require("@pulumi/pulumi/package.json").version;
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "engines", private: true, dependencies: { "@pulumi/pulumi": sdkVersion } }));
      const r = require("node:child_process").spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=warn", `file:${packedPackage()}`, `file:${packedEmulator()}`], { cwd: dir, encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      assert.doesNotMatch(`${r.stdout}\n${r.stderr}`, /EBADENGINE/, `npm warned about engines:\n${r.stderr}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`installs at most ${MAX_TOTAL} packages, the SDK's plus at most ${MAX_OVER_SDK}, none of the emulator's`, () => {
    const sdk = installedPackages(sdkOnlyDir);
    const all = installedPackages(project.dir);
    const extra = all.filter((p) => !sdk.includes(p));
    console.log(`      installed: ${all.length} (the SDK alone: ${sdk.length}; added: ${extra.map((p) => p.replace(/^node_modules\//, "")).join(", ")})`);
    assert.ok(all.length <= MAX_TOTAL, `${all.length} packages installed; at most ${MAX_TOTAL}`);
    assert.ok(extra.length <= MAX_OVER_SDK, `${extra.length} packages beyond the SDK's: ${extra.join(", ")}`);
    for (const dep of ["fastify", "sql.js", "exceljs", "proj4", "shapefile"]) assert.ok(!all.includes(`node_modules/${dep}`), `${dep} is installed`);
    assert.ok(!fs.existsSync(path.join(project.dir, "node_modules", "pulumi-gis-portal", "dist", "emulator")), "the provider package carries no emulator");
  });

  /** The packed emulator installed in the fixture project (once; the tests below share it). */
  const installEmulator = (): string => {
    const installed = path.join(project.dir, "node_modules", "pulumi-gis-portal-emulator");
    if (!fs.existsSync(installed)) npmInstall(project.dir, ["--save-dev", `file:${packedEmulator()}`]);
    return installed;
  };

  it("the emulator installed as its own package: its bin starts, and a program runs against startEmulator() from it", async () => {
    const installed = installEmulator();
    assert.ok(fs.existsSync(installed));

    // the bin, as `npx portal-emulator` runs it
    const bin = spawn(path.join(project.dir, "node_modules", ".bin", "portal-emulator"), ["--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        let out = "";
        bin.stdout.on("data", (d) => {
          out += d;
          if (/token/i.test(out)) resolve(out);
        });
        bin.on("exit", (code) => reject(new Error(`portal-emulator exited ${code}: ${out}`)));
        setTimeout(() => reject(new Error(`no banner in 30 s: ${out}`)), 30_000);
      });
      assert.match(banner, /listening/);
    } finally {
      bin.kill("SIGTERM");
    }

    const { startEmulator } = require(installed) as typeof import("../../emulator");
    const emulator = await startEmulator({ port: 0 });
    try {
      const stack = await fixtureStack(project, "dev", {
        "portal:url": { value: emulator.portalUrl },
        "portal:token": { value: emulator.tokens.dev_admin, secret: true },
      });
      const up = await stack.up();
      assert.equal(up.summary.result, "succeeded");
      assert.equal(up.outputs.portalId.value, emulator.portalId);
      const destroy = await stack.destroy();
      assert.equal(destroy.summary.result, "succeeded");
    } finally {
      await emulator.close();
    }
  });

  it("the packed emulator's bin under hostile input (issue 30): a 24-% LIKE answers within a second, an 8000×8000 thumbnail stays under 300 MiB, a bad %-escape gets the envelope without the token", async () => {
    installEmulator();
    const fixturesFile = path.join(project.dir, "hostile-fixtures.json");
    const rows = Array.from({ length: 5 }, (_, i) => ({ attributes: { code: `c${i}`, label: `station number ${i} of the line` }, geometry: { x: 1, y: 2 } }));
    fs.writeFileSync(fixturesFile, JSON.stringify({ ...defaultFixtures(), services: [service("Stations", [pointLayer(0, { rows })])] }));
    // encoded first (about 8 s): meanwhile the server would close an idle keep-alive connection under a request
    const bomb = PNG.sync.write(new PNG({ width: 8000, height: 8000 }), { deflateLevel: 9 });
    const bin = spawn(path.join(project.dir, "node_modules", ".bin", "portal-emulator"), ["--port", "0", "--fixtures", fixturesFile], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        let out = "";
        bin.stdout.on("data", (d) => {
          out += d;
          if (/dev_user: \S+\n/.test(out) && /dev_publisher: \S+\n/.test(out)) resolve(out);
        });
        bin.on("exit", (code) => reject(new Error(`portal-emulator exited ${code}: ${out}`)));
        setTimeout(() => reject(new Error(`no banner in 30 s: ${out}`)), 30_000);
      });
      const line = (key: string) => new RegExp(`${key}:\\s+(\\S+)`).exec(banner)![1];
      const sharing = line("sharingUrl");
      const services = line("serviceUrl");
      const token = line("dev_publisher");
      const post = async (url: string, fields: Record<string, string>) => (await (await fetch(url, { method: "POST", body: new URLSearchParams({ f: "json", token, ...fields }) })).json()) as any;

      // the LIKE pattern of the issue: 24 % before a tail no row has, over five rows
      const layer = `${services}/Stations/FeatureServer/0`;
      assert.equal((await post(`${layer}/query`, { where: "label LIKE '%station%'", outFields: "*" })).features?.length, 5);
      const started = Date.now();
      const like = await post(`${layer}/query`, { where: `label LIKE '${"%".repeat(24)}zzz'`, outFields: "*" });
      const took = Date.now() - started;
      assert.ok(took < 1000, `the LIKE query took ${took} ms`);
      assert.ok((Array.isArray(like.features) && like.features.length === 0) || like.error?.code === 400, JSON.stringify(like).slice(0, 200));

      // the image bomb: a small PNG declaring 8000×8000, as a thumbnail (refused) and as a package card's (served as stored at ?w=200)
      const form = new FormData();
      for (const [k, v] of Object.entries({ f: "json", token, type: "Web Map", title: "Bomb", text: "{}" })) form.append(k, v);
      form.append("thumbnail", new Blob([bomb]), "bomb.png");
      const refused = (await (await fetch(`${sharing}/content/users/dev_publisher/addItem`, { method: "POST", body: form })).json()) as any;
      assert.equal(refused.error?.code, 400, JSON.stringify(refused));
      const zip = new AdmZip();
      zip.addFile("esriinfo/iteminfo.xml", Buffer.from("<esri_ItemInformation><title>Card</title><thumbnail>bomb.png</thumbnail></esri_ItemInformation>"));
      zip.addFile("esriinfo/bomb.png", bomb);
      const card = new FormData();
      for (const [k, v] of Object.entries({ f: "json", token, type: "Code Attachment", title: "Card" })) card.append(k, v);
      card.append("file", new Blob([zip.toBuffer()]), "card.zip");
      const added = (await (await fetch(`${sharing}/content/users/dev_publisher/addItem`, { method: "POST", body: card })).json()) as any;
      assert.equal(added.success, true, JSON.stringify(added));
      const thumb = await fetch(`${sharing}/content/items/${added.id}/info/bomb.png?w=200&token=${token}`);
      assert.equal(Buffer.from(await thumb.arrayBuffer()).length, bomb.length, "served as stored");
      const peak = peakRss(bin.pid!);
      console.log(`      packed emulator peak RSS after the image bomb: ${(peak / 1048576).toFixed(0)} MiB`);
      assert.ok(peak < 300 * 1024 * 1024, `peak RSS ${(peak / 1048576).toFixed(0)} MiB; at most 300`);

      // a bad %-escape in the path: the envelope, not the framework's body with the URL (and the token) in it
      const bad = await fetch(`${sharing.replace(/\/sharing\/rest$/, "")}/%zz?token=${token}`);
      const text = await bad.text();
      const body = JSON.parse(text);
      assert.ok(typeof body.error?.code === "number" && typeof body.error.message === "string" && Array.isArray(body.error.details), text.slice(0, 200));
      assert.ok(!text.includes(token), `the answer echoes the token: ${text.slice(0, 200)}`);
      assert.equal(((await (await fetch(`${sharing}/portals/self?f=json&token=${token}`)).json()) as any).id !== undefined, true, "still answering");
    } finally {
      bin.kill("SIGTERM");
    }
  });
});

/** The peak resident set of a process (VmHWM), in bytes. */
function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m![1]) * 1024;
}
