#!/usr/bin/env node
// Stages the emulator's installable unit, packages/emulator (npm name pulumi-gis-portal-emulator),
// from the root build: dist/emulator and the modules it shares with the provider (dist/spec: limits
// and wire types) are copied to packages/emulator/dist with the same layout, so the compiled
// relative requires hold. Run by `npm run build` after tsc; `npm pack ./packages/emulator` then makes the tarball.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const dist = path.join(root, "dist");
const out = path.join(root, "packages", "emulator", "dist");

if (!fs.existsSync(path.join(dist, "emulator", "index.js"))) {
  process.stderr.write("build-emulator-package: dist/emulator/index.js is missing; run tsc -p tsconfig.build.json first\n");
  process.exit(1);
}
fs.rmSync(out, { recursive: true, force: true });
const keep = (src) => !src.endsWith(".map");
fs.cpSync(path.join(dist, "emulator"), path.join(out, "emulator"), { recursive: true, filter: keep });
fs.cpSync(path.join(dist, "spec"), path.join(out, "spec"), { recursive: true, filter: keep });
fs.chmodSync(path.join(out, "emulator", "cli.js"), 0o755);
