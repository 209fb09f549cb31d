#!/usr/bin/env node
// Runs every test layer that exists, plus the type check and lint, and ends with one line
// "N passed, N failed" (CI reads that line, not mocha's own summary).
// Usage: node scripts/run-tests.js [--layers unit,emulator,...] [--no-checks] [--grep text]
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const LAYERS = ["unit", "replay", "emulator", "provider", "network", "reliability", "e2e"];

function parseArgs(argv) {
  const opts = { layers: LAYERS, checks: true, grep: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--layers") opts.layers = argv[++i].split(",");
    else if (argv[i] === "--no-checks") opts.checks = false;
    else if (argv[i] === "--grep") opts.grep = argv[++i];
    else throw new Error(`run-tests: unknown argument ${argv[i]}`);
  }
  return opts;
}

function runCheck(name, cmd, args) {
  process.stdout.write(`\n== ${name}: ${cmd} ${args.join(" ")}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  const ok = r.status === 0;
  process.stdout.write(`== ${name}: ${ok ? "passed" : "FAILED"}\n`);
  return ok;
}

function testFiles(layer) {
  const dir = path.join(root, "test", layer);
  if (!fs.existsSync(dir)) return [];
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".test.ts")) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

async function runMocha(files, grep) {
  require("ts-node").register({ transpileOnly: true, project: path.join(root, "tsconfig.json") });
  require(path.join(root, "test", "uploadSizes.ts")); // small multipart sizes for test files (and the pulumi runs they start)
  const mochaModule = require("mocha");
  const Mocha = mochaModule.Mocha || mochaModule.default || mochaModule;
  const mocha = new Mocha({ timeout: 20000, reporter: "spec", grep });
  files.forEach((f) => mocha.addFile(f));
  await mocha.loadFilesAsync();
  return new Promise((resolve) => {
    const runner = mocha.run(() => resolve({ passes: runner.stats.passes, failures: runner.stats.failures }));
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let passed = 0;
  let failed = 0;
  if (opts.checks) {
    const tsc = path.join(root, "node_modules", ".bin", "tsc");
    const eslint = path.join(root, "node_modules", ".bin", "eslint");
    runCheck("type check", tsc, ["--noEmit", "-p", "."]) ? passed++ : failed++;
    runCheck("lint", eslint, ["."]) ? passed++ : failed++;
  }
  const files = opts.layers.flatMap(testFiles);
  if (files.length > 0) {
    const r = await runMocha(files, opts.grep);
    passed += r.passes;
    failed += r.failures;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
  // Open handles left by a test must not hang CI; the summary is already printed.
  setTimeout(() => process.exit(process.exitCode), 2000).unref();
}

main().catch((e) => {
  console.error(e);
  process.stdout.write(`\n0 passed, 1 failed\n`);
  process.exit(1);
});
