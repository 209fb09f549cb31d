// The one table `npm run bench` ends with (issue 13): each bench adds its headline figures here
// (BENCH_SUMMARY, a JSON-lines file the runner gives every bench), and its raw figures to
// BENCH_JSON when set; scripts/run-bench.js prints the table and, with --json FILE, writes both.
import * as fs from "node:fs";

export interface SummaryLine {
  figure: string;
  measured: string;
  baseline: string;
  /** The figure's ratio to its baseline, as the goal reads it (higher is better unless `goal` says ≤). */
  ratio?: number;
  /** Peak RSS of each process, MiB. */
  rss?: Partial<Record<"uploader" | "emulator" | "pulumi" | "bench", number>>;
  goal?: string;
  met?: boolean;
}

export function summarize(lines: SummaryLine[]): void {
  const file = process.env.BENCH_SUMMARY;
  if (file) fs.appendFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
}

export function writeRaw(figures: unknown): void {
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures, null, 2));
}
