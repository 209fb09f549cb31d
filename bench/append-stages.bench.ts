// Where a CSV append's time goes (issue 13), by stages measured in one process (no HTTP, no job):
// the same generated CSV and layer as append-ingest.bench.ts, run through more and more of the
// emulator's append path. A CPU profile misplaces the cost of small hot functions (it put 1.5 µs a
// point on proj4, which takes 0.15 µs unprofiled), so each stage is timed whole and a stage's cost
// is its difference from the one before; two more runs leave one part of the store out to price it.
// Best of BENCH_REPEAT (default 3) for each. Run: npm run bench append-stages (BENCH_ROWS: first size)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "csv-parse";
import { appendToLayer, type AppendOptions } from "../emulator/features/append";
import { openCsv } from "../emulator/features/formats/csv";
import { rowBatches } from "../emulator/features/formats/source";
import { buildLayerData, buildLayerDef } from "../emulator/features/model/build";
import type { LayerFixture } from "../emulator/features/model/fixtures";
import { FeatureLayer } from "../emulator/features/model/layer";
import type { RowStore } from "../emulator/features/model/store";
import { storedDataOf, type StoredData } from "../emulator/storedData";
import { BENCH_LAYER, writeBenchCsv } from "./appendData";

const ROWS = Number((process.env.BENCH_ROWS ?? "1000000").split(",")[0]);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));

const fixture = { ...BENCH_LAYER, rows: [] } as unknown as LayerFixture;

const options: AppendOptions = {
  skipInserts: false,
  skipUpdates: false,
  updateGeometry: true,
  truncate: false,
  rollbackOnFailure: true,
  applyDefaults: false,
  updateExtent: false,
} as AppendOptions;

async function seconds(run: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** An insert of every row into a new layer; `alter` leaves part of the store out; `inWorker` as openCsv's (default by size). */
async function append(data: StoredData, alter?: (store: RowStore) => void, inWorker?: boolean): Promise<void> {
  const def = buildLayerDef(fixture, () => true);
  const layer = new FeatureLayer(def, buildLayerData(def, []));
  alter?.(layer.data.store);
  const table = await openCsv(data, "rows.csv", { appendSourceInfo: {}, workDir: os.tmpdir() }, inWorker).table(undefined);
  try {
    const r = await appendToLayer(layer, table, { username: "bench", bypassesOwnership: true }, options);
    if (r.recordCount !== ROWS) throw new Error(`appended ${r.recordCount} rows, expected ${ROWS}`);
  } finally {
    layer.data.store.close();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "append-stages-"));
  try {
    const file = path.join(dir, "rows.csv");
    await writeBenchCsv(file, ROWS);
    const data = await storedDataOf([file]);
    const runs: Array<[string, () => Promise<unknown>]> = [
      ["csv-parse alone (the baseline)", async () => { for await (const _ of fs.createReadStream(file).pipe(parse({ columns: true }))); }],
      ["+ the emulator's CSV source (reads, coordinates, row objects)", async () => { for await (const _ of rowBatches(await openCsv(data, "rows.csv", { appendSourceInfo: {}, workDir: dir }).table(undefined))); }],
      ["+ row conversion (fields, projection, GlobalID, editor fields); the store's insert a no-op", () => append(data, (s) => (s.insert = () => 1))],
      ["+ the store: the full insert", () => append(data)],
      ["the full insert without its unique indexes", () => append(data, (s) => ((s as unknown as { indexes: Map<string, unknown> }).indexes = new Map()))],
      ["the full insert without encoding rows into the row file", () => append(data, (s) => (s.rows.set = function () { return this; }))],
      ["the full insert, the CSV parsed on the main thread (no worker)", () => append(data, undefined, false)],
    ];
    const best = runs.map(() => Infinity);
    for (let round = 0; round < REPEAT; round++) for (const [i, [, run]] of runs.entries()) best[i] = Math.min(best[i], await seconds(run));
    const [base, source, convert, full, noIndex, noEncode, serial] = best;
    const us = (s: number) => ((s * 1e6) / ROWS).toFixed(2);
    console.log(`append-stages: ${ROWS.toLocaleString("en")} rows (one insert each run), best of ${REPEAT}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log("| stage | s | its own cost, s | µs per row | ratio of csv-parse alone to this |");
    console.log("|---|---:|---:|---:|---:|");
    const rows: Array<[string, number, number]> = [
      [runs[0][0], base, base],
      [runs[1][0], source, source - base],
      [runs[2][0], convert, convert - source],
      [runs[3][0], full, full - convert],
      ["  of which the unique indexes (full − without them)", full, full - noIndex],
      ["  of which encoding into the row file (full − without it)", full, full - noEncode],
      [runs[6][0], serial, serial - base],
    ];
    for (const [name, s, own] of rows) console.log(`| ${name} | ${s.toFixed(2)} | ${own.toFixed(2)} | ${us(own)} | ${(base / s).toFixed(2)} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
