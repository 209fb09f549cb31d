#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another. Each bench
// measures a baseline in the same run and reports ratios against it; nothing here is a test.
// Then one table of every bench's headline figures (bench/summary.ts): figure, baseline, ratio,
// peak RSS of each process, goal. `--json FILE` writes that table and each bench's raw figures.
// Usage: node scripts/run-bench.js [name-filter] [--json FILE]
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const args = process.argv.slice(2);
const jsonAt = args.indexOf("--json");
const jsonFile = jsonAt >= 0 ? path.resolve(args[jsonAt + 1] ?? "bench.json") : undefined;
const filter = (jsonAt >= 0 ? args.filter((_, i) => i !== jsonAt && i !== jsonAt + 1) : args)[0];
const benches = fs
  .readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".bench.ts") && (!filter || f.includes(filter)))
  .sort();
if (benches.length === 0) {
  console.error(`run-bench: no bench/*.bench.ts${filter ? ` matching "${filter}"` : ""}`);
  process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), "run-bench-"));
const summaryFile = path.join(work, "summary.jsonl");
fs.writeFileSync(summaryFile, "");
const raw = {};
let failed = 0;
for (const b of benches) {
  console.log(`\n== bench/${b}`);
  const rawFile = path.join(work, `${b}.json`);
  const env = { ...process.env, BENCH_SUMMARY: summaryFile, ...(jsonFile ? { BENCH_JSON: rawFile } : {}) };
  const r = spawnSync(process.execPath, ["--expose-gc", "-r", "ts-node/register/transpile-only", path.join("bench", b)], { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) failed++;
  if (jsonFile && fs.existsSync(rawFile)) raw[b.replace(/\.bench\.ts$/, "")] = JSON.parse(fs.readFileSync(rawFile, "utf8"));
}
const lines = fs.readFileSync(summaryFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
if (lines.length > 0) {
  const cpus = os.cpus();
  console.log(`\n== summary: ${cpus.length} × ${cpus[0] ? cpus[0].model : "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log("| figure | measured | baseline | ratio | peak RSS (MiB) | goal | |");
  console.log("|---|---|---|---:|---|---|---|");
  for (const l of lines) {
    const rss = Object.entries(l.rss || {}).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => `${k} ${v}`).join(", ");
    const ratio = typeof l.ratio === "number" ? `${l.ratio.toFixed(2)}×` : "";
    console.log(`| ${l.figure} | ${l.measured} | ${l.baseline} | ${ratio} | ${rss} | ${l.goal || ""} | ${l.met === undefined ? "" : l.met ? "met" : "**not met**"} |`);
  }
}
if (jsonFile) {
  fs.writeFileSync(jsonFile, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0] && os.cpus()[0].model, node: process.version, loadAverage: os.loadavg() }, summary: lines, raw }, null, 2));
  console.log(`run-bench: raw figures and the summary in ${jsonFile}`);
}
fs.rmSync(work, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);
