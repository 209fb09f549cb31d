// At a real portal's pace (issue 46): requests per resource of every command, and the export over a
// slow link and under a rate limit. For each N of BENCH_PACE_ITEMS (default 500,5000) a fresh
// emulator process is seeded (bench/org.ts: relationships of several types included), then the
// parts of BENCH_PACE_PARTS (default export,engine,network,throttle):
//   - export: `pulumi-gis-portal export` on loopback: requests, requests per resource (the program's
//     resources), where they went, wall time;
//   - engine: the exported project's adopting `up` (reads and writes per resource; with
//     PULUMI_SKIP_CHECKPOINTS past 1,000 items, as the scale bench's BENCH_SCALE_UP does), a no-change
//     `preview`, a `refresh`, then a change of 1 % of the items (their text edited) and its `up`:
//     requests per resource of each;
//   - network: the export through Toxiproxy's `wan` and `far` profiles (test/support/toxiproxy.ts),
//     against its floor: the same requests PARALLEL at a time, each one round trip of the profile;
//   - throttle: the emulator's rate limit at BENCH_PACE_LIMIT requests a second (default 50; control
//     plane `throttle`): the export, and the refresh when the engine part ran; total time against
//     requests ÷ limit, the 429 answers, and the failed requests (any exit but 0 is one).
// Run: npm run build && BENCH_PACE_ITEMS=500 npm run bench pace   (BENCH_PACE_PARTS=export for the counts alone)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT, startEmulatorProcess, type EmulatorProcess } from "./emulatorProcess";
import { breakdown, forEachCount, recorded, seedOrganization, type Logged } from "./org";
import { pulumi as pulumiOn, timed, type Timed } from "./run";
import { summarize, writeRaw, type SummaryLine } from "./summary";
import { fixtureStack, installExportedProject, offlineEngineEnv, type FixtureProject } from "../test/support/pulumi";
import { NetworkProxy, PROFILES, type Profile } from "../test/support/toxiproxy";
import { PARALLEL } from "../cli/export/parallel";

const COUNTS = (process.env.BENCH_PACE_ITEMS ?? "500,5000").split(",").map(Number).filter((n) => n > 0);
const PARTS = new Set((process.env.BENCH_PACE_PARTS ?? "export,engine,network,throttle").split(","));
const PROFILE_NAMES = (process.env.BENCH_PACE_PROFILES ?? "wan,far").split(",").filter((p): p is Profile => p in PROFILES);
const LIMIT = Math.max(1, Number(process.env.BENCH_PACE_LIMIT ?? 50));
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");

/** One command's figures. */
interface Run {
  what: string;
  seconds: number;
  requests: number;
  reads: number;
  writes: number;
  /** 429 answers the emulator gave (the throttle). */
  throttled: number;
  code: number;
  where: string;
}

interface Row {
  n: number;
  resources: number;
  runs: Run[];
  network: Array<{ profile: Profile; seconds: number; requests: number; floor: number; code: number }>;
  throttle: Array<{ what: string; seconds: number; passed: number; refused: number; code: number }>;
}

const runOf = (what: string, t: Timed, log: Logged[]): Run => ({
  what,
  seconds: t.seconds,
  requests: log.length,
  reads: log.filter((q) => q.method === "GET").length,
  writes: log.filter((q) => q.method !== "GET").length,
  throttled: log.filter((q) => q.status === 429).length,
  code: t.code,
  where: breakdown(log, 12),
});

/** The resources a written program declares (`new portal.X(` at a line's start, not in a comment). */
const declared = (dir: string) => (fs.readFileSync(path.join(dir, "index.ts"), "utf8").match(/^\s*(?:const \w+ = )?new portal\.\w+\(/gm) ?? []).length;

const exportArgs = (out: string) => [path.join(ROOT, "dist/cli/index.js"), "export", "--out", out];

async function control(emu: EmulatorProcess, p: string, body?: unknown, method = "POST"): Promise<any> {
  const r = await fetch(`${emu.controlUrl}/${p}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return r.json();
}

/** Edits the text of 1 % of the exported items (at least one): the change an `up` then makes. */
function changeOnePercent(dir: string, n: number): number {
  const files = fs.readdirSync(path.join(dir, "items")).filter((f) => f.endsWith(".json")).sort();
  const picked = files.slice(0, Math.max(1, Math.round(n / 100)));
  for (const f of picked) {
    const file = path.join(dir, "items", f);
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), benchEdit: true }, null, 2));
  }
  return picked.length;
}

async function one(n: number): Promise<Row> {
  const emu = await startEmulatorProcess();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `pace-${n}-`));
  const portalUrl = emu.sharingUrl.replace(/\/sharing\/rest$/, "");
  const env = { PORTAL_URL: portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin };
  const row: Row = { n, resources: 0, runs: [], network: [], throttle: [] };
  try {
    const t = Date.now();
    const seeded = await seedOrganization(emu, n);
    console.error(`  N=${n}: seeded in ${((Date.now() - t) / 1000).toFixed(1)} s (${seeded.relationships} relationships), load ${load()}`);

    const out = path.join(work, "org");
    const { result: exp, log: expLog } = await recorded(emu, () => timed(process.execPath, exportArgs(out), work, env));
    if (exp.code !== 0) throw new Error(`export exited ${exp.code}: ${exp.stderr.slice(-2000)}`);
    row.resources = declared(out);
    const expRun = runOf("export", exp, expLog);
    row.runs.push(expRun);
    console.error(`  N=${n}: export ${exp.seconds.toFixed(1)} s, ${expRun.requests} requests for ${row.resources} resources (${(expRun.requests / row.resources).toFixed(2)} each): ${expRun.where}`);

    let project: FixtureProject | undefined;
    if (PARTS.has("engine")) {
      installExportedProject(out);
      const backendDir = path.join(work, "state");
      fs.mkdirSync(backendDir);
      project = { dir: out, backendDir, env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")), remove: () => undefined };
      await fixtureStack(project, "dev", { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
      const step = async (what: string, args: string[], p: FixtureProject = project!) => {
        const { result: r, log } = await recorded(emu, () => pulumiOn(p, "dev", args));
        if (r.code !== 0) throw new Error(`${what} exited ${r.code}: ${r.stdout.slice(-3000)}`);
        const run = runOf(what, r, log);
        row.runs.push(run);
        console.error(`  N=${n}: ${what} ${r.seconds.toFixed(1)} s, ${run.requests} requests (${run.reads} reads, ${run.writes} writes; ${(run.requests / row.resources).toFixed(2)} per resource): ${run.where}`);
      };
      const skipCheckpoints = n > 1000 ? { ...project, env: { ...project.env, PULUMI_SKIP_CHECKPOINTS: "true" } } : project;
      await step("adopting up", ["up", "--yes", "--skip-preview"], skipCheckpoints);
      await step("no-change preview", ["preview", "--expect-no-changes"]);
      await step("refresh", ["refresh", "--yes", "--skip-preview"]);
      const changed = changeOnePercent(out, n);
      await step(`up changing ${changed} items (1 %)`, ["up", "--yes", "--skip-preview"], skipCheckpoints);
    }

    if (PARTS.has("network")) {
      const port = Number(new URL(emu.sharingUrl).port);
      for (const profile of PROFILE_NAMES) {
        const proxy = new NetworkProxy(46);
        await proxy.start(port, profile);
        try {
          const dir = path.join(work, `export-${profile}`);
          const { result: r, log } = await recorded(emu, () => timed(process.execPath, exportArgs(dir), work, { ...env, PORTAL_URL: proxy.origin }));
          const lat = PROFILES[profile].find((x) => x.type === "latency" && x.stream === "upstream")!.attributes.latency;
          // the floor: the same requests, PARALLEL at a time, each one round trip and nothing else
          const floor = (Math.ceil(log.length / PARALLEL) * 2 * lat) / 1000;
          row.network.push({ profile, seconds: r.seconds, requests: log.length, floor, code: r.code });
          console.error(`  N=${n}: export over ${profile} ${r.seconds.toFixed(1)} s (floor ${floor.toFixed(1)} s, ${(r.seconds / floor).toFixed(2)}×), ${log.length} requests, exit ${r.code}`);
        } finally {
          await proxy.stop();
        }
      }
    }

    if (PARTS.has("throttle")) {
      const limited = async (what: string, run: () => Promise<Timed>) => {
        await control(emu, "throttle", { requestsPerSecond: LIMIT });
        const r = await run();
        const state = await control(emu, "throttle", undefined, "GET");
        await control(emu, "throttle", undefined, "DELETE");
        row.throttle.push({ what, seconds: r.seconds, passed: state.passed, refused: state.refused, code: r.code });
        console.error(`  N=${n}: ${what} under ${LIMIT} requests/s: ${r.seconds.toFixed(1)} s for ${state.passed} requests (÷ limit ${(state.passed / LIMIT).toFixed(1)} s, ${(r.seconds / (state.passed / LIMIT)).toFixed(2)}×), ${state.refused} answered 429, exit ${r.code}`);
      };
      await limited("export", () => timed(process.execPath, exportArgs(path.join(work, "export-throttled")), work, env));
      if (project) await limited("refresh", () => pulumiOn(project!, "dev", ["refresh", "--yes", "--skip-preview"]));
    }
    return row;
  } finally {
    await emu.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows = await forEachCount(COUNTS, one);
  const cpus = os.cpus();
  console.log(`pace: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, Node ${process.version}, load ${load()}; parts ${[...PARTS].join(", ")}`);
  console.log("| items | resources | command | s | requests | per resource | reads | writes | where |");
  console.log("|---:|---:|---|---:|---:|---:|---:|---:|---|");
  for (const r of rows) for (const x of r.runs) console.log(`| ${r.n} | ${r.resources} | ${x.what} | ${x.seconds.toFixed(1)} | ${x.requests} | ${(x.requests / r.resources).toFixed(2)} | ${x.reads} | ${x.writes} | ${x.where} |`);
  for (const r of rows) for (const x of r.network) console.log(`network ${r.n}: export over ${x.profile} ${x.seconds.toFixed(1)} s against a floor of ${x.floor.toFixed(1)} s (${(x.seconds / x.floor).toFixed(2)}×), ${x.requests} requests, exit ${x.code}`);
  for (const r of rows) for (const x of r.throttle) console.log(`throttle ${r.n}: ${x.what} under ${LIMIT}/s ${x.seconds.toFixed(1)} s for ${x.passed} requests (requests ÷ limit ${(x.passed / LIMIT).toFixed(1)} s, ${(x.seconds / (x.passed / LIMIT)).toFixed(2)}×), ${x.refused} answered 429, exit ${x.code}`);
  writeRaw({ rows, loadAverage: os.loadavg() });
  const lines: SummaryLine[] = [];
  for (const r of rows) {
    const run = (prefix: string) => r.runs.find((x) => x.what.startsWith(prefix));
    const per = (x: Run) => x.requests / r.resources;
    const exp = run("export")!;
    const big = r.n >= 5000;
    lines.push({ figure: `export of ${r.n} items, requests per resource`, measured: `${per(exp).toFixed(2)} (${exp.requests} for ${r.resources}), ${exp.seconds.toFixed(1)} s`, baseline: "12.4 before (5,000 items)", goal: big ? "≤ 2.5 per resource, ≤ 60 s" : "≤ 2.5 per resource", met: per(exp) <= 2.5 && (!big || exp.seconds <= 60) });
    const up = run("adopting up");
    if (up) lines.push({ figure: `adopting up, ${r.n} items`, measured: `${(up.reads / r.resources).toFixed(2)} reads per resource, ${up.writes} writes`, baseline: "—", goal: "≤ 1.1 reads per resource, 0 writes", met: up.reads / r.resources <= 1.1 && up.writes === 0 });
    const preview = run("no-change preview");
    if (preview) lines.push({ figure: `no-change preview, ${r.n} items`, measured: `${per(preview).toFixed(2)} requests per resource`, baseline: "—" });
    const refresh = run("refresh");
    if (refresh) lines.push({ figure: `refresh, ${r.n} items`, measured: `${per(refresh).toFixed(2)} requests per resource`, baseline: "—", goal: "≤ 1 per resource", met: per(refresh) <= 1 });
    const change = run("up changing");
    if (change) lines.push({ figure: `${change.what}, ${r.n} items`, measured: `${per(change).toFixed(2)} requests per resource (${change.writes} writes)`, baseline: "—" });
    for (const x of r.network) lines.push({ figure: `export of ${r.n} items over ${x.profile}`, measured: `${x.seconds.toFixed(1)} s`, baseline: `floor ${x.floor.toFixed(1)} s`, ratio: x.seconds / x.floor, goal: x.profile === "far" && big ? "≤ 300 s" : undefined, met: x.profile === "far" && big ? x.seconds <= 300 && x.code === 0 : undefined });
    for (const x of r.throttle) lines.push({ figure: `${x.what} of ${r.n} items under ${LIMIT} requests/s`, measured: `${x.seconds.toFixed(1)} s, ${x.refused} answered 429, exit ${x.code}`, baseline: `requests ÷ limit ${(x.passed / LIMIT).toFixed(1)} s`, ratio: x.seconds / (x.passed / LIMIT), goal: "0 failed, ≤ 1.1×", met: x.code === 0 && x.seconds <= 1.1 * (x.passed / LIMIT) });
  }
  summarize(lines);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
