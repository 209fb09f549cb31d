// PortalItem uploads at size (issue 13). The emulator runs in its own process from the built package
// (dist/emulator/cli.js); every upload runs in its own child process (the built provider, no
// ts-node), so each peak RSS is that process's own. Per size (BENCH_UPLOAD_MB, comma list, default
// "256,1024"): the baseline is one raw streamed POST addItem with a Content-Length (node:http and
// an fs stream: the loopback ceiling of this emulator), then the provider's createPortalItem with
// the shipped limits (limits.ts UPLOAD), forced multipart with the shipped part size, multipart
// with docs/dev/spec.md's 5 MiB parts, and arcgis-rest-js sending 5 MiB parts one after another. Every
// stored item's bytes are verified (SHA-256 of its data). Also: bytes read from disk per `up`
// (check in preview, check in update, create), and the job poll schedule's notice latency.
// Run: npm run bench upload   (BENCH_JSON=file writes the raw figures)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pipeline } from "node:stream/promises";
import * as http from "node:http";
import { peakMb, resetPeak, ROOT, startEmulatorProcess, type EmulatorProcess } from "./emulatorProcess";
import { writeRandom } from "./run";
import { summarize, writeRaw, type SummaryLine } from "./summary";
import { UPLOADER_CHILD as CHILD } from "./uploadChild";

const SIZES_MB = (process.env.BENCH_UPLOAD_MB ?? "256,1024").split(",").map(Number).filter((n) => n > 0);
const USER = "dev_publisher";
const MiB = 1024 * 1024;
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));

type Emulator = EmulatorProcess & { token: string };

interface Phase {
  name: string;
  phase: string;
  env?: Record<string, string>;
}

const ALL_PHASES: Phase[] = [
  { name: "raw streamed POST addItem, Content-Length (baseline)", phase: "raw" },
  { name: "provider, shipped limits (limits.ts UPLOAD)", phase: "provider" },
  { name: "provider, multipart forced, shipped part size", phase: "provider", env: { PORTAL_UPLOAD_SINGLE_MAX_BYTES: "0" } },
  { name: "provider, multipart forced, 5 MiB parts", phase: "provider", env: { PORTAL_UPLOAD_SINGLE_MAX_BYTES: "0", PORTAL_UPLOAD_PART_BYTES: String(5 * MiB) } },
  { name: "arcgis-rest-js, sequential 5 MiB parts", phase: "rest-js" },
];
const PHASES: Phase[] = process.env.BENCH_UPLOAD_PHASES ? ALL_PHASES.filter((p) => process.env.BENCH_UPLOAD_PHASES!.split(",").some((w) => p.name.includes(w))) : ALL_PHASES;

/** SHA-256 of the item's stored data, streamed (node:http; one retry if the connection drops). */
async function storedSha256(emu: Emulator, itemId: string, attempt = 1): Promise<string> {
  try {
    const hash = createHash("sha256");
    await new Promise<void>((ok, fail) => {
      http
        .get(`${emu.sharingUrl}/content/items/${itemId}/data?token=${emu.token}`, { agent: false }, (res) => {
          pipeline(res, hash).then(ok, fail);
        })
        .on("error", fail);
    });
    return hash.digest("hex");
  } catch (e) {
    if (attempt > 1) throw e;
    console.error(`  download of ${itemId} failed (${(e as Error).message}); once more`);
    return storedSha256(emu, itemId, attempt + 1);
  }
}

/** Old and new poll schedules: median delay from a job's end to the poll that sees it (jobs ending 0–10 s). */
function noticeLatency(initial: number, factor: number, cap: number, fastMs = 0, interval?: (elapsedMs: number) => number): { median: number; p90: number } {
  const polls: number[] = [0];
  for (let t = 0, d = initial; t < 20_000; ) {
    polls.push((t += interval ? interval(t) : d));
    if (t >= fastMs) d = Math.min(cap, Math.round(d * factor));
  }
  const lat: number[] = [];
  for (let end = 0; end < 10_000; end += 7) lat.push(polls.find((p) => p >= end)! - end);
  lat.sort((a, b) => a - b);
  return { median: lat[Math.floor(lat.length / 2)], p90: lat[Math.floor(lat.length * 0.9)] };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-bench-"));
  const started = await startEmulatorProcess();
  const emu: Emulator = { ...started, token: started.tokens[USER] };
  const rows: Array<Record<string, unknown>> = [];
  try {
    for (const mb of SIZES_MB) {
      const file = path.join(dir, `data-${mb}.bin`);
      const sha = await writeRandom(file, mb);
      const hourAgo = new Date(Date.now() - 3600_000);
      fs.utimesSync(file, hourAgo, hourAgo); // a file written before the run (the hash cache keeps no hash of a file just written)
      let base = 0;
      // phases interleaved, REPEAT rounds; each phase's best round is kept (a shared machine's noise only slows)
      const best = new Map<Phase, Record<string, any>>();
      for (let round = 0; round < REPEAT; round++)
      for (const ph of PHASES) {
        resetPeak(emu.pid);
        const cache = path.join(dir, `hash-cache-${mb}-${round}-${ph.name.length}-${PHASES.indexOf(ph)}`); // each run starts cold: a fresh project
        const r = spawnSync(process.execPath, ["-e", CHILD, ph.phase, file, emu.sharingUrl, emu.token], { cwd: ROOT, env: { ...process.env, PORTAL_HASH_CACHE_DIR: cache, ...ph.env }, encoding: "utf8", maxBuffer: 1 << 24 });
        if (r.status !== 0) throw new Error(`${ph.name}: ${r.stderr}`);
        const out = JSON.parse(r.stdout);
        const stored = await storedSha256(emu, out.itemId).catch((e) => `download failed: ${e.cause?.message ?? e.message}`);
        const verified = stored === sha;
        if (!verified) throw new Error(`${ph.name}: stored bytes differ (${stored}, item ${out.itemId})`);
        const jobs = (await (await fetch(`${emu.controlUrl}/jobs`)).json()) as { jobs: Array<{ id: string; kind: string; runMs: number }> };
        const commitJob = jobs.jobs.find((j) => j.kind === "commit" && j.id === out.itemId);
        const commitSeconds = commitJob ? commitJob.runMs / 1000 : undefined; // the emulator's time inside the commit job
        const readFactor = ph.phase === "provider" ? (out.hashedBytes + mb * MiB) / (mb * MiB) : undefined;
        console.error(`  ${mb} MiB, round ${round + 1}, ${ph.name}: ${out.seconds.toFixed(2)} s${commitSeconds === undefined ? "" : ` (commit ${commitSeconds.toFixed(3)} s)`}, uploader ${out.rssMb} MiB, emulator ${peakMb(emu.pid)} MiB`);
        const prev = best.get(ph);
        if (prev && prev.seconds <= out.seconds) {
          prev.uploaderRssMiB = Math.max(prev.uploaderRssMiB, out.rssMb);
          prev.emulatorPeakRssMiB = Math.max(prev.emulatorPeakRssMiB, peakMb(emu.pid));
          await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
          continue;
        }
        best.set(ph, { sizeMiB: mb, phase: ph.name, seconds: out.seconds, mibPerS: mb / out.seconds, ratio: base / out.seconds, uploadSeconds: out.uploadSeconds, uploadRatio: base / out.uploadSeconds, commitSeconds, uploaderCpuS: out.cpuSeconds, uploaderRssMiB: Math.max(prev?.uploaderRssMiB ?? 0, out.rssMb), emulatorPeakRssMiB: Math.max(prev?.emulatorPeakRssMiB ?? 0, peakMb(emu.pid)), fileReadsPerUp: readFactor, verified });
        await fetch(`${emu.controlUrl}/reset`, { method: "POST" }); // drops the stored items (disk)
      }
      base = best.get(PHASES[0])!.seconds;
      for (const ph of PHASES) {
        const r = best.get(ph)!;
        rows.push({ ...r, ratio: base / r.seconds, uploadRatio: base / r.uploadSeconds });
      }
    }
  } finally {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`upload: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log("| size | phase | s (an up: check ×2 + create) | MiB/s | ratio to raw POST | create alone, s | its ratio | emulator commit, s | uploader CPU s | uploader peak RSS (MiB) | emulator peak RSS (MiB) | file reads per up | bytes verified |");
  console.log("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const r of rows) {
    const f = (n: unknown, d = 2) => (typeof n === "number" ? n.toFixed(d) : "");
    console.log(`| ${r.sizeMiB} MiB | ${r.phase} | ${f(r.seconds)} | ${f(r.mibPerS, 0)} | ${f(r.ratio)} | ${f(r.uploadSeconds)} | ${f(r.uploadRatio)} | ${f(r.commitSeconds, 3)} | ${f(r.uploaderCpuS)} | ${r.uploaderRssMiB} | ${r.emulatorPeakRssMiB} | ${f(r.fileReadsPerUp, 1)} | ${r.verified ? "SHA-256 ok" : "no"} |`);
  }
  const { JOB_POLL } = require("../spec/limits");
  const { pollIntervalMs } = require("../provider/rest/jobs");
  const before = noticeLatency(100, 1.5, 3000);
  const now = noticeLatency(JOB_POLL.initialDelayMs, 1, JOB_POLL.maxDelayMs, 0, (t) => pollIntervalMs(t, 0));
  console.log(`job completed → provider notices (schedule only, jobs ending uniformly in 0–10 s): before 100 ms ×1.5 ≤3 s: median ${before.median} ms, p90 ${before.p90} ms; now ${JOB_POLL.initialDelayMs} ms for ${JOB_POLL.fastPhaseMs} ms, then 2% of the time waited ≤${JOB_POLL.maxDelayMs} ms: median ${now.median} ms, p90 ${now.p90} ms`);
  writeRaw({ rows, jobNotice: { before, now } });
  const lines: SummaryLine[] = [];
  for (const mb of SIZES_MB) {
    const at = (name: string) => rows.find((r) => r.sizeMiB === mb && String(r.phase).startsWith(name)) as Record<string, any> | undefined;
    const raw = at("raw"), shipped = at("provider, shipped"), rest = at("arcgis-rest-js");
    if (!raw || !shipped) continue;
    const rss = { uploader: shipped.uploaderRssMiB, emulator: shipped.emulatorPeakRssMiB };
    const goal = mb === 1024;
    lines.push({ figure: `${mb} MiB PortalItem upload (shipped limits), create alone`, measured: `${shipped.uploadSeconds.toFixed(2)} s`, baseline: `raw streamed POST ${raw.seconds.toFixed(2)} s`, ratio: shipped.uploadRatio, rss, goal: goal ? "≥ 0.8×" : undefined, met: goal ? shipped.uploadRatio >= 0.8 : undefined });
    if (rest) lines.push({ figure: `${mb} MiB: arcgis-rest-js sequential parts ÷ the same upload`, measured: `${shipped.uploadSeconds.toFixed(2)} s`, baseline: `arcgis-rest-js ${rest.seconds.toFixed(2)} s`, ratio: rest.seconds / shipped.uploadSeconds, rss: { uploader: rest.uploaderRssMiB }, goal: goal ? "≥ 2×" : undefined, met: goal ? rest.seconds / shipped.uploadSeconds >= 2 : undefined });
    lines.push({ figure: `${mb} MiB: the first \`up\` of a new file (preview hash + upload)`, measured: `${shipped.seconds.toFixed(2)} s, file read ${shipped.fileReadsPerUp.toFixed(1)}×`, baseline: `raw streamed POST ${raw.seconds.toFixed(2)} s`, ratio: shipped.ratio, goal: "file read once", met: shipped.fileReadsPerUp <= 1.01 });
  }
  lines.push({ figure: "job completion noticed (median, schedule)", measured: `${now.median} ms`, baseline: `old schedule ${before.median} ms`, goal: "≤ 150 ms", met: now.median <= 150 });
  summarize(lines);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
