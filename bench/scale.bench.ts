// Large organizations (issue 24): for each N of BENCH_SCALE_ITEMS (default 500,2000,5000) a fresh
// emulator process is seeded through the portal REST API with N items (Web Maps and small CSV
// files, spread over three owners and 50 folders), 100 groups (members, some items shared with
// them) and a category tree. Then, through the real CLI and the packed package:
//   - `pulumi-gis-portal export` of the organization: wall time and its peak RSS;
//   - the adopting `pulumi up` of the exported project: wall time, reads per resource, writes (must be 0);
//   - a no-change `pulumi preview` and a `pulumi refresh`: wall time and requests, against the engine
//     floor (a do-nothing dynamic provider with as many resources carrying the same state);
//   - state bytes per resource, against the floor's; the emulator's peak RSS;
//   - the split layout (issue 24 scope 3): `export --split-by owner`, one install at the root, the
//     org project's adopting up, then the parts' 2 at a time (SPLIT_PARALLEL, the 2 cores the
//     acceptance names): wall time of the whole adoption against the single stack's adopting up,
//     writes (must be 0), and every project's no-change preview.
// The growth between consecutive N is printed (time ratio against the count ratio), so a
// superlinear step shows. Run: npm run build && npm run bench scale   (BENCH_SCALE_ITEMS=100,300 for a small run)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { peakMb, resetPeak, ROOT, startEmulatorProcess, type EmulatorProcess } from "./emulatorProcess";
import { pulumi as pulumiOn, timed, type Timed } from "./run";
import { summarize, writeRaw } from "./summary";
import { createFixtureProject, fixtureStack, installExportedProject, offlineEngineEnv, type FixtureProject } from "../test/support/pulumi";
import { ops } from "../provider";

const COUNTS = (process.env.BENCH_SCALE_ITEMS ?? "500,2000,5000").split(",").map(Number).filter((n) => n > 0);
const OWNERS = ["dev_admin", "dev_publisher", "dev_user"];
const FOLDERS = 50;
const GROUPS = 100;
const PARALLEL = 16;
/** BENCH_SCALE_ROUNDS: the refresh against the floor's, interleaved, best kept (default 1; a preview round of 5,000 takes two minutes). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 1));
/**
 * BENCH_SCALE_UP=skip-checkpoints: the adopting up writes its state once (its reads and writes are
 * still counted; its time is not the single stack's), and the split is not run: for the preview and
 * refresh figures of a large N without the hour of checkpoints.
 */
const UP_SKIPS_CHECKPOINTS = process.env.BENCH_SCALE_UP === "skip-checkpoints";
/** BENCH_SCALE_FLOOR_UP=skip-checkpoints: the do-nothing floor's up (not a goal's figure) writes its state once. */
const FLOOR_UP_SKIPS_CHECKPOINTS = process.env.BENCH_SCALE_FLOOR_UP === "skip-checkpoints";
/** The split export's parts adopted at once (issue 24: 2 at a time on 2 cores). */
const SPLIT_PARALLEL = 2;

async function post(emu: EmulatorProcess, user: string, p: string, fields: Record<string, string>): Promise<any> {
  const r = await fetch(`${emu.sharingUrl}/${p}`, { method: "POST", body: new URLSearchParams({ f: "json", token: emu.tokens[user], ...fields }) });
  const j: any = await r.json();
  if (j.error) throw new Error(`${p}: ${JSON.stringify(j.error)}`);
  return j;
}

async function inParallel<T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (next < n) {
      const i = next++;
      out[i] = await f(i);
    }
  }));
  return out;
}

/** The organization of one N, through the REST API. */
async function seed(emu: EmulatorProcess, n: number): Promise<void> {
  const self = await (await fetch(`${emu.sharingUrl}/portals/self?f=json&token=${emu.tokens.dev_admin}`)).json() as { id: string };
  const tree = [{ title: "Categories", categories: Array.from({ length: 8 }, (_, i) => ({ title: `Theme ${i}`, categories: Array.from({ length: 5 }, (_, j) => ({ title: `Topic ${i}.${j}` })) })) }];
  await post(emu, "dev_admin", `portals/${self.id}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: tree }) });
  const folders = await inParallel(FOLDERS, async (i) => (await post(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: `Folder ${String(i).padStart(2, "0")}` })).folder.id as string);
  const groups = await inParallel(GROUPS, async (i) => {
    const g = (await post(emu, "dev_admin", "community/createGroup", { title: `Group ${String(i).padStart(3, "0")}`, access: "org", tags: "bench" })).group.id as string;
    await post(emu, "dev_admin", `community/groups/${g}/addUsers`, { users: i % 2 === 0 ? "dev_publisher" : "dev_publisher,dev_user" });
    return g;
  });
  await inParallel(n, async (i) => {
    const owner = OWNERS[i % OWNERS.length];
    const where = owner === "dev_admin" && i % 2 === 0 ? `${folders[i % FOLDERS]}/` : "";
    const fields: Record<string, string> = i % 5 === 4
      ? { title: `Table ${i}`, type: "CSV", text: "", tags: "bench,table" }
      : { title: `Map ${i}`, type: "Web Map", text: JSON.stringify({ operationalLayers: [], baseMap: { title: `Base ${i}`, baseMapLayers: [] }, version: "2.31" }), tags: "bench,map", categories: `/Categories/Theme ${i % 8}/Topic ${i % 8}.${i % 5}` };
    if (fields.type === "CSV") {
      const form = new FormData();
      for (const [k, v] of Object.entries({ f: "json", token: emu.tokens[owner], title: fields.title, type: "CSV", tags: fields.tags })) form.append(k, v);
      form.append("file", new Blob([`id,name\n${i},row ${i}\n`]), `table-${i}.csv`);
      const r: any = await (await fetch(`${emu.sharingUrl}/content/users/${owner}/${where}addItem`, { method: "POST", body: form })).json();
      if (!r.success) throw new Error(JSON.stringify(r));
      return;
    }
    const r = await post(emu, owner, `content/users/${owner}/${where}addItem`, fields);
    if (i % 10 === 0 && owner !== "dev_user") await post(emu, owner, `content/users/${owner}/items/${r.id}/share`, { groups: groups[i % GROUPS], org: "true" });
  });
}

async function requests(emu: EmulatorProcess): Promise<Array<{ method: string; path: string }>> {
  return ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: Array<{ method: string; path: string }> }).requests;
}
const clearRequests = (emu: EmulatorProcess) => fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });

/** "GET search 412, GET data 100, …": where the requests went (ids folded into {id}). */
function breakdown(log: Array<{ method: string; path: string }>): string {
  const counts = new Map<string, number>();
  for (const q of log) {
    const op = `${q.method} ${q.path.split("?")[0].replace(/^.*\/sharing\/rest\//, "").replace(/[0-9a-f]{32}/gi, "{id}").replace(/users\/\w+/g, "users/{u}")}`;
    counts.set(op, (counts.get(op) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(", ");
}

// the floor: as many do-nothing dynamic resources carrying the same state as the exported stack's
const floorProgram = `
const pulumi = require("@pulumi/pulumi");
const states = require("./states.json");
const provider = {
  async check(olds, news) { return { inputs: news }; },
  async diff() { return { changes: false }; },
  async create(inputs) { return { id: "noop-" + Math.random().toString(16).slice(2), outs: inputs }; },
  async read(id, props) { return { id, props }; },
};
class Noop extends pulumi.dynamic.Resource {
  constructor(name, props) { super(provider, name, props, {}, "bench", "Noop"); }
}
states.forEach((props, i) => new Noop("r" + i, props));
`;

/** The split layout's adoption: the org project's up, then the parts' SPLIT_PARALLEL at a time. */
interface SplitAdoption {
  projects: number;
  export: number;
  org: number;
  parts: number;
  /** org + parts: the whole organization adopted. */
  seconds: number;
  writes: number;
}

/** `export --split-by owner` of the organization, then its adoption (every project then previews with no changes). */
async function splitAdoption(emu: EmulatorProcess, work: string, portalUrl: string): Promise<SplitAdoption> {
  const out = path.join(work, "split");
  const exp = await timed(process.execPath, [path.join(ROOT, "dist/cli/index.js"), "export", "--out", out, "--split-by", "owner"], work, { PORTAL_URL: portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin });
  if (exp.code !== 0) throw new Error(`split export exited ${exp.code}: ${exp.stderr.slice(-2000)}`);
  installExportedProject(out);
  const backendDir = path.join(work, "split-state");
  fs.mkdirSync(backendDir);
  const env = offlineEngineEnv(backendDir, path.join(work, ".pulumi-home"));
  const projects = (JSON.parse(fs.readFileSync(path.join(out, "projects.json"), "utf8")) as Array<{ path: string }>).map((p): FixtureProject => ({ dir: path.join(out, p.path), backendDir, env, remove: () => undefined }));
  for (const p of projects) await fixtureStack(p, "dev", { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
  const pulumi = (p: FixtureProject, args: string[]) => pulumiOn(p, "dev", args);
  const check = (p: FixtureProject, what: string, r: Timed) => {
    if (r.code !== 0) throw new Error(`${what} of ${path.relative(out, p.dir)} exited ${r.code}: ${r.stdout.slice(-2000)}`);
  };
  const [org, ...parts] = projects;
  await clearRequests(emu);
  const orgUp = await pulumi(org, ["up", "--yes", "--skip-preview"]);
  check(org, "up", orgUp);
  const started = process.hrtime.bigint();
  await ops.mapLimit(parts, SPLIT_PARALLEL, async (p) => check(p, "up", await pulumi(p, ["up", "--yes", "--skip-preview"])));
  const partsSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const writes = (await requests(emu)).filter((q) => q.method !== "GET").length;
  for (const p of projects) check(p, "no-change preview", await pulumi(p, ["preview", "--expect-no-changes"]));
  return { projects: projects.length, export: exp.seconds, org: orgUp.seconds, parts: partsSeconds, seconds: orgUp.seconds + partsSeconds, writes };
}

interface Row {
  n: number;
  resources: number;
  export: Timed;
  up: Timed & { reads: number; writes: number };
  preview: Timed & { requests: number };
  refresh: Timed & { requests: number };
  floor: { up: number; preview: number; refresh: number; stateBytesPerResource: number };
  /** The same adopting up on a second stack with PULUMI_SKIP_CHECKPOINTS=true (one state write at the end). */
  upSkippingCheckpoints: number;
  stateBytesPerResource: number;
  emulatorPeakMiB: number;
  /** Undefined with BENCH_SCALE_UP=skip-checkpoints. */
  split?: SplitAdoption;
}

async function one(n: number): Promise<Row> {
  const emu = await startEmulatorProcess();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `scale-${n}-`));
  const portalUrl = emu.sharingUrl.replace(/\/sharing\/rest$/, "");
  const projects: FixtureProject[] = [];
  try {
    const t = Date.now();
    await seed(emu, n);
    console.error(`  N=${n}: seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    resetPeak(emu.pid);

    const out = path.join(work, "org");
    const exp = await timed(process.execPath, [path.join(ROOT, "dist/cli/index.js"), "export", "--out", out], work, { PORTAL_URL: portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin });
    if (exp.code !== 0) throw new Error(`export exited ${exp.code}: ${exp.stderr.slice(-2000)}`);
    console.error(`  N=${n}: export ${exp.seconds.toFixed(1)} s, peak ${exp.peakRssMiB ?? "?"} MiB`);

    installExportedProject(out);
    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    const project: FixtureProject = { dir: out, backendDir, env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")), remove: () => undefined };
    await fixtureStack(project, "dev", { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    const pulumi = (p: FixtureProject, args: string[]) => pulumiOn(p, "dev", args);

    await clearRequests(emu);
    const up = await pulumiOn(UP_SKIPS_CHECKPOINTS ? { ...project, env: { ...project.env, PULUMI_SKIP_CHECKPOINTS: "true" } } : project, "dev", ["up", "--yes", "--skip-preview"]);
    if (up.code !== 0) throw new Error(`up exited ${up.code}: ${up.stdout.slice(-3000)}`);
    const upLog = await requests(emu);
    const exported = await pulumi(project, ["stack", "export"]);
    const resources = (JSON.parse(exported.stdout).deployment.resources as Array<{ type: string }>).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/")).length;
    const stateBytesPerResource = Buffer.byteLength(exported.stdout) / resources;
    console.error(`  N=${n}: adopting up of ${resources} resources ${up.seconds.toFixed(1)} s, ${upLog.length} requests: ${breakdown(upLog)}`);

    await clearRequests(emu);
    const preview = await pulumi(project, ["preview", "--expect-no-changes"]);
    if (preview.code !== 0) throw new Error(`no-change preview exited ${preview.code}: ${preview.stdout.slice(-3000)}`);
    const previewRequests = (await requests(emu)).length;
    await clearRequests(emu);
    let refresh = await pulumi(project, ["refresh", "--yes", "--skip-preview"]);
    if (refresh.code !== 0) throw new Error(`refresh exited ${refresh.code}: ${refresh.stdout.slice(-3000)}`);
    const refreshLog = await requests(emu);
    const refreshRequests = refreshLog.length;
    console.error(`  N=${n}: refresh requests: ${breakdown(refreshLog)}`);

    // the engine writes the whole checkpoint after each step (file backend): the same adopting up on
    // a second stack with PULUMI_SKIP_CHECKPOINTS (one write at the end) shows what that costs
    let upSkip = up;
    let split: SplitAdoption | undefined;
    if (!UP_SKIPS_CHECKPOINTS) {
      const second: FixtureProject = { ...project, env: { ...project.env, PULUMI_SKIP_CHECKPOINTS: "true" } };
      await fixtureStack(second, "dev2", { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
      upSkip = await pulumiOn(second, "dev2", ["up", "--yes", "--skip-preview"]);
      if (upSkip.code !== 0) throw new Error(`up (skipping checkpoints) exited ${upSkip.code}: ${upSkip.stdout.slice(-2000)}`);
      console.error(`  N=${n}: the same up skipping checkpoints: ${upSkip.seconds.toFixed(1)} s`);

      split = await splitAdoption(emu, work, portalUrl);
      console.error(`  N=${n}: split by owner into ${split.projects} projects: export ${split.export.toFixed(1)} s; adopting up of org ${split.org.toFixed(1)} s, then the parts ${SPLIT_PARALLEL} at a time ${split.parts.toFixed(1)} s: ${split.seconds.toFixed(1)} s against the single stack's ${up.seconds.toFixed(1)} s, ${split.writes} writes`);
    }

    // the floor: the same state in do-nothing resources
    const states = (JSON.parse((await pulumi(project, ["stack", "export", "--show-secrets"])).stdout).deployment.resources as Array<{ type: string; outputs?: Record<string, unknown> }>)
      .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"))
      .map((r) => Object.fromEntries(Object.entries(r.outputs ?? {}).filter(([k, v]) => k !== "__provider" && !(v !== null && typeof v === "object" && "4dabf18193072939515e22adb298388d" in (v as object)))));
    const floor = createFixtureProject(`scale-floor-${n}`, floorProgram);
    projects.push(floor);
    fs.writeFileSync(path.join(floor.dir, "states.json"), JSON.stringify(states));
    await fixtureStack(floor, "dev");
    // the floor's own up only builds its stack; at 5,000 items it would take about an hour with
    // checkpoints, so BENCH_SCALE_FLOOR_UP=skip-checkpoints builds it with one state write
    const floorUp = await pulumiOn({ ...floor, env: { ...floor.env, ...(FLOOR_UP_SKIPS_CHECKPOINTS ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}) } }, "dev", ["up", "--yes", "--skip-preview"]);
    if (floorUp.code !== 0) throw new Error(`floor up exited ${floorUp.code}: ${floorUp.stdout.slice(-2000)}`);
    const floorPreview = await pulumi(floor, ["preview", "--expect-no-changes"]);
    let floorRefresh = await pulumi(floor, ["refresh", "--yes", "--skip-preview"]);
    // further rounds, interleaved with the floor's; each side's best kept
    const best = (a: Timed, b: Timed) => (b.code === 0 && b.seconds < a.seconds ? b : a);
    for (let round = 2; round <= ROUNDS; round++) {
      refresh = best(refresh, await pulumi(project, ["refresh", "--yes", "--skip-preview"]));
      floorRefresh = best(floorRefresh, await pulumi(floor, ["refresh", "--yes", "--skip-preview"]));
      console.error(`  N=${n}: round ${round}: best refresh ${refresh.seconds.toFixed(1)} s (floor ${floorRefresh.seconds.toFixed(1)}), load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    }
    const floorState = (await pulumi(floor, ["stack", "export"])).stdout;
    const row: Row = {
      n,
      resources,
      export: exp,
      up: { ...up, reads: upLog.filter((q) => q.method === "GET").length, writes: upLog.filter((q) => q.method !== "GET").length },
      preview: { ...preview, requests: previewRequests },
      refresh: { ...refresh, requests: refreshRequests },
      floor: { up: floorUp.seconds, preview: floorPreview.seconds, refresh: floorRefresh.seconds, stateBytesPerResource: Buffer.byteLength(floorState) / states.length },
      stateBytesPerResource,
      upSkippingCheckpoints: upSkip.seconds,
      emulatorPeakMiB: peakMb(emu.pid),
      split,
    };
    console.error(`  N=${n}: preview ${preview.seconds.toFixed(1)} s (floor ${floorPreview.seconds.toFixed(1)}), refresh ${refresh.seconds.toFixed(1)} s (floor ${floorRefresh.seconds.toFixed(1)})`);
    return row;
  } finally {
    await emu.close();
    for (const p of projects) p.remove();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, "dist/cli/index.js"))) throw new Error("build first (npm run build)");
  const rows: Row[] = [];
  for (const n of COUNTS) rows.push(await one(n));
  const cpus = os.cpus();
  console.log(`scale: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  if (FLOOR_UP_SKIPS_CHECKPOINTS) console.log("the floor's up ran with PULUMI_SKIP_CHECKPOINTS=true (BENCH_SCALE_FLOOR_UP=skip-checkpoints)");
  console.log("| items | resources | export s (peak MiB) | adopting up s (floor's up; skipping checkpoints) | reads/resource | writes | preview s (floor, ratio) | refresh s (floor, ratio) | refresh requests/resource | state B/resource (floor, ratio) | emulator peak MiB |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.n} | ${r.resources} | ${r.export.seconds.toFixed(1)} (${r.export.peakRssMiB ?? "?"}) | ${r.up.seconds.toFixed(1)} (${r.floor.up.toFixed(1)}; ${r.upSkippingCheckpoints.toFixed(1)}) | ${(r.up.reads / r.resources).toFixed(2)} | ${r.up.writes} | ${r.preview.seconds.toFixed(1)} (${r.floor.preview.toFixed(1)}, ${(r.preview.seconds / r.floor.preview).toFixed(2)}×) | ${r.refresh.seconds.toFixed(1)} (${r.floor.refresh.toFixed(1)}, ${(r.refresh.seconds / r.floor.refresh).toFixed(2)}×) | ${(r.refresh.requests / r.resources).toFixed(2)} | ${Math.round(r.stateBytesPerResource)} (${Math.round(r.floor.stateBytesPerResource)}, ${(r.stateBytesPerResource / r.floor.stateBytesPerResource).toFixed(2)}×) | ${r.emulatorPeakMiB} |`,
    );
  }
  if (UP_SKIPS_CHECKPOINTS) console.log("the adopting up ran with PULUMI_SKIP_CHECKPOINTS=true (BENCH_SCALE_UP=skip-checkpoints): its time is not one stack's; no split run");
  if (ROUNDS > 1) console.log(`refresh: best of ${ROUNDS} rounds, interleaved with the floor's`);
  for (const r of rows) {
    if (!r.split) continue;
    console.log(`split ${r.n}: export --split-by owner into ${r.split.projects} projects; org's adopting up ${r.split.org.toFixed(1)} s, then the parts ${SPLIT_PARALLEL} at a time ${r.split.parts.toFixed(1)} s: ${r.split.seconds.toFixed(1)} s against the single stack's ${r.up.seconds.toFixed(1)} s (${(r.split.seconds / r.up.seconds).toFixed(2)}×), ${r.split.writes} writes`);
  }
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    const k = b.n / a.n;
    const g = (x: number, y: number) => `${(y / x).toFixed(2)}×`;
    console.log(`growth ${a.n} → ${b.n} (${k.toFixed(1)}× the items): export ${g(a.export.seconds, b.export.seconds)}, up ${g(a.up.seconds, b.up.seconds)}, preview per resource ${g(a.preview.seconds / a.resources, b.preview.seconds / b.resources)}, refresh ${g(a.refresh.seconds, b.refresh.seconds)}`);
  }
  writeRaw({ rows: rows.map((r) => ({ ...r, export: { seconds: r.export.seconds, peakRssMiB: r.export.peakRssMiB }, up: { seconds: r.up.seconds, reads: r.up.reads, writes: r.up.writes }, preview: { seconds: r.preview.seconds, requests: r.preview.requests }, refresh: { seconds: r.refresh.seconds, requests: r.refresh.requests } })), loadAverage: os.loadavg() });
  const big = rows[rows.length - 1];
  const small = rows[0];
  summarize([
    { figure: `export of ${big.n} items`, measured: `${big.export.seconds.toFixed(1)} s, ${big.export.peakRssMiB ?? "?"} MiB`, baseline: "—", goal: "≤ 60 s, ≤ 300 MiB (5,000 items)", met: big.export.seconds <= 60 && (big.export.peakRssMiB ?? 0) <= 300, rss: { bench: big.export.peakRssMiB, emulator: big.emulatorPeakMiB } },
    { figure: `adopting up of ${big.resources} resources`, measured: `${big.up.writes} writes, ${(big.up.reads / big.resources).toFixed(2)} reads per resource, ${big.up.seconds.toFixed(1)} s`, baseline: "—", goal: "0 writes, ≤ 1.1 reads per resource", met: big.up.writes === 0 && big.up.reads / big.resources <= 1.1 },
    { figure: `no-change preview, ${big.resources} resources`, measured: `${big.preview.seconds.toFixed(1)} s`, baseline: `do-nothing provider ${big.floor.preview.toFixed(1)} s`, ratio: big.preview.seconds / big.floor.preview, goal: "≤ 1.1×", met: big.preview.seconds / big.floor.preview <= 1.1 },
    { figure: `refresh, ${big.resources} resources`, measured: `${big.refresh.seconds.toFixed(1)} s, ${(big.refresh.requests / big.resources).toFixed(2)} requests per resource`, baseline: `do-nothing provider ${big.floor.refresh.toFixed(1)} s`, ratio: big.refresh.seconds / big.floor.refresh, goal: "≤ 1.2×, ≤ 1 request per resource", met: big.refresh.seconds / big.floor.refresh <= 1.2 && big.refresh.requests / big.resources <= 1 },
    { figure: "state per resource", measured: `${Math.round(big.stateBytesPerResource)} B`, baseline: `do-nothing provider ${Math.round(big.floor.stateBytesPerResource)} B`, ratio: big.stateBytesPerResource / big.floor.stateBytesPerResource, goal: "≤ 1.1×", met: big.stateBytesPerResource / big.floor.stateBytesPerResource <= 1.1 },
...(big.split ? [{ figure: `split adoption of ${big.n} items (by owner, ${big.split!.projects} projects, parts ${SPLIT_PARALLEL} at a time)`, measured: `${big.split!.seconds.toFixed(1)} s, ${big.split!.writes} writes`, baseline: `one stack's adopting up ${big.up.seconds.toFixed(1)} s`, ratio: big.split!.seconds / big.up.seconds, goal: "< 1× (faster), 0 writes, every project no changes", met: big.split!.seconds < big.up.seconds && big.split!.writes === 0 }] : []),
    ...(rows.length > 1 ? [{ figure: `growth ${small.n} → ${big.n} items`, measured: `export ${(big.export.seconds / small.export.seconds).toFixed(2)}×, preview per resource ${((big.preview.seconds / big.resources) / (small.preview.seconds / small.resources)).toFixed(2)}×`, baseline: `${(big.n / small.n).toFixed(1)}× the items`, goal: "≤ 12 for 10×", met: big.export.seconds / small.export.seconds <= 1.2 * (big.n / small.n) }] : []),
  ]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
