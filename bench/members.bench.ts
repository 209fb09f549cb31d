// Members at a portal's pace: an organization of BENCH_MEMBERS extra members (default 200; the
// emulator's roster fixtures: a department and an office each, a custom role) is exported with
// `export --no-items --no-groups`, its project adopts it (`up`), then an `up` with no change runs.
// Reported: requests per Member of the adopting `up` and of the no-change `up` (goal ≤ 1 per member),
// their reads and writes (0 writes for both), and where they went. The baseline is the member count.
// Run: npm run build && npm run bench members
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { rosterFixtures } from "../emulator";
import { ROOT, startEmulatorProcess } from "./emulatorProcess";
import { breakdown, recorded } from "./org";
import { pulumi as pulumiOn, timed } from "./run";
import { summarize, writeRaw } from "./summary";
import { fixtureStack, installExportedProject, offlineEngineEnv, type FixtureProject } from "../test/support/pulumi";

const COUNT = Math.max(1, Number(process.env.BENCH_MEMBERS ?? 200));
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "members-bench-"));
  const fixtures = path.join(work, "fixtures.json");
  fs.writeFileSync(fixtures, JSON.stringify(rosterFixtures(COUNT)));
  const emu = await startEmulatorProcess(fixtures);
  try {
    const portalUrl = emu.sharingUrl.replace(/\/sharing\/rest$/, "");
    const env = { PORTAL_URL: portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin };
    const out = path.join(work, "org");
    const args = [path.join(ROOT, "dist/cli/index.js"), "export", "--out", out, "--no-items", "--no-groups"];
    const exported = await timed(process.execPath, args, work, env);
    if (exported.code !== 0) throw new Error(`export exited ${exported.code}: ${exported.stderr.slice(-2000)}`);
    const members = (fs.readFileSync(path.join(out, "index.ts"), "utf8").match(/new portal\.Member\(/g) ?? []).length;
    installExportedProject(out);
    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    const project: FixtureProject = { dir: out, backendDir, env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")), remove: () => undefined };
    await fixtureStack(project, "dev", { "portal:url": { value: portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    const rows: Array<{ what: string; seconds: number; requests: number; reads: number; writes: number; where: string }> = [];
    for (const what of ["adopting up", "no-change up"]) {
      const { result: r, log } = await recorded(emu, () => pulumiOn(project, "dev", ["up", "--yes", "--skip-preview"]));
      if (r.code !== 0) throw new Error(`${what} exited ${r.code}: ${r.stdout.slice(-3000)}`);
      const writes = log.filter((q) => q.method !== "GET").length;
      rows.push({ what, seconds: r.seconds, requests: log.length, reads: log.length - writes, writes, where: breakdown(log, 6) });
      console.error(`  ${what}: ${r.seconds.toFixed(1)} s, ${log.length} requests for ${members} members (${writes} writes): ${breakdown(log, 6)}`);
    }
    console.log(`members: ${os.cpus().length} cpus, Node ${process.version}, load ${load()}; ${members} Member resources`);
    for (const x of rows) console.log(`| ${x.what} | ${x.seconds.toFixed(1)} s | ${x.requests} requests | ${(x.requests / members).toFixed(2)} per member | ${x.writes} writes | ${x.where} |`);
    writeRaw({ members, rows, loadAverage: os.loadavg() });
    // the goal is the no-change up's; the adopting up is reported beside it (it reads each user)
    summarize(rows.map((x) => ({
      figure: `${x.what} over ${members} members, requests per member`,
      measured: `${(x.requests / members).toFixed(2)} (${x.requests} requests, ${x.writes} writes), ${x.seconds.toFixed(1)} s`,
      baseline: `${members} members`,
      ...(x.what === "no-change up" ? { goal: "≤ 1 request per member, 0 writes", met: x.requests <= members && x.writes === 0 } : {}),
    })));
  } finally {
    await emu.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
