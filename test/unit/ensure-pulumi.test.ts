// scripts/ensure-pulumi: any `pulumi` on PATH at or above the floor is used without a build; an
// older one is named with the version needed and why. A wrapper `pulumi` reports the version and
// hands every other command to the real CLI when one is cached (a faithful wrapper); a fake `go`
// records any build attempt, and an empty cache root rules out the cached CLI.
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pulumiBinDir as ensuredBinDir } from "../support/pulumi";

const root = path.resolve(__dirname, "..", "..");
const { CLI_FLOOR, pulumiBinDir } = require(path.join(root, "scripts", "pulumi-paths.js"));

function script(file: string, body: string): void {
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(file, 0o755);
}

/** `realDir`: where the real CLI the wrapper hands commands to lives (default: this SDK's cache dir, which may be empty). */
function setup(reported: string, realDir: string = pulumiBinDir()) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-pulumi-"));
  const cliDir = path.join(tmp, "cli", "bin");
  const goDir = path.join(tmp, "go", "bin");
  const cache = path.join(tmp, "cache");
  const goMarker = path.join(tmp, "go-called");
  fs.mkdirSync(cliDir, { recursive: true });
  fs.mkdirSync(goDir, { recursive: true });
  fs.mkdirSync(cache);
  const real = path.join(realDir, "pulumi");
  const delegate = fs.existsSync(real) ? `exec "${real}" "$@"` : `echo "no real pulumi" >&2; exit 1`;
  script(path.join(cliDir, "pulumi"), `if [ "$1" = "version" ]; then echo "${reported}"; exit 0; fi\n${delegate}`);
  for (const f of ["pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]) {
    const realPlugin = path.join(realDir, f);
    script(path.join(cliDir, f), fs.existsSync(realPlugin) ? `exec "${realPlugin}" "$@"` : "exit 1");
  }
  script(path.join(goDir, "go"), `echo "$@" >> "${goMarker}"; exit 1`);
  const run = () =>
    spawnSync(path.join(root, "scripts", "ensure-pulumi"), [], {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        PATH: [cliDir, goDir, path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter),
        PULUMI_GIS_PORTAL_CACHE: cache,
      },
    });
  return { tmp, cliDir, goMarker, run, remove: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

describe("scripts/ensure-pulumi: any CLI at or above the floor", function () {
  this.timeout(30_000);

  it(`a newer pulumi on PATH (v3.999.0 ≥ ${CLI_FLOOR}) is used as it is: no build starts`, () => {
    const s = setup("v3.999.0");
    try {
      const r = s.run();
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout.trim().split("\n").pop(), s.cliDir);
      assert.match(r.stderr, /using pulumi 3\.999\.0 on PATH/);
      assert.ok(!fs.existsSync(s.goMarker), `go was called: ${fs.existsSync(s.goMarker) ? fs.readFileSync(s.goMarker, "utf8") : ""}`);
    } finally {
      s.remove();
    }
  });

  it("the floor itself is enough", () => {
    const s = setup(`v${CLI_FLOOR}`);
    try {
      const r = s.run();
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout.trim().split("\n").pop(), s.cliDir);
      assert.ok(!fs.existsSync(s.goMarker));
    } finally {
      s.remove();
    }
  });

  it("an older pulumi (3.120.0) is named with the version needed and why, once; then a build is attempted", () => {
    const s = setup("v3.120.0");
    try {
      const r = s.run();
      const needs = r.stderr.split("\n").filter((l) => l.includes("this package needs"));
      assert.equal(needs.length, 1, r.stderr);
      assert.match(needs[0], new RegExp(`pulumi 3\\.120\\.0 found \\(.*\\); this package needs >= ${CLI_FLOOR.replace(/\./g, "\\.")} for hideDiffs`));
      assert.ok(fs.existsSync(s.goMarker), "no build was attempted");
      assert.notEqual(r.status, 0);
    } finally {
      s.remove();
    }
  });

  it("a faithful wrapper runs the real CLI for every command but version", () => {
    // the CLI ensure-pulumi gives (a pulumi on PATH, or the cached build): never skipped
    const s = setup("v3.999.0", ensuredBinDir());
    try {
      const r = spawnSync(path.join(s.cliDir, "pulumi"), ["about", "--help"], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /pulumi about/);
    } finally {
      s.remove();
    }
  });

  it("the root and the examples' Pulumi.yaml require the same floor", () => {
    const files = ["Pulumi.yaml", ...fs.readdirSync(path.join(root, "examples")).map((d) => path.join("examples", d, "Pulumi.yaml"))].filter((f) => fs.existsSync(path.join(root, f)));
    assert.ok(files.length >= 4);
    for (const f of files) assert.match(fs.readFileSync(path.join(root, f), "utf8"), new RegExp(`^requiredPulumiVersion: ">=${CLI_FLOOR.replace(/\./g, "\\.")}"`, "m"), f);
  });
});
