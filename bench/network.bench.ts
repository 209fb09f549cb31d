// Over a real network (issue 28, scope 2): Toxiproxy (test/support/toxiproxy.ts, built once by
// scripts/ensure-toxiproxy) between the client and the emulator (its own process, dist/emulator/cli.js).
// Per profile of BENCH_NETWORK_PROFILES (default wan,far; lan and flaky also exist):
//   1. an upload of BENCH_NETWORK_UPLOAD_MB MiB (default 256; the issue's goal is at 1024) through the
//      proxy, each phase in a child process (bench/uploadChild.ts): one raw streamed POST, the
//      package's createPortalItem with the shipped limits, the same with multipart forced at parts of
//      an eighth of the file (≥ 5 MiB, so the shipped parallelism is used), and arcgis-rest-js
//      sending 5 MiB parts one after another. In MiB/s and as a ratio of the profile's bandwidth ×
//      the connections the phase uses; every stored item's SHA-256 checked (past the proxy);
//   2. a BENCH_NETWORK_ITEMS-item (default 50; the issue's goal is at 200) `pulumi up`, a no-change
//      `preview` and a `refresh` of PortalItems through the proxy (the real CLI, the packed package),
//      against the engine floor through the same proxy: as many do-nothing dynamic resources with
//      the same state (bench/preview.bench.ts's floor), whose create and read each make one request
//      to the portal through the proxy (the one round trip those operations cannot avoid) and whose
//      check and diff make none. Requests per resource from the emulator's request log;
//   3. the gap between an append job's end and the provider noticing it: append jobs in the
//      emulator's manual mode, each ended by the bench (control plane, past the proxy) at a set time
//      while the provider's poller (waitForAppendJob, dist) waits through the proxy.
// Run: npm run bench network   (BENCH_NETWORK_UPLOAD_MB=32 BENCH_NETWORK_ITEMS=20 for a small run;
// BENCH_NETWORK_PARTS=uploads BENCH_NETWORK_UPLOAD_PHASES=shipped for the package's upload alone)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { pipeline } from "node:stream/promises";
import { defaultFixtures } from "../emulator/fixtures";
import { BENCH_LAYER } from "./appendData";
import { peakMb, resetPeak, ROOT, startEmulatorProcess, type EmulatorProcess } from "./emulatorProcess";
import { mustPulumi, portalItemStates, writeRandom } from "./run";
import { summarize, writeRaw, type SummaryLine } from "./summary";
import { UPLOADER_CHILD } from "./uploadChild";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../test/support/pulumi";
import { NetworkProxy, PROFILES, type Profile } from "../test/support/toxiproxy";

const PROFILE_NAMES = (process.env.BENCH_NETWORK_PROFILES ?? "wan,far").split(",").filter((p): p is Profile => p in PROFILES);
const UPLOAD_MB = Math.max(0, Number(process.env.BENCH_NETWORK_UPLOAD_MB ?? 256));
const N = Math.max(1, Number(process.env.BENCH_NETWORK_ITEMS ?? 50));
/** When the bench ends each append job, ms after the poller started (the fast phase, its end, the slow phase). */
const JOB_ENDS_MS = (process.env.BENCH_NETWORK_JOB_ENDS_MS ?? "300,900,1700,2600,4100,6300").split(",").map(Number);
/** Which parts of the bench run (default all): uploads, engine, jobs; and the upload phases whose name contains one of BENCH_NETWORK_UPLOAD_PHASES (comma-separated; default all). */
const PARTS = new Set((process.env.BENCH_NETWORK_PARTS ?? "uploads,engine,jobs").split(","));
const UPLOAD_PHASES = process.env.BENCH_NETWORK_UPLOAD_PHASES?.split(",").filter(Boolean);
const USER = "dev_publisher";
const MiB = 1024 * 1024;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");

/** The profile's one-way latency (ms) and per-connection bandwidth (bytes/s; Infinity: none), from its toxics. */
function linkOf(profile: Profile): { oneWayMs: number; bytesPerS: number } {
  const t = PROFILES[profile];
  const lat = t.find((x) => x.type === "latency" && x.stream === "upstream");
  const bw = t.find((x) => x.type === "bandwidth" && x.stream === "upstream");
  // Toxiproxy's bandwidth `rate` is KB/s of 1000 bytes
  return { oneWayMs: lat?.attributes.latency ?? 0, bytesPerS: bw ? bw.attributes.rate * 1000 : Infinity };
}

// ---------------------------------------------------------------------------------------------- 1. uploads

interface UploadPhase {
  name: string;
  phase: string;
  env?: Record<string, string>;
  /** Connections the phase sends over at once. */
  connections: (bytes: number) => number;
}

function uploadPhases(bytes: number): UploadPhase[] {
  const { uploadLimits } = require("../spec/limits") as typeof import("../spec/limits");
  const shipped = uploadLimits({});
  const partsAt = (part: number) => Math.min(shipped.parallelParts, Math.ceil(bytes / part));
  const eighth = Math.max(5 * MiB, Math.ceil(bytes / 8 / MiB) * MiB);
  // the package's phases report the parts they had in flight at most (adaptive: uploadPlan.ts); these are the fallbacks
  return [
    { name: "one raw streamed POST addItem", phase: "raw", connections: () => 1 },
    { name: "package, shipped limits", phase: "provider", connections: (b) => (b <= shipped.singleRequestMaxBytes ? 1 : shipped.parallelParts) },
    { name: `package, multipart forced, ${eighth / MiB} MiB parts`, phase: "provider", env: { PORTAL_UPLOAD_SINGLE_MAX_BYTES: "0", PORTAL_UPLOAD_PART_BYTES: String(eighth) }, connections: () => partsAt(eighth) },
    { name: "arcgis-rest-js, sequential 5 MiB parts", phase: "rest-js", connections: () => 1 },
  ];
}

/** SHA-256 of an item's stored data, straight from the emulator (past the proxy). */
async function storedSha256(emu: EmulatorProcess, itemId: string): Promise<string> {
  const hash = createHash("sha256");
  await new Promise<void>((ok, fail) => {
    http.get(`${emu.sharingUrl}/content/items/${itemId}/data?token=${emu.tokens[USER]}`, { agent: false }, (res) => void pipeline(res, hash).then(ok, fail)).on("error", fail);
  });
  return hash.digest("hex");
}

interface UploadRow {
  profile: Profile;
  sizeMiB: number;
  phase: string;
  seconds: number;
  mibPerS: number;
  connections: number;
  /** MiB/s over (the profile's bandwidth × connections). */
  ofBandwidth?: number;
  /** The connections in use on average over the upload (the package ramps its parts in flight: uploadPlan.ts). */
  meanConnections: number;
  /** MiB/s over (the profile's bandwidth × mean connections). */
  ofMeanBandwidth?: number;
  requests: number;
  uploaderRssMiB: number;
  emulatorPeakRssMiB: number;
  load: string;
}

async function uploads(emu: EmulatorProcess, proxy: NetworkProxy, profile: Profile, file: string, sha: string, dir: string): Promise<UploadRow[]> {
  const sharingUrl = `${proxy.origin}${new URL(emu.sharingUrl).pathname}`;
  const bytes = fs.statSync(file).size;
  const { bytesPerS } = linkOf(profile);
  const rows: UploadRow[] = [];
  for (const [i, ph] of uploadPhases(bytes).entries()) {
    if (UPLOAD_PHASES && !UPLOAD_PHASES.some((p) => ph.name.includes(p))) continue;
    await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
    resetPeak(emu.pid);
    const cache = path.join(dir, `hash-cache-${profile}-${i}`);
    const r = spawnSync(process.execPath, ["-e", UPLOADER_CHILD, ph.phase, file, sharingUrl, emu.tokens[USER]], { cwd: ROOT, env: { ...process.env, PORTAL_HASH_CACHE_DIR: cache, ...ph.env }, encoding: "utf8", maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`${profile}, ${ph.name}: ${r.stderr}`);
    const out = JSON.parse(r.stdout);
    const stored = await storedSha256(emu, out.itemId);
    if (stored !== sha) throw new Error(`${profile}, ${ph.name}: stored bytes differ (item ${out.itemId})`);
    const requests = ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: unknown[] }).requests.length;
    // the package's phases: the upload alone (its two checks hash the file before it, as an up does)
    const seconds = ph.phase === "provider" ? out.uploadSeconds : out.seconds;
    const mibPerS = bytes / MiB / seconds;
    const connections: number = typeof out.connections === "number" ? out.connections : ph.connections(bytes);
    const meanConnections: number = typeof out.meanInFlight === "number" ? out.meanInFlight : connections;
    const row: UploadRow = { profile, sizeMiB: bytes / MiB, phase: ph.name, seconds, mibPerS, connections, ofBandwidth: Number.isFinite(bytesPerS) ? (mibPerS * MiB) / (bytesPerS * connections) : undefined, meanConnections, ofMeanBandwidth: Number.isFinite(bytesPerS) ? (mibPerS * MiB) / (bytesPerS * meanConnections) : undefined, requests, uploaderRssMiB: out.rssMb, emulatorPeakRssMiB: peakMb(emu.pid), load: load() };
    console.error(`  ${profile}: ${row.sizeMiB} MiB, ${ph.name}: ${seconds.toFixed(2)} s, ${mibPerS.toFixed(2)} MiB/s over ${connections} connection(s) (${meanConnections.toFixed(1)} on average${typeof out.partsLevel === "number" && out.partsLevel > 0 ? `, ${out.partsLevel} at the end` : ""})${row.ofBandwidth === undefined ? "" : `, ${row.ofBandwidth.toFixed(2)}× the bandwidth (${row.ofMeanBandwidth!.toFixed(2)}× at the mean)`}, ${requests} requests (load ${row.load})`);
    rows.push(row);
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" }); // drops the stored items (disk)
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------- 2. up, preview, refresh

const portalProgram = `
const portal = require("pulumi-gis-portal");
for (let i = 0; i < ${N}; i++) {
  new portal.PortalItem("item-" + i, {
    type: "Web Map",
    title: "Net item " + i,
    tags: ["bench"],
    text: { operationalLayers: [], baseMap: { title: "Base " + i, baseMapLayers: [] }, version: "2.31" },
  });
}
`;

// The floor: the PortalItems' state (states-<stack>.json), a provider whose create and read make one
// request each to the portal through the proxy (floor:url) and whose check and diff make none.
const floorProgram = `
const pulumi = require("@pulumi/pulumi");
const states = require("./states-" + pulumi.getStack() + ".json");
const url = new pulumi.Config("floor").require("url");
const roundTrip = async () => { const r = await fetch(url); await r.arrayBuffer(); };
const provider = {
  async check(olds, news) { return { inputs: news }; },
  async diff() { return { changes: false }; },
  async create(inputs) { await roundTrip(); return { id: "noop-" + Math.random().toString(16).slice(2), outs: inputs }; },
  async read(id, props) { await roundTrip(); return { id, props }; },
};
const unwrap = (v) => (v && typeof v === "object" && !Array.isArray(v) && "__secret" in v ? pulumi.secret(v.__secret) : v);
class Noop extends pulumi.dynamic.Resource {
  constructor(name, props) {
    const limit = Error.stackTraceLimit; Error.stackTraceLimit = 0; try { super(provider, name, props, {}, "bench", "Noop"); } finally { Error.stackTraceLimit = limit; }
  }
}
for (const [name, props] of Object.entries(states)) {
  new Noop(name, Object.fromEntries(Object.entries(props).map(([k, v]) => [k, unwrap(v)])));
}
`;

interface EngineRow {
  profile: Profile;
  operation: "up" | "preview" | "refresh";
  seconds: number;
  floorSeconds: number;
  ratio: number;
  requests: number;
  floorRequests: number;
  requestsPerResource: number;
  /** The package's requests by operation (the emulator's log). */
  breakdown: string;
  pulumiPeakRssMiB?: number;
  load: string;
}

type LoggedRequest = { method: string; path: string; operation: string };
const requestLog = async (emu: EmulatorProcess) => ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: LoggedRequest[] }).requests;
const clearLog = (emu: EmulatorProcess) => fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
function breakdown(log: LoggedRequest[]): string {
  const by = new Map<string, number>();
  for (const q of log) {
    // the last two segments of the path, an item id as :id
    const key = `${q.method} ${q.path.split("?")[0].split("/").slice(-2).join("/").replace(/\b[0-9a-f]{32}\b/g, ":id")}`;
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ×${v}`).join(", ");
}

async function engine(emu: EmulatorProcess, proxy: NetworkProxy, profile: Profile, portal: FixtureProject, floor: FixtureProject): Promise<EngineRow[]> {
  const portalUrl = proxy.origin;
  const stack = profile;
  await fixtureStack(portal, stack, { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens[USER], secret: true } });
  const rows: EngineRow[] = [];
  const measure = async (operation: EngineRow["operation"], args: string[], floorArgs: string[]) => {
    await clearLog(emu);
    const r = await mustPulumi(portal, stack, args, `PortalItems ${operation}`);
    const log = await requestLog(emu);
    if (operation === "preview") {
      const summary = JSON.parse(r.stdout).changeSummary as Record<string, number>;
      if (Object.entries(summary).some(([op, n]) => op !== "same" && n > 0)) throw new Error(`${profile}: the preview is not a no-change one: ${JSON.stringify(summary)}`);
    }
    await clearLog(emu);
    const f = await mustPulumi(floor, stack, floorArgs, `floor ${operation}`);
    const floorLog = await requestLog(emu);
    const row: EngineRow = { profile, operation, seconds: r.seconds, floorSeconds: f.seconds, ratio: r.seconds / f.seconds, requests: log.length, floorRequests: floorLog.length, requestsPerResource: log.length / N, breakdown: breakdown(log), pulumiPeakRssMiB: r.peakRssMiB, load: load() };
    console.error(`  ${profile}: ${operation} of ${N}: ${row.seconds.toFixed(2)} s against the floor's ${row.floorSeconds.toFixed(2)} s (${row.ratio.toFixed(2)}×), ${row.requests} requests (${row.requestsPerResource.toFixed(2)} per resource: ${row.breakdown}); floor ${row.floorRequests} (load ${row.load})`);
    rows.push(row);
  };
  // the up first (the floor's stack needs the PortalItems' state)
  await clearLog(emu);
  const up = await mustPulumi(portal, stack, ["up", "--yes", "--skip-preview"], "PortalItems up");
  const upLog = await requestLog(emu);
  const states = await portalItemStates(portal, stack, N);
  fs.writeFileSync(path.join(floor.dir, `states-${stack}.json`), JSON.stringify(states));
  await fixtureStack(floor, stack, { "floor:url": { value: `${proxy.origin}${new URL(emu.sharingUrl).pathname}/portals/self?f=json&token=${emu.tokens[USER]}` } });
  await clearLog(emu);
  const floorUp = await mustPulumi(floor, stack, ["up", "--yes", "--skip-preview"], "floor up");
  const floorUpLog = await requestLog(emu);
  const upRow: EngineRow = { profile, operation: "up", seconds: up.seconds, floorSeconds: floorUp.seconds, ratio: up.seconds / floorUp.seconds, requests: upLog.length, floorRequests: floorUpLog.length, requestsPerResource: upLog.length / N, breakdown: breakdown(upLog), pulumiPeakRssMiB: up.peakRssMiB, load: load() };
  console.error(`  ${profile}: up of ${N}: ${upRow.seconds.toFixed(2)} s against the floor's ${upRow.floorSeconds.toFixed(2)} s (${upRow.ratio.toFixed(2)}×), ${upRow.requests} requests (${upRow.requestsPerResource.toFixed(2)} per resource: ${upRow.breakdown}); floor ${upRow.floorRequests} (load ${upRow.load})`);
  rows.push(upRow);
  await measure("preview", ["preview", "--expect-no-changes", "--json"], ["preview", "--expect-no-changes", "--json"]);
  await measure("refresh", ["refresh", "--yes", "--skip-preview"], ["refresh", "--yes", "--skip-preview"]);
  return rows;
}

// ---------------------------------------------------------------------------------------------- 3. job notice

interface NoticeRow {
  profile: Profile;
  endsAtMs: number;
  gapMs: number;
  polls: number;
}

async function jobNotice(emu: EmulatorProcess, proxy: NetworkProxy, profile: Profile, uploadId: string): Promise<NoticeRow[]> {
  const { PortalClient } = require(path.join(ROOT, "dist/provider/rest/client.js"));
  const { waitForAppendJob } = require(path.join(ROOT, "dist/provider/ops/features.js"));
  const token = emu.tokens[USER];
  const direct = `${emu.serviceUrl}/Bench/FeatureServer/0`;
  const viaProxy = `${proxy.origin}${new URL(emu.serviceUrl).pathname}/Bench/FeatureServer/0`;
  const control = (p: string, body?: unknown) => fetch(`${emu.controlUrl}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) }).then((r) => r.json() as Promise<any>);
  await control("/jobs/mode", { kind: "append", mode: "manual" });
  try {
    // every job started (past the proxy) and in its first state, then waited for through the proxy
    const jobs: string[] = [];
    for (let i = 0; i < JOB_ENDS_MS.length; i++) {
      const start = (await (await fetch(`${direct}/append`, { method: "POST", body: new URLSearchParams({ f: "json", token, appendUploadId: uploadId, appendUploadFormat: "csv", appendSourceInfo: "{}", upsert: "true", upsertMatchingField: "code" }) })).json()) as { jobId?: string };
      if (!start.jobId) throw new Error(`append: ${JSON.stringify(start)}`);
      await control(`/jobs/${start.jobId}/step`);
      jobs.push(start.jobId);
    }
    await clearLog(emu);
    const clients = jobs.map(() => new PortalClient({ sharingUrl: `${proxy.origin}${new URL(emu.sharingUrl).pathname}`, serviceUrl: `${proxy.origin}${new URL(emu.serviceUrl).pathname}`, auth: { token } }));
    const t0 = performance.now();
    const rows = await Promise.all(
      jobs.map(async (jobId, i) => {
        const noticed = waitForAppendJob(clients[i], viaProxy, jobId, 60_000).then(() => performance.now());
        await new Promise((r) => setTimeout(r, Math.max(0, t0 + JOB_ENDS_MS[i] - performance.now())));
        const done = await control(`/jobs/${jobId}/step`);
        const ended = performance.now();
        if (done.job?.status !== "completed") throw new Error(`append job ${jobId}: ${JSON.stringify(done)}`);
        return { profile, endsAtMs: Math.round(ended - t0), gapMs: Math.round((await noticed) - ended), polls: 0 };
      }),
    );
    const log = await requestLog(emu);
    for (const [i, r] of rows.entries()) r.polls = log.filter((q) => q.path.includes(`/append/jobs/${jobs[i]}`)).length;
    await Promise.all(clients.map((c: { close: () => Promise<void> }) => c.close()));
    for (const r of rows) console.error(`  ${profile}: job ended ${r.endsAtMs} ms after the poller started, noticed ${r.gapMs} ms later (${r.polls} polls)`);
    return rows;
  } finally {
    await control("/jobs/mode", { kind: "append", mode: "auto" });
  }
}

// ---------------------------------------------------------------------------------------------- main

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, "dist/resources/index.js"))) throw new Error("build first (npm run build)");
  if (PROFILE_NAMES.length === 0) throw new Error(`BENCH_NETWORK_PROFILES names none of ${Object.keys(PROFILES).join(", ")}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "network-bench-"));
  const fixturesFile = path.join(dir, "fixtures.json");
  fs.writeFileSync(fixturesFile, JSON.stringify({ ...defaultFixtures(), services: { services: [{ name: "Bench", owner: USER, layers: [BENCH_LAYER] }] } }));
  const emu = await startEmulatorProcess(fixturesFile);
  const projects: FixtureProject[] = [];
  const uploadRows: UploadRow[] = [];
  const engineRows: EngineRow[] = [];
  const noticeRows: NoticeRow[] = [];
  try {
    const file = path.join(dir, `data-${UPLOAD_MB}.bin`);
    const sha = UPLOAD_MB > 0 ? await writeRandom(file, UPLOAD_MB) : "";
    if (UPLOAD_MB > 0) {
      const hourAgo = new Date(Date.now() - 3600_000);
      fs.utimesSync(file, hourAgo, hourAgo);
    }
    const portal = createFixtureProject("network-bench", portalProgram);
    projects.push(portal);
    const floor = createFixtureProject("network-bench-floor", floorProgram);
    projects.push(floor);
    const port = Number(new URL(emu.sharingUrl).port);
    for (const profile of PROFILE_NAMES) {
      const proxy = new NetworkProxy(28);
      await proxy.start(port, profile);
      try {
        await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
        if (UPLOAD_MB > 0 && PARTS.has("uploads")) uploadRows.push(...(await uploads(emu, proxy, profile, file, sha, dir)));
        if (PARTS.has("engine")) engineRows.push(...(await engine(emu, proxy, profile, portal, floor)));
        if (!PARTS.has("jobs")) continue;
        const csv = new FormData();
        csv.append("token", emu.tokens[USER]);
        csv.append("file", new Blob(["code,label,big,amount,latitude,longitude\nc1,a,1,0.37,10,20\n"]), "rows.csv");
        const up = (await (await fetch(`${emu.serviceUrl}/Bench/FeatureServer/uploads/upload`, { method: "POST", body: csv })).json()) as { item?: { itemID?: string } };
        noticeRows.push(...(await jobNotice(emu, proxy, profile, up.item!.itemID!)));
      } finally {
        await proxy.stop();
      }
    }
  } finally {
    await emu.close();
    for (const p of projects) p.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const cpus = os.cpus();
  console.log(`network: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${load()}; profiles ${PROFILE_NAMES.join(", ")} (Toxiproxy, test/support/toxiproxy.ts); upload ${UPLOAD_MB} MiB, ${N} items, one round each`);
  const f = (n: number | undefined, d = 2) => (n === undefined ? "" : n.toFixed(d));
  if (uploadRows.length > 0) {
    console.log("| profile | size | phase | s | MiB/s | connections | mean in flight | ratio to bandwidth × connections | ratio to bandwidth × mean | ratio to arcgis-rest-js | requests | uploader peak RSS (MiB) | emulator peak RSS (MiB) | load |");
    console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const r of uploadRows) {
      const rest = uploadRows.find((x) => x.profile === r.profile && x.phase.startsWith("arcgis-rest-js"));
      console.log(`| ${r.profile} | ${r.sizeMiB} MiB | ${r.phase} | ${f(r.seconds)} | ${f(r.mibPerS)} | ${r.connections} | ${f(r.meanConnections, 1)} | ${f(r.ofBandwidth)} | ${f(r.ofMeanBandwidth)} | ${rest ? f(rest.seconds / r.seconds) : ""} | ${r.requests} | ${r.uploaderRssMiB} | ${r.emulatorPeakRssMiB} | ${r.load} |`);
    }
  }
  console.log("| profile | resources | operation | s | floor s (same proxy) | ratio | requests | per resource | floor requests | pulumi peak RSS (MiB) | requests by operation | load |");
  console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const r of engineRows) console.log(`| ${r.profile} | ${N} | ${r.operation} | ${f(r.seconds)} | ${f(r.floorSeconds)} | ${f(r.ratio)} | ${r.requests} | ${f(r.requestsPerResource)} | ${r.floorRequests} | ${r.pulumiPeakRssMiB ?? ""} | ${r.breakdown} | ${r.load} |`);
  console.log("| profile | round trip (ms) | job ended at (ms after the poller started) | noticed after (ms) | in round trips | polls |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of noticeRows) {
    const rtt = 2 * linkOf(r.profile).oneWayMs;
    console.log(`| ${r.profile} | ${rtt} | ${r.endsAtMs} | ${r.gapMs} | ${f(r.gapMs / rtt)} | ${r.polls} |`);
  }
  writeRaw({ machine: { cpus: cpus.length, model: cpus[0]?.model, node: process.version, loadAverage: os.loadavg() }, uploadMiB: UPLOAD_MB, items: N, uploads: uploadRows, engine: engineRows, jobNotice: noticeRows });

  const lines: SummaryLine[] = [];
  for (const profile of PROFILE_NAMES) {
    const goalBw = profile === "wan" ? 0.8 : profile === "far" ? 0.7 : undefined;
    const goalRest = profile === "wan" ? 3 : profile === "far" ? 4 : undefined;
    const at = (name: string) => uploadRows.find((r) => r.profile === profile && r.phase.startsWith(name));
    const pkg = at("package, shipped"), forced = at("package, multipart"), rest = at("arcgis-rest-js"), raw = at("one raw");
    if (pkg && rest && raw) {
      const { bytesPerS } = linkOf(profile);
      for (const r of [pkg, forced].filter((x): x is UploadRow => x !== undefined)) {
        lines.push({ figure: `${profile}: ${r.sizeMiB} MiB upload, ${r.phase}`, measured: `${r.mibPerS.toFixed(2)} MiB/s over ${r.connections} connection(s) (load ${r.load})`, baseline: Number.isFinite(bytesPerS) ? `bandwidth × connections ${((bytesPerS * r.connections) / MiB).toFixed(2)} MiB/s` : "no limit", ratio: r.ofBandwidth, rss: { uploader: r.uploaderRssMiB, emulator: r.emulatorPeakRssMiB }, goal: goalBw ? `≥ ${goalBw}× (at 1 GiB)` : undefined, met: goalBw && r.ofBandwidth !== undefined ? r.ofBandwidth >= goalBw : undefined });
        lines.push({ figure: `${profile}: ${r.sizeMiB} MiB, arcgis-rest-js sequential parts ÷ ${r.phase}`, measured: `${r.seconds.toFixed(2)} s`, baseline: `arcgis-rest-js ${rest.seconds.toFixed(2)} s`, ratio: rest.seconds / r.seconds, goal: goalRest ? `≥ ${goalRest}× (at 1 GiB)` : undefined, met: goalRest ? rest.seconds / r.seconds >= goalRest : undefined });
      }
      lines.push({ figure: `${profile}: ${raw.sizeMiB} MiB, one raw streamed POST`, measured: `${raw.mibPerS.toFixed(2)} MiB/s`, baseline: Number.isFinite(bytesPerS) ? `bandwidth ${(bytesPerS / MiB).toFixed(2)} MiB/s` : "no limit", ratio: raw.ofBandwidth });
    }
    const goals = { up: 1.3, preview: 1.2, refresh: 1.2 } as const;
    for (const r of engineRows.filter((x) => x.profile === profile)) {
      const goal = profile === "wan" ? goals[r.operation] : undefined;
      lines.push({ figure: `${profile}: ${r.operation} of ${N} PortalItems`, measured: `${r.seconds.toFixed(2)} s, ${r.requestsPerResource.toFixed(2)} requests per resource (load ${r.load})`, baseline: `do-nothing floor through the proxy ${r.floorSeconds.toFixed(2)} s, ${r.floorRequests} requests`, ratio: r.ratio, rss: { pulumi: r.pulumiPeakRssMiB }, goal: goal ? `≤ ${goal}× (at 200)` : undefined, met: goal ? r.ratio <= goal : undefined });
    }
    const gaps = noticeRows.filter((r) => r.profile === profile).map((r) => r.gapMs);
    if (gaps.length > 0) {
      const rtt = 2 * linkOf(profile).oneWayMs;
      lines.push({ figure: `${profile}: append job's end → provider notices (median of ${gaps.length}, max ${Math.max(...gaps)} ms)`, measured: `${median(gaps)} ms`, baseline: `one round trip ${rtt} ms`, ratio: median(gaps) / rtt, goal: "≤ 1 round trip", met: median(gaps) <= rtt });
    }
  }
  summarize(lines);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
