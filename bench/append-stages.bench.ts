// Where a CSV append's time goes (issues 13 and 28), by stages measured in one process (no HTTP, no
// job): the same generated CSV and layer as append-ingest.bench.ts, run through more and more of the
// emulator's append path. A CPU profile misplaces the cost of small hot functions (it put 1.5 µs a
// point on proj4, which takes 0.15 µs unprofiled), so each stage is timed whole and a stage's cost
// is its difference from the one before; more runs leave one part out to price it. CPU is the
// process's (every thread), so CPU ÷ wall is how many cores a stage kept busy.
// Best of BENCH_REPEAT (default 3) for each. Run: npm run bench append-stages (BENCH_ROWS: first size)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "csv-parse";
import { appendToLayer, type AppendOptions } from "../emulator/features/append";
import { Piece } from "../emulator/features/append/csvPieceWorker";
import { planMapping } from "../emulator/features/append/mapping";
import type { PieceOptions } from "../emulator/features/append/options";
import * as prepared from "../emulator/features/append/prepared";
import { openCsv } from "../emulator/features/formats/csv";
import { buildLayerData, buildLayerDef } from "../emulator/features/model/build";
import type { LayerFixture } from "../emulator/features/model/fixtures";
import { FeatureLayer } from "../emulator/features/model/layer";
import type { RowStore } from "../emulator/features/model/store";
import { storedDataOf, type StoredData } from "../emulator/storedData";
import { BENCH_LAYER, writeBenchCsv } from "./appendData";

const ROWS = Number((process.env.BENCH_ROWS ?? "1000000").split(",")[0]);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));

const fixture = { ...BENCH_LAYER, rows: [] } as unknown as LayerFixture;

const options: AppendOptions = { upsert: false, useGlobalIds: false, skipInserts: false, skipUpdates: false, updateGeometry: true, truncate: false, rollbackOnFailure: true, applyDefaults: false, updateExtent: false };

async function timed(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  global.gc?.();
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: Number(process.hrtime.bigint() - started) / 1e9, cpu: (used.user + used.system) / 1e6 };
}

function newLayer(): FeatureLayer {
  const def = buildLayerDef(fixture, () => true);
  return new FeatureLayer(def, buildLayerData(def, []));
}

/** An append of every row into a new layer (upsert: into a layer holding them); `alter` leaves part of the store out. */
async function append(data: StoredData, how: { alter?: (store: RowStore) => void; pieces?: PieceOptions; upsert?: boolean } = {}): Promise<void> {
  const layer = newLayer();
  const run = async (upsert: boolean) => {
    const table = await openCsv(data, "rows.csv", { appendSourceInfo: {}, workDir: os.tmpdir() }).table(undefined);
    const r = await appendToLayer(layer, table, { username: "bench", bypassesOwnership: true }, { ...options, upsert, upsertMatchingField: "code", csvPieces: how.pieces });
    if (r.recordCount !== ROWS) throw new Error(`appended ${r.recordCount} rows, expected ${ROWS}`);
  };
  try {
    if (how.upsert) await run(false);
    how.alter?.(layer.data.store);
    await (how.upsert ? timed(() => run(true)).then((t) => (upsertTime = t)) : run(false));
  } finally {
    layer.data.store.close();
  }
}
let upsertTime = { wall: 0, cpu: 0 };

/** A piece worker's whole work (parse, convert, encode) in this one thread, over every row but the header's piece. */
async function oneThreadPiece(data: StoredData, file: string): Promise<void> {
  const layer = newLayer();
  const header = ["code", "label", "big", "amount", "latitude", "longitude"];
  const mapping = planMapping(layer, header.map((name) => ({ name })), options);
  const store = layer.data.store;
  for (const f of layer.def.fields) store.rows.names.idOf(f.name);
  const parseOptions = { bom: true, skip_empty_lines: true, delimiter: ",", quote: '"' };
  const setup = { data, pieces: [], parseOptions, recordDelimiter: "\n", header, credit: 1, batchRows: 1024, def: layer.def, mapping, info: {}, sourceSR: { wkid: 4326 }, upsert: false, updateFromInsert: false, applyDefaults: false, username: "bench", names: store.rows.names.all, uniqueFields: store.encodedFields };
  const firstLine = fs.readFileSync(file).indexOf(10) + 1;
  await new Piece(setup, async () => undefined).run([1, firstLine, fs.statSync(file).size]);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "append-stages-"));
  try {
    const file = path.join(dir, "rows.csv");
    await writeBenchCsv(file, ROWS);
    const data = await storedDataOf([file]);
    const applyPrepared = prepared.applyPrepared;
    const noApply = (on: boolean) => ((prepared as { applyPrepared: unknown }).applyPrepared = on ? (_l: unknown, b: { count: number }, _b: unknown, _p: unknown, _o: unknown, _log: unknown, r: { recordCount: number }) => void (r.recordCount += b.count) : applyPrepared);
    const runs: Array<[string, () => Promise<unknown>]> = [
      ["csv-parse alone (the baseline)", async () => { for await (const _ of fs.createReadStream(file).pipe(parse({ columns: true }))); }],
      ["a piece worker's work (parse, convert, project, encode) in one thread", () => oneThreadPiece(data, file)],
      ["the pieces in the workers, the main thread taking the batches and applying none", async () => { noApply(true); try { await append(data); } finally { noApply(false); } }],
      ["+ the main thread's part: the full insert", () => append(data)],
      ["the full insert without its unique indexes", () => append(data, { alter: (s) => ((s as unknown as { indexes: Map<string, unknown> }).indexes = new Map()) })],
      ["the full insert without appending to the row file", () => append(data, { alter: (s) => (s.rows.setEncoded = function () { return this; }) })],
      ["the full insert with one worker", () => append(data, { pieces: { workers: 1 } })],
      ["the full insert as before issue 28 (one parse in a worker, rows converted and encoded on the main thread)", () => append(data, { pieces: { pieceBytes: 2 ** 40 } })],
      ["the upsert (every row matches), timed alone", () => append(data, { upsert: true })],
    ];
    const best = runs.map(() => ({ wall: Infinity, cpu: Infinity }));
    for (let round = 0; round < REPEAT; round++) {
      for (const [i, [, run]] of runs.entries()) {
        const t = await timed(run);
        const measured = i === runs.length - 1 ? upsertTime : t;
        if (measured.wall < best[i].wall) best[i] = measured;
      }
    }
    const [base, , workers, full] = best;
    const us = (s: number) => ((s * 1e6) / ROWS).toFixed(2);
    console.log(`append-stages: ${ROWS.toLocaleString("en")} rows (one insert each run), best of ${REPEAT}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log("| stage | s | CPU s (all threads) | µs per row (wall) | its own cost, µs per row | ratio of csv-parse alone to this |");
    console.log("|---|---:|---:|---:|---:|---:|");
    const own: Array<number | undefined> = [base.wall, undefined, undefined, full.wall - workers.wall, full.wall - best[4].wall, full.wall - best[5].wall, undefined, undefined, undefined];
    for (const [i, [name]] of runs.entries()) {
      const b = best[i];
      console.log(`| ${name} | ${b.wall.toFixed(2)} | ${b.cpu.toFixed(2)} | ${us(b.wall)} | ${own[i] === undefined ? "" : us(own[i]!)} | ${(base.wall / b.wall).toFixed(2)} |`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
