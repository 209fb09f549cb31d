// The CSV and the layer both append benches use (append-ingest.bench.ts through HTTP,
// append-stages.bench.ts in one process): 6 columns, points in 4326 into a layer in 3857 with
// editor tracking, a GlobalID and a unique index on `code`.
import * as fs from "node:fs";
import { once } from "node:events";
import { trackedPointLayer } from "../emulator/features/model/fixtures";

export const BENCH_LAYER = trackedPointLayer(
  "bench",
  [
    { name: "code", type: "esriFieldTypeString", length: 16 },
    { name: "label", type: "esriFieldTypeString", length: 32 },
    { name: "big", type: "esriFieldTypeInteger" },
    { name: "amount", type: "esriFieldTypeDouble" },
  ],
  "code",
);

/** Writes `rows` rows: row i has code `c<i>`, big `i % 100000`, amount `i × 0.37` (the benches check the last one). */
export async function writeBenchCsv(file: string, rows: number): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write("code,label,big,amount,latitude,longitude\n");
  for (let i = 0; i < rows; i++) {
    const line = `c${i},label ${i % 1000},${i % 100000},${(i * 0.37).toFixed(2)},${(-60 + (i % 12000) / 100).toFixed(4)},${(-170 + (i % 34000) / 100).toFixed(4)}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}
