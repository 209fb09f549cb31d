// Where ensure-pulumi keeps the built CLI: one place, shared by the script, the test harness and the demo.
"use strict";
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/** The version of the installed @pulumi/pulumi, which the CLI must match. */
function pulumiVersion() {
  return require(require.resolve("@pulumi/pulumi/package.json", { paths: [root] })).version;
}

/**
 * The oldest Pulumi CLI this package works with, and why. ensure-pulumi uses any `pulumi` on PATH
 * at or above it; docs/dev/compatibility-log.md records what was verified.
 */
const CLI_FLOOR = "3.200.0";
const CLI_FLOOR_REASONS = [
  "hideDiffs (the plan review hides the nested diffs its outline lines restate; engine support since 3.200.0, pulumi/pulumi#20631)",
  "dynamic providers receive the stack config in configure (since 3.139)",
];

/** "v3.248.0", "3.250.1-alpha.x+dirty" → [3, 248, 0]; undefined when it is not a version. */
function parseVersion(text) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(text || "").trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function compareVersions(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function cacheRoot() {
  return process.env.PULUMI_GIS_PORTAL_CACHE || path.join(os.homedir(), ".cache", "pulumi-gis-portal");
}

function pulumiBinDir(version = pulumiVersion()) {
  return path.join(cacheRoot(), `pulumi-${version}`, "bin");
}

module.exports = { pulumiVersion, pulumiBinDir, cacheRoot, CLI_FLOOR, CLI_FLOOR_REASONS, parseVersion, compareVersions };
