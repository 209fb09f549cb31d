// Where ensure-pulumi keeps the built CLI: one place, shared by the script, the test harness and the demo.
"use strict";
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/** The version of the installed @pulumi/pulumi, which the CLI must match. */
function pulumiVersion() {
  return require(require.resolve("@pulumi/pulumi/package.json", { paths: [root] })).version;
}

function cacheRoot() {
  return process.env.PULUMI_GIS_PORTAL_CACHE || path.join(os.homedir(), ".cache", "pulumi-gis-portal");
}

function pulumiBinDir(version = pulumiVersion()) {
  return path.join(cacheRoot(), `pulumi-${version}`, "bin");
}

module.exports = { pulumiVersion, pulumiBinDir, cacheRoot };
