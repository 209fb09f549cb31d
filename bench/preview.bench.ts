// No-change previews at scale (issue 13): a stack of BENCH_PREVIEW_ITEMS PortalItems (default 200,
// small Web Map text items) is brought up once through the real Pulumi CLI (the e2e harness: the
// packed package in a fixture project, a file backend) against the emulator in its own process
// (dist/emulator/cli.js). Then `pulumi preview --expect-no-changes --json` of that stack is timed
// against the baseline: a second project of as many do-nothing dynamic resources (check, diff and
// read answer at once) carrying the same properties with the same values as the PortalItems' state.
// Previews interleaved, BENCH_REPEAT rounds (default 3), best kept. Reports seconds, the ratio, the
// `pulumi` process's peak RSS (GNU time %M, when /usr/bin/time is there) and the portal requests the
// timed previews made (the emulator's request log; must be 0). Every preview must report only
// unchanged resources. Then a `pulumi refresh` of both stacks, interleaved, best kept (issue 28: each
// PortalItem read from the portal; the outputs must stay the same).
// Run: npm run build && npm run bench preview   (BENCH_JSON=file: raw figures)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulatorProcess } from "./emulatorProcess";
import { mustPulumi, portalItemStates, pulumi } from "./run";
import { summarize, writeRaw } from "./summary";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../test/support/pulumi";

const N = Math.max(1, Number(process.env.BENCH_PREVIEW_ITEMS ?? 200));
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const USER = "dev_publisher";

const portalProgram = `
const portal = require("pulumi-gis-portal");
for (let i = 0; i < ${N}; i++) {
  new portal.PortalItem("item-" + i, {
    type: "Web Map",
    title: "Bench item " + i,
    tags: ["bench"],
    text: { operationalLayers: [], baseMap: { title: "Base " + i, baseMapLayers: [] }, version: "2.31" },
  });
}
`;

// The baseline: the same properties and values (states.json), a provider that does nothing. With
// `quiet`, its constructor captures no stacks for the SDK's promise-leak report (Error.stackTraceLimit
// 0 around super), as this package's constructors did until issue 42: what those captures cost.
const baselineProgram = (quiet: boolean) => `
const pulumi = require("@pulumi/pulumi");
const states = require("./states.json");
const provider = {
  async check(olds, news) { return { inputs: news }; },
  async diff() { return { changes: false }; },
  async create(inputs) { return { id: "noop-" + Math.random().toString(16).slice(2), outs: inputs }; },
  async read(id, props) { return { id, props }; },
};
const unwrap = (v) => (v && typeof v === "object" && !Array.isArray(v) && "__secret" in v ? pulumi.secret(v.__secret) : v);
class Noop extends pulumi.dynamic.Resource {
  constructor(name, props) {
    ${quiet ? "const limit = Error.stackTraceLimit; Error.stackTraceLimit = 0; try { super(provider, name, props, {}, \"bench\", \"Noop\"); } finally { Error.stackTraceLimit = limit; }" : "super(provider, name, props, {}, \"bench\", \"Noop\");"}
  }
}
for (const [name, props] of Object.entries(states)) {
  new Noop(name, Object.fromEntries(Object.entries(props).map(([k, v]) => [k, unwrap(v)])));
}
`;

interface Run {
  seconds: number;
  peakRssMiB?: number;
  same: number;
}

/** One timed no-change preview; throws unless the engine reports every resource unchanged. */
async function preview(project: FixtureProject, label: string): Promise<Run> {
  const r = await pulumi(project, "dev", ["preview", "--expect-no-changes", "--json"]);
  if (r.code !== 0) throw new Error(`${label}: preview exited ${r.code}: ${r.stderr.slice(-2000)}\n${r.stdout.slice(0, 2000)}`);
  const summary = JSON.parse(r.stdout).changeSummary as Record<string, number>;
  const changed = Object.entries(summary).filter(([op, n]) => op !== "same" && n > 0);
  if (changed.length > 0 || summary.same !== N + 1) throw new Error(`${label}: not a no-change preview of ${N} resources + the stack: ${JSON.stringify(summary)}`);
  return { seconds: r.seconds, peakRssMiB: r.peakRssMiB, same: summary.same };
}

async function up(project: FixtureProject, label: string): Promise<void> {
  await mustPulumi(project, "dev", ["up", "--yes", "--skip-preview"], label, false);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(__dirname, "..", "dist/resources/index.js"))) throw new Error("build first (npm run build)");
  const emu = await startEmulatorProcess();
  const projects: FixtureProject[] = [];
  try {
    const portal = createFixtureProject("preview-bench", portalProgram);
    projects.push(portal);
    const portalUrl = emu.sharingUrl.replace(/\/sharing\/rest$/, "");
    await fixtureStack(portal, "dev", { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens[USER], secret: true } });
    let t = Date.now();
    await up(portal, "PortalItems");
    console.error(`  up of ${N} PortalItems: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const states = await portalItemStates(portal, "dev", N);
    const names = [...new Set(Object.values(states).flatMap((s) => Object.keys(s)))].sort();

    const baselines: Record<"baseline" | "quiet", FixtureProject> = {} as never;
    for (const key of ["baseline", "quiet"] as const) {
      const base = createFixtureProject(`preview-bench-${key}`, baselineProgram(key === "quiet"));
      projects.push(base);
      fs.writeFileSync(path.join(base.dir, "states.json"), JSON.stringify(states));
      await fixtureStack(base, "dev");
      t = Date.now();
      await up(base, key);
      console.error(`  up of ${N} do-nothing resources (${key}): ${((Date.now() - t) / 1000).toFixed(1)} s`);
      baselines[key] = base;
    }

    const requestLog = async () => ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: Array<{ method: string; path: string }> }).requests;
    // the log sees this provider's requests: the up's are there (else a 0 below would prove nothing)
    const upRequests = (await requestLog()).length;
    if (upRequests < N) throw new Error(`the emulator logged ${upRequests} requests for the up of ${N} items`);
    console.error(`  requests logged during the up: ${upRequests}`);
    await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
    const best: { portal?: Run; baseline?: Run; quiet?: Run } = {};
    const peak = { portal: 0, baseline: 0, quiet: 0 };
    for (let round = 0; round < REPEAT; round++) {
      for (const [key, project] of [["baseline", baselines.baseline], ["quiet", baselines.quiet], ["portal", portal]] as const) {
        const r = await preview(project, key);
        console.error(`  round ${round + 1}, ${key}: ${r.seconds.toFixed(2)} s, pulumi peak RSS ${r.peakRssMiB ?? "?"} MiB`);
        peak[key] = Math.max(peak[key], r.peakRssMiB ?? 0);
        if (!best[key] || r.seconds < best[key]!.seconds) best[key] = r;
      }
    }
    const logged = await requestLog();
    // issue 28 scope 6: a refresh of the same stacks, interleaved, best kept; each PortalItem is read
    // from the portal, and the state keeps the same outputs (nothing drifted)
    await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
    const bestRefresh: { portal?: number; baseline?: number } = {};
    for (let round = 0; round < REPEAT; round++) {
      for (const [key, project] of [["baseline", baselines.baseline], ["portal", portal]] as const) {
        const r = await mustPulumi(project, "dev", ["refresh", "--yes", "--skip-preview"], `${key} refresh`, false);
        console.error(`  round ${round + 1}, ${key} refresh: ${r.seconds.toFixed(2)} s`);
        bestRefresh[key] = Math.min(bestRefresh[key] ?? Infinity, r.seconds);
      }
    }
    const refreshRequests = (await requestLog()).length / REPEAT;
    const afterRefresh = await portalItemStates(portal, "dev", N);
    const sameOutputs = JSON.stringify(afterRefresh) === JSON.stringify(states);
    if (!sameOutputs) console.error("  the refresh changed the PortalItems' outputs");
    const refreshRatio = bestRefresh.portal! / bestRefresh.baseline!;
    const onlyConnectionReads = logged.length <= REPEAT && logged.every((q) => q.method === "GET" && q.path.split("?")[0].endsWith("/portals/self"));
    const ratio = best.portal!.seconds / best.baseline!.seconds;
    const rows = [
      { phase: "do-nothing dynamic provider, same outputs (baseline)", seconds: best.baseline!.seconds, ratio: 1, peakRssMiB: peak.baseline || undefined, portalRequests: undefined as number | undefined },
      { phase: "the same, its constructor capturing no stacks", seconds: best.quiet!.seconds, ratio: best.quiet!.seconds / best.baseline!.seconds, peakRssMiB: peak.quiet || undefined, portalRequests: undefined as number | undefined },
      { phase: "PortalItem", seconds: best.portal!.seconds, ratio, peakRssMiB: peak.portal || undefined, portalRequests: logged.length },
    ];
    const cpus = os.cpus();
    console.log(`preview: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}; ${N} resources of ${names.length} properties each; best of ${REPEAT}, interleaved`);
    console.log("| resources | phase | s (no-change preview) | ratio to baseline | pulumi peak RSS (MiB) | portal requests | result |");
    console.log("|---:|---|---:|---:|---:|---:|---|");
    for (const r of rows) console.log(`| ${N} | ${r.phase} | ${r.seconds.toFixed(2)} | ${r.ratio.toFixed(2)} | ${r.peakRssMiB ?? ""} | ${r.portalRequests ?? ""} | ${N + 1} same |`);
    console.log(`PortalItem against the do-nothing provider that also captures no stacks: ${(best.portal!.seconds / best.quiet!.seconds).toFixed(2)}×`);
    console.log(`refresh of ${N} PortalItems: ${bestRefresh.portal!.toFixed(2)} s against the do-nothing provider's ${bestRefresh.baseline!.toFixed(2)} s (${refreshRatio.toFixed(2)}×), ${refreshRequests.toFixed(0)} portal requests per refresh, outputs ${sameOutputs ? "the same" : "CHANGED"}`);
    if (logged.length > 0) console.error(`  portal requests during the previews: ${logged.slice(0, 10).map((q) => `${q.method} ${q.path}`).join(", ")}`);
    writeRaw({ resources: N, repeat: REPEAT, properties: names, upRequests, rows, refresh: { ...bestRefresh, ratio: refreshRatio, requests: refreshRequests, sameOutputs }, loadAverage: os.loadavg() });
    summarize([
      // issue 29: each preview reads portals/self once (the connection check) and nothing else
      { figure: `no-change preview of ${N} PortalItems`, measured: `${best.portal!.seconds.toFixed(2)} s, ${logged.length} portal requests in ${REPEAT} previews`, baseline: `do-nothing dynamic provider ${best.baseline!.seconds.toFixed(2)} s`, ratio, rss: { pulumi: peak.portal || undefined }, goal: "≤ 1.1×, 1 request per preview (portals/self)", met: ratio <= 1.1 && onlyConnectionReads },
      { figure: `the same against a do-nothing provider that also skips stack captures`, measured: `${best.portal!.seconds.toFixed(2)} s`, baseline: `${best.quiet!.seconds.toFixed(2)} s`, ratio: best.portal!.seconds / best.quiet!.seconds },
      { figure: `refresh of ${N} PortalItems (loopback)`, measured: `${bestRefresh.portal!.toFixed(2)} s, ${refreshRequests.toFixed(0)} portal requests, outputs ${sameOutputs ? "the same" : "changed"}`, baseline: `do-nothing dynamic provider ${bestRefresh.baseline!.toFixed(2)} s`, ratio: refreshRatio, goal: "≤ 1.1×, the same outputs", met: refreshRatio <= 1.1 && sameOutputs },
    ]);
    if (!onlyConnectionReads || !sameOutputs) process.exitCode = 1;
  } finally {
    await emu.close();
    for (const p of projects) p.remove();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
