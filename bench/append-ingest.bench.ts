// Append ingest rate (issue 4): a generated CSV of BENCH_ROWS rows (default 1,000,000) is parsed
// by csv-parse alone (the baseline), then appended through the emulator's HTTP API: a plain
// insert, and an upsert on a unique field (every row matches). Reports rows/s, the ratio to the
// baseline and the peak RSS after each phase. Run: node -r ts-node/register/transpile-only bench/append-ingest.bench.ts
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { once } from "node:events";
import { parse } from "csv-parse";
import { startEmulator, defaultFixtures } from "../emulator/index";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

async function writeCsv(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write("code,label,big,amount,latitude,longitude\n");
  for (let i = 0; i < ROWS; i++) {
    const line = `c${i},label ${i % 1000},${i % 100000},${(i * 0.37).toFixed(2)},${(-60 + (i % 12000) / 100).toFixed(4)},${(-170 + (i % 34000) / 100).toFixed(4)}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function baseline(file: string): Promise<number> {
  const started = process.hrtime.bigint();
  let n = 0;
  for await (const _ of fs.createReadStream(file).pipe(parse({ columns: true }))) n++;
  if (n !== ROWS) throw new Error(`baseline read ${n} rows, expected ${ROWS}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const layer = {
  id: 0,
  name: "bench",
  geometryType: "esriGeometryPoint",
  spatialReference: { wkid: 3857 },
  editorTracking: true,
  fields: [
    { name: "OBJECTID", type: "esriFieldTypeOID" },
    { name: "GlobalID", type: "esriFieldTypeGlobalID" },
    { name: "code", type: "esriFieldTypeString", length: 16 },
    { name: "label", type: "esriFieldTypeString", length: 32 },
    { name: "big", type: "esriFieldTypeInteger" },
    { name: "amount", type: "esriFieldTypeDouble" },
  ],
  indexes: [{ name: "code_idx", fields: "code", isUnique: true }],
};

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "append-bench-"));
  const emu = await startEmulator({ fixtures: { ...defaultFixtures(), services: { services: [{ name: "Bench", owner: "dev_publisher", layers: [layer] }] } }, jobDelayMs: 1 });
  const token = emu.tokens.dev_publisher;
  const post = async (url: string, form: Record<string, string>) => (await (await fetch(url, { method: "POST", body: new URLSearchParams({ f: "json", token, ...form }) })).json()) as any;
  try {
    const file = path.join(dir, "rows.csv");
    await writeCsv(file);
    const sizeMb = fs.statSync(file).size / 1e6;
    const baseSeconds = await baseline(file);
    const results = [{ phase: "csv-parse alone (baseline)", seconds: baseSeconds, rss: peakRssMb() }];

    const form = new FormData();
    form.append("token", token);
    form.append("file", await fs.openAsBlob(file), "rows.csv");
    const up = (await (await fetch(`${emu.serviceUrl}/Bench/FeatureServer/uploads/upload`, { method: "POST", body: form })).json()) as any;
    const uploadId = up.item.itemID;

    for (const [phase, extra] of [["append, plain insert", {}], ["append, upsert on unique 'code'", { upsert: "true", upsertMatchingField: "code" }]] as const) {
      global.gc?.();
      const started = process.hrtime.bigint();
      const start = await post(`${emu.serviceUrl}/Bench/FeatureServer/0/append`, { appendUploadId: uploadId, appendUploadFormat: "csv", appendSourceInfo: "{}", ...extra });
      let job: any;
      do {
        await new Promise((r) => setTimeout(r, 100));
        job = await post(start.statusUrl, {});
      } while (job.status !== "Completed" && job.status !== "Failed");
      if (job.status !== "Completed" || job.recordCount !== ROWS) throw new Error(`${phase}: ${JSON.stringify(job).slice(0, 300)}`);
      results.push({ phase, seconds: Number(process.hrtime.bigint() - started) / 1e9, rss: peakRssMb() });
    }
    const count = await post(`${emu.serviceUrl}/Bench/FeatureServer/0/query`, { where: "1=1", returnCountOnly: "true" });
    console.log(`append-ingest: ${ROWS.toLocaleString("en")} rows, ${sizeMb.toFixed(1)} MB CSV, layer in 3857 (every row projected from 4326), ${count.count} rows in the layer at the end`);
    console.log("| phase | seconds | rows/s | ratio to baseline | peak RSS (MB) |");
    console.log("|---|---:|---:|---:|---:|");
    for (const r of results) {
      const rate = ROWS / r.seconds;
      console.log(`| ${r.phase} | ${r.seconds.toFixed(2)} | ${Math.round(rate).toLocaleString("en")} | ${(baseSeconds / r.seconds).toFixed(2)} | ${r.rss} |`);
    }
  } finally {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
