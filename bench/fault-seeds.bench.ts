// The fault-seed sweeps, out of `npm test` (which keeps a representative seed of each): the network
// layer's tests run again through Toxiproxy's `flaky` profile with many seeds, one mocha test per
// seed, with every assertion of the test files (no duplicate, no partial item, no doubled row, the
// upload whole, the flaky runs meeting more requests than `wan`):
//   - test/network/flakyAllKinds.test.ts, every resource kind: BENCH_FAULT_SEEDS (default 21..30);
//   - test/network/flaky.test.ts, nine PortalItems with an 11 MB multipart upload:
//     BENCH_FAULT_ITEM_SEEDS (default 11..20).
// Reports per test file the seeds that converged and their time; fails when one did not.
// Run: npm run build && npm run bench fault-seeds   (a seed list: BENCH_FAULT_SEEDS=1,2,3)
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { summarize, writeRaw } from "./summary";

const root = path.resolve(__dirname, "..");
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i).join(",");

const SWEEPS = [
  { file: "test/network/flakyAllKinds.test.ts", seeds: process.env.BENCH_FAULT_SEEDS ?? range(21, 10) },
  { file: "test/network/flaky.test.ts", seeds: process.env.BENCH_FAULT_ITEM_SEEDS ?? range(11, 10) },
];

interface MochaJson {
  stats: { passes: number; failures: number };
  tests: Array<{ title: string; fullTitle: string; duration?: number; err: { message?: string } }>;
}

function main(): void {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "fault-seeds-"));
  const raw: Record<string, MochaJson> = {};
  let failed = 0;
  for (const sweep of SWEEPS) {
    const out = path.join(work, `${path.basename(sweep.file)}.json`);
    console.log(`\n== ${sweep.file}, seeds ${sweep.seeds}`);
    const started = Date.now();
    const r = spawnSync(
      process.execPath,
      [require.resolve("mocha/bin/mocha.js"), "-r", "test/support/register.js", "--timeout", "1800000", "--reporter", "json", "--reporter-option", `output=${out}`, sweep.file],
      { cwd: root, stdio: "inherit", env: { ...process.env, NETWORK_SEEDS: sweep.seeds } },
    );
    const seconds = (Date.now() - started) / 1000;
    const json: MochaJson = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, "utf8")) : { stats: { passes: 0, failures: 1 }, tests: [] };
    raw[sweep.file] = json;
    for (const t of json.tests) console.log(`  ${t.err?.message ? "FAILED" : "passed"}  ${((t.duration ?? 0) / 1000).toFixed(1).padStart(6)} s  ${t.title}${t.err?.message ? `\n      ${t.err.message.split("\n")[0]}` : ""}`);
    const seeds = json.tests.filter((t) => /\(seed \d+\)/.test(t.fullTitle));
    const converged = seeds.filter((t) => !t.err?.message).length;
    if (r.status !== 0 || json.stats.failures > 0) failed++;
    summarize([
      {
        figure: `flaky seeds converged, ${path.basename(sweep.file, ".test.ts")}`,
        measured: `${converged} of ${seeds.length} seeds, ${seconds.toFixed(0)} s`,
        baseline: "every seed",
        goal: "all converge, every assertion of the test file",
        met: r.status === 0 && converged === seeds.length && seeds.length > 0,
      },
    ]);
  }
  writeRaw(raw);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(failed > 0 ? 1 : 0);
}

main();
