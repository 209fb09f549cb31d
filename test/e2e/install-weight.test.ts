// Install weight (issue 16, scope 1): a program that uses the resources installs the SDK's packages
// plus at most 10 (230 in all); the emulator is its own package, installed only where tests need
// it, and a program runs against it (the emulator started from the installed package, as a user's
// CI does, and its `portal-emulator` bin).
import { strict as assert } from "node:assert";
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createFixtureProject, fixtureStack, installedPackages, packedEmulator, type FixtureProject } from "../support/pulumi";

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

  it("the emulator installed as its own package: its bin starts, and a program runs against startEmulator() from it", async () => {
    npmInstall(project.dir, ["--save-dev", `file:${packedEmulator()}`]);
    const installed = path.join(project.dir, "node_modules", "pulumi-gis-portal-emulator");
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
});
