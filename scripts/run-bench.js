#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another. Each bench
// measures a baseline in the same run and reports ratios against it; nothing here is a test.
// Usage: node scripts/run-bench.js [name-filter]
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const filter = process.argv[2];
const benches = fs
  .readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".bench.ts") && (!filter || f.includes(filter)))
  .sort();
if (benches.length === 0) {
  console.error(`run-bench: no bench/*.bench.ts${filter ? ` matching "${filter}"` : ""}`);
  process.exit(1);
}
let failed = 0;
for (const b of benches) {
  console.log(`\n== bench/${b}`);
  const r = spawnSync(process.execPath, ["--expose-gc", "-r", "ts-node/register/transpile-only", path.join("bench", b)], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
