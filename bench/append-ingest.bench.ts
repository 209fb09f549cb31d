// Append ingest rate (issues 4 and 13): a generated CSV of BENCH_ROWS rows (default 1,000,000; a
// comma list runs each size) is parsed by csv-parse alone (the baseline), then appended through the
// HTTP API of an emulator in its own process, started from the built package (dist/emulator/cli.js):
// a plain insert, and an upsert on a unique field (every row matches). BENCH_REPEAT rounds (default
// 3), each a baseline run and then both appends in a new emulator, so the baseline and the appends
// are measured alike and under about the same load; the best of each is kept (one run varied by a
// third on a quiet machine), and every round's figure is printed. Reports rows/s, the ratio to the
// baseline, the bench's own peak RSS and the emulator's peak RSS during each phase (Linux VmHWM,
// reset per phase; the largest of the rounds) and the load average after each phase (the machine
// may be shared), and checks the row count and the last row. Run: npm run bench append
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "csv-parse";
import { defaultFixtures } from "../emulator/fixtures";
import { peakMb as peakOf, resetPeak, startEmulatorProcess } from "./emulatorProcess";
import { BENCH_LAYER, writeBenchCsv } from "./appendData";
import { summarize, writeRaw, type SummaryLine } from "./summary";

const SIZES = (process.env.BENCH_ROWS ?? "1000000").split(",").map(Number).filter((n) => n > 0);
/** Rounds per size (a baseline run and both appends each), the best of each kept. */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
let ROWS = SIZES[0];


const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function baseline(file: string): Promise<number> {
  const started = process.hrtime.bigint();
  let n = 0;
  for await (const _ of fs.createReadStream(file).pipe(parse({ columns: true }))) n++;
  if (n !== ROWS) throw new Error(`baseline read ${n} rows, expected ${ROWS}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  const all: string[] = [];
  for (const n of SIZES) {
    ROWS = n;
    all.push(...(await runSize()));
  }
  console.log("| rows | phase | seconds (best) | each round | rows/s | ratio to baseline | bench peak RSS (MB) | emulator peak RSS (MiB, largest) | load average after |");
  console.log("|---:|---|---:|---|---:|---:|---:|---:|---|");
  for (const line of all) console.log(line);
  writeRaw({ rows: raw });
  summarize(summary);
}

const raw: Array<Record<string, unknown>> = [];
const summary: SummaryLine[] = [];

type Phase = { phase: string; seconds: number; rss: number; emulatorRss: number; load: string; rounds: number[] };

async function runSize(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "append-bench-"));
  const fixturesFile = path.join(dir, "fixtures.json");
  fs.writeFileSync(fixturesFile, JSON.stringify({ ...defaultFixtures(), services: { services: [{ name: "Bench", owner: "dev_publisher", layers: [BENCH_LAYER] }] } }));
  try {
    const file = path.join(dir, "rows.csv");
    await writeBenchCsv(file, ROWS);
    const sizeMb = fs.statSync(file).size / 1e6;
    const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");
    const phases = ["csv-parse alone (baseline)", "append, plain insert", "append, upsert on unique 'code'"];
    const results: Phase[] = phases.map((phase) => ({ phase, seconds: Infinity, rss: 0, emulatorRss: 0, load: "", rounds: [] }));
    const keep = (r: Phase, seconds: number, emulatorRss: number) => {
      r.rounds.push(seconds);
      r.seconds = Math.min(r.seconds, seconds);
      r.rss = peakRssMb();
      r.emulatorRss = Math.max(r.emulatorRss, emulatorRss);
      r.load = load();
    };
    // Rounds interleave the baseline and the appends, so each is measured under about the same load;
    // each round's appends run in a new emulator (an empty layer, then an upsert matching every row).
    for (let round = 0; round < REPEAT; round++) {
      keep(results[0], await baseline(file), 0);
      const { seconds, emulatorRss, rows } = await appendRound(file, fixturesFile);
      keep(results[1], seconds[0], emulatorRss[0]);
      keep(results[2], seconds[1], emulatorRss[1]);
      if (round === 0) console.error(`append-ingest: ${ROWS.toLocaleString("en")} rows, ${sizeMb.toFixed(1)} MB CSV, layer in 3857 (every row projected from 4326), ${rows} rows in the layer at the end, last row checked; best of ${REPEAT} interleaved rounds`);
    }
    const baseSeconds = results[0].seconds;
    raw.push(...results.map((r) => ({ rows: ROWS, ...r, ratio: baseSeconds / r.seconds })));
    const goal = ROWS === 1_000_000;
    summary.push(
      ...results.slice(1).map((r) => ({
        figure: `${ROWS.toLocaleString("en")}-row CSV ${r.phase}`,
        measured: `${r.seconds.toFixed(2)} s`,
        baseline: `csv-parse alone ${baseSeconds.toFixed(2)} s`,
        ratio: baseSeconds / r.seconds,
        rss: { emulator: r.emulatorRss },
        goal: goal ? "≥ 1.0× (issue 28), emulator ≤ 300 MiB" : undefined,
        met: goal ? baseSeconds / r.seconds >= 1 && r.emulatorRss <= 300 : undefined,
      })),
    );
    return results.map((r) => `| ${ROWS.toLocaleString("en")} | ${r.phase} | ${r.seconds.toFixed(2)} | ${r.rounds.map((x) => x.toFixed(2)).join(", ")} | ${Math.round(ROWS / r.seconds).toLocaleString("en")} | ${(baseSeconds / r.seconds).toFixed(2)} | ${r.rss} | ${r.emulatorRss || ""} | ${r.load} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One round's appends in a new emulator: the upload, a plain insert, an upsert on `code`; checked at the end. */
async function appendRound(file: string, fixturesFile: string): Promise<{ seconds: number[]; emulatorRss: number[]; rows: number }> {
  const emu = await startEmulatorProcess(fixturesFile);
  const token = emu.tokens.dev_publisher;
  const post = async (url: string, form: Record<string, string>) => (await (await fetch(url, { method: "POST", body: new URLSearchParams({ f: "json", token, ...form }) })).json()) as any;
  try {
    const form = new FormData();
    form.append("token", token);
    form.append("file", await fs.openAsBlob(file), "rows.csv");
    const up = (await (await fetch(`${emu.serviceUrl}/Bench/FeatureServer/uploads/upload`, { method: "POST", body: form })).json()) as any;
    const uploadId = up.item.itemID;
    const seconds: number[] = [], emulatorRss: number[] = [];
    for (const [phase, extra] of [["insert", {}], ["upsert", { upsert: "true", upsertMatchingField: "code" }]] as const) {
      global.gc?.();
      resetPeak(emu.pid);
      const started = process.hrtime.bigint();
      const start = await post(`${emu.serviceUrl}/Bench/FeatureServer/0/append`, { appendUploadId: uploadId, appendUploadFormat: "csv", appendSourceInfo: "{}", ...extra });
      let job: any;
      do {
        await new Promise((r) => setTimeout(r, 50));
        job = await post(start.statusUrl, {});
      } while (job.status !== "Completed" && job.status !== "Failed");
      if (job.status !== "Completed" || job.recordCount !== ROWS) throw new Error(`${phase}: ${JSON.stringify(job).slice(0, 300)}`);
      seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
      emulatorRss.push(peakOf(emu.pid));
    }
    const count = await post(`${emu.serviceUrl}/Bench/FeatureServer/0/query`, { where: "1=1", returnCountOnly: "true" });
    if (count.count !== ROWS) throw new Error(`the layer holds ${count.count} rows, expected ${ROWS}`);
    const last = await post(`${emu.serviceUrl}/Bench/FeatureServer/0/query`, { where: `code='c${ROWS - 1}'`, outFields: "code,big,amount" });
    const a = last.features?.[0]?.attributes;
    if (!a || a.big !== (ROWS - 1) % 100000 || Math.abs(a.amount - Number(((ROWS - 1) * 0.37).toFixed(2))) > 1e-9) throw new Error(`last row: ${JSON.stringify(last).slice(0, 300)}`);
    return { seconds, emulatorRss, rows: count.count };
  } finally {
    await emu.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
