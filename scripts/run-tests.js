#!/usr/bin/env node
// Runs every test layer that exists, plus the type check and lint, prints each part's time, and
// ends with one line "N passed, N failed" (CI reads that line, not mocha's own summary).
//
// Each test layer runs in a process of its own (one mocha run per layer, in LAYERS order), its files
// on `--jobs` of mocha's parallel workers (default: 2, or 1 on a one-core machine; TEST_JOBS): a
// file's tests keep their order and their process, files of one layer run side by side. The type
// check and lint run in a second lane beside the layers (their output is held and printed when they
// end); `--serial` runs the checks first and `--jobs 1` one file at a time, as before.
//
// Usage: node scripts/run-tests.js [--layers unit,emulator,...] [--no-checks] [--grep text] [--serial]
//                                  [--jobs N] [--report file.json] [--update-durations]
//   --report  writes every test's layer, file, title, state and duration (ms) as JSON
//             (also TEST_REPORT=file.json); the summary lists the slowest files either way.
//   --update-durations  writes each file's seconds (its tests and hooks) of this run into
//             test/durations.json, which orders a layer's files longest first (commit it after a
//             full run when files were added or got much slower or faster).
"use strict";
const { fork, spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const LAYERS = ["unit", "replay", "emulator", "provider", "network", "reliability", "e2e"];

function parseArgs(argv) {
  const opts = { layers: LAYERS, checks: true, grep: undefined, serial: false, report: process.env.TEST_REPORT || undefined, worker: undefined, jobs: Number(process.env.TEST_JOBS) || Math.min(2, os.availableParallelism()), jobsGiven: Boolean(Number(process.env.TEST_JOBS)) };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--layers") opts.layers = argv[++i].split(",");
    else if (argv[i] === "--no-checks") opts.checks = false;
    else if (argv[i] === "--grep") opts.grep = argv[++i];
    else if (argv[i] === "--serial") opts.serial = true;
    else if (argv[i] === "--report") opts.report = argv[++i];
    else if (argv[i] === "--update-durations") opts.updateDurations = true;
    else if (argv[i] === "--jobs") (opts.jobs = Number(argv[++i])), (opts.jobsGiven = true);
    else if (argv[i] === "--worker") opts.worker = argv[++i]; // internal: run one layer in this process
    else throw new Error(`run-tests: unknown argument ${argv[i]}`);
  }
  const unknown = opts.layers.filter((l) => !LAYERS.includes(l));
  if (!Number.isInteger(opts.jobs) || opts.jobs < 1) throw new Error(`run-tests: --jobs wants a whole number ≥ 1`);
  if (unknown.length > 0) throw new Error(`run-tests: unknown layer ${unknown.join(", ")} (layers: ${LAYERS.join(", ")})`);
  return opts;
}

const DURATIONS = path.join(root, "test", "durations.json");

/** Seconds each test file took in a full run (test/durations.json, `--update-durations`); {} without it. */
function knownDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, "utf8"));
  } catch {
    return {};
  }
}

/**
 * A layer's files, longest first by test/durations.json (files it does not list first of all: a new
 * file may be long), so that two workers end together rather than one waiting on a long file begun last.
 */
function scheduled(files) {
  const known = knownDurations();
  const secs = (f) => known[path.relative(root, f)] ?? Infinity;
  return [...files].sort((a, b) => secs(b) - secs(a) || a.localeCompare(b));
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

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

// ---- worker: one layer's mocha run, results sent to the parent over IPC ----

const REGISTER = path.join(root, "test", "support", "register.js");

async function runLayer(layer, grep, jobs) {
  const files = scheduled(testFiles(layer));
  const parallel = jobs > 1 && files.length > 1;
  require(REGISTER);
  const mochaModule = require("mocha");
  const Mocha = mochaModule.Mocha || mochaModule.default || mochaModule;
  // in parallel, each of mocha's workers loads REGISTER itself and runs whole files, in this order
  const mocha = new Mocha({ timeout: 20000, reporter: "spec", grep, ...(parallel ? { parallel: true, jobs: Math.min(jobs, files.length), require: [REGISTER] } : {}) });
  files.forEach((f) => mocha.addFile(f));
  if (!parallel) await mocha.loadFilesAsync();
  const tests = [];
  return new Promise((resolve) => {
    const runner = mocha.run(() => resolve({ passes: runner.stats.passes, failures: runner.stats.failures, pending: runner.stats.pending, tests }));
    const record = (state) => (t) => tests.push({ file: path.relative(root, t.file || ""), title: t.fullTitle(), state, ms: t.duration || 0 });
    runner.on("pass", record("passed"));
    // before/after hooks (a fixture project's install, an emulator's start) count in their file's time
    runner.on("hook end", (h) => h.duration && tests.push({ file: path.relative(root, h.file || (h.parent && h.parent.file) || ""), title: h.fullTitle(), state: "hook", ms: h.duration }));
    runner.on("fail", (t) => record("failed")(t.type === "hook" ? Object.assign(Object.create(t), { file: t.file || (t.parent && t.parent.file), duration: 0 }) : t));
  });
}

async function worker(opts) {
  let result;
  try {
    result = await runLayer(opts.worker, opts.grep, opts.jobs);
  } catch (e) {
    console.error(e);
    result = { passes: 0, failures: 1, pending: 0, tests: [] };
  }
  process.send(result, () => process.exit(0)); // open handles left by a test must not hang the run
}

// ---- parent ----

/**
 * CPU time (ms) of this process's children that have ended and been waited for, with everything
 * they waited for in turn (Linux: cutime + cstime of /proc/self/stat); undefined elsewhere. Read at
 * each child's end, the growth since the last reading is that child's whole tree: a layer's mocha
 * workers, the pulumi CLIs, language hosts and provider hosts its tests ran.
 */
function reapedCpuMs() {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}
let lastReaped = reapedCpuMs();
/** The CPU time of the children ended since the last call. */
function reapedSinceLast() {
  const now = reapedCpuMs();
  const d = now === undefined || lastReaped === undefined ? undefined : now - lastReaped;
  lastReaped = now;
  return d;
}

// The e2e layer's files wait on the Pulumi engine, npm and the emulator more than they compute
// (cpu ≈ wall with two workers): a third worker shortens it on two cores. Unless --jobs/TEST_JOBS says.
const WAIT_BOUND = { e2e: 3 };

function layerJobs(layer, opts) {
  return opts.jobsGiven ? opts.jobs : Math.max(opts.jobs, WAIT_BOUND[layer] ?? 0);
}

function runLayerProcess(layer, opts) {
  const started = Date.now();
  return new Promise((resolve) => {
    const args = ["--worker", layer, "--jobs", String(layerJobs(layer, opts)), ...(opts.grep ? ["--grep", opts.grep] : [])];
    const child = fork(__filename, args, { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let result;
    child.on("message", (m) => (result = m));
    child.on("exit", (code, signal) => {
      if (!result) result = { passes: 0, failures: 1, pending: 0, tests: [], crashed: `exited ${signal ?? code} before reporting` };
      resolve({ name: layer, ms: Date.now() - started, ...result, cpuMs: reapedSinceLast() });
    });
  });
}

/** A check (type check, lint) with its output held; resolves with it and its time. */
function runCheck(name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("error", (e) => out.push(Buffer.from(String(e))));
    child.on("close", (code) => resolve({ name, ms: Date.now() - started, cpuMs: reapedSinceLast(), ok: code === 0, output: Buffer.concat(out).toString(), line: `${cmd} ${args.join(" ")}` }));
  });
}

function printCheck(c) {
  process.stdout.write(`\n== ${c.name}: ${path.relative(root, c.line.split(" ")[0])} ${c.line.split(" ").slice(1).join(" ")}\n${c.output}`);
  process.stdout.write(`== ${c.name}: ${c.ok ? "passed" : "FAILED"} (${seconds(c.ms)})\n`);
}

async function runChecks(opts) {
  const bin = (n) => path.join(root, "node_modules", ".bin", n);
  const done = [];
  // one after the other: beside a test layer, two checks at once would leave the tests no core
  done.push(await runCheck("type check", bin("tsc"), ["--noEmit", "-p", "."]));
  if (opts.serial) printCheck(done[0]);
  done.push(await runCheck("lint", bin("eslint"), ["."]));
  if (opts.serial) printCheck(done[1]);
  return done;
}

function summary(checks, layers, totalMs) {
  const rows = [];
  const cpu = (ms) => (ms === undefined ? "" : `cpu ${seconds(ms)}`);
  for (const c of checks) rows.push([c.name, seconds(c.ms), c.ok ? "passed" : "FAILED", cpu(c.cpuMs)]);
  for (const l of layers) {
    const n = l.tests.filter((t) => t.state !== "hook").length;
    rows.push([`${l.name} layer`, seconds(l.ms), `${l.passes} passed, ${l.failures} failed${l.pending ? `, ${l.pending} pending` : ""}`, `${cpu(l.cpuMs)}, ${n} tests${l.crashed ? `, ${l.crashed}` : ""}`]);
  }
  const cpuAll = [...checks, ...layers].reduce((a, p) => (a === undefined || p.cpuMs === undefined ? undefined : a + p.cpuMs), 0);
  rows.push(["total", `${seconds(totalMs)} (${clock(totalMs)})`, "", cpu(cpuAll)]);
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  let s = "\n== time by layer (wall clock; the checks ran beside the layers unless --serial; cpu: the part's processes, user + system)\n";
  for (const r of rows) s += `  ${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padEnd(w[2])}  ${r[3]}\n`;
  const byFile = new Map();
  for (const l of layers) for (const t of l.tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
  const slow = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (slow.length > 0) {
    s += "== slowest test files (sum of their tests' and hooks' durations)\n";
    for (const [f, ms] of slow) s += `  ${seconds(ms).padStart(8)}  ${f}\n`;
  }
  return s;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.worker) return worker(opts);
  const started = Date.now();
  const checksDone = opts.checks ? runChecks(opts) : Promise.resolve([]);
  if (opts.serial) await checksDone;
  const layers = [];
  for (const layer of opts.layers) {
    if (testFiles(layer).length === 0) continue;
    process.stdout.write(`\n== ${layer} layer\n`);
    const r = await runLayerProcess(layer, opts);
    process.stdout.write(`== ${layer} layer: ${r.passes} passed, ${r.failures} failed (${seconds(r.ms)})\n`);
    layers.push(r);
  }
  const checks = await checksDone;
  if (!opts.serial) checks.forEach(printCheck);
  const totalMs = Date.now() - started;
  if (opts.updateDurations) {
    const known = knownDurations();
    for (const l of layers) {
      const byFile = {};
      for (const t of l.tests) byFile[t.file] = (byFile[t.file] ?? 0) + t.ms / 1000;
      for (const [f, sec] of Object.entries(byFile)) known[f] = Math.round(sec * 10) / 10;
    }
    const sorted = Object.fromEntries(Object.keys(known).filter((f) => fs.existsSync(path.join(root, f))).sort().map((f) => [f, known[f]]));
    fs.writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 1)}\n`);
  }
  if (opts.report) {
    const tests = layers.flatMap((l) => l.tests.map((t) => ({ layer: l.name, ...t })));
    const parts = [...checks.map((c) => ({ name: c.name, ms: c.ms, cpuMs: c.cpuMs, ok: c.ok })), ...layers.map((l) => ({ name: l.name, ms: l.ms, cpuMs: l.cpuMs, passes: l.passes, failures: l.failures }))];
    fs.writeFileSync(opts.report, JSON.stringify({ totalMs, parts, tests }, null, 1));
  }
  process.stdout.write(summary(checks, layers, totalMs));
  const passed = checks.filter((c) => c.ok).length + layers.reduce((n, l) => n + l.passes, 0);
  const failed = checks.filter((c) => !c.ok).length + layers.reduce((n, l) => n + l.failures, 0);
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.stdout.write(`\n0 passed, 1 failed\n`);
  process.exit(1);
});
