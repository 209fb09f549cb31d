// A large CSV is parsed in a worker thread while the append applies the rows already parsed
// (issue 13): on two cores, parsing (as long as csv-parse alone) and applying (conversion, indexes,
// encoding) overlap instead of adding up. The worker runs the same csv-parse with the same options
// (`columns: true`, so errors and their messages are the same) over the stored data's files, and
// posts each run of parsed records as one header and a flat list of values; the main thread rebuilds
// the record objects. At most CREDIT batches are in flight: the worker waits for the append.
// The worker is plain JavaScript evaluated from this string: no loader or build step is needed, in
// the built package or under ts-node.
import { Worker } from "node:worker_threads";
import { storedPaths, type StoredData } from "../../storedData";

/** A CSV at least this large is parsed in a worker (a small one would wait longer for the thread to start). */
export const CSV_WORKER_MIN_BYTES = 4 * 1024 * 1024;
/** Batches posted and not yet taken. */
const CREDIT = 8;
/** A batch is posted at this many values, or when the parser has nothing more buffered. */
const BATCH_VALUES = 8192;

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { Readable } = require("node:stream");
const { parse } = require(workerData.csvParse);
let credit = workerData.credit;
let wake;
parentPort.on("message", () => { credit++; if (wake) { const w = wake; wake = undefined; w(); } });
const bytes = Readable.from((async function* () {
  for (const p of workerData.paths) yield* fs.createReadStream(p, { highWaterMark: workerData.chunkBytes });
})(), { objectMode: false });
(async () => {
  // read() until empty before looking at an error, as formats/batches.ts does: the records parsed
  // before a bad line are delivered first (a stream's async iterator would drop them)
  const parser = bytes.pipe(parse(workerData.options));
  let error;
  let ended = false;
  let ready;
  const notify = () => { if (ready) { const r = ready; ready = undefined; r(); } };
  parser.on("readable", notify);
  parser.once("end", () => { ended = true; notify(); });
  parser.once("error", (e) => { error = e; notify(); });
  let header;
  let values = [];
  const post = async () => {
    while (credit <= 0) await new Promise((r) => (wake = r));
    credit--;
    parentPort.postMessage({ header, values });
    values = [];
  };
  for (;;) {
    let record;
    let any = false;
    while ((record = parser.read()) !== null) {
      any = true;
      if (!header) header = Object.keys(record);
      for (const k of header) values.push(record[k]);
      if (values.length >= workerData.batchValues) await post();
    }
    if (values.length > 0) await post();
    if (any) continue;
    if (error) return parentPort.postMessage({ error: { message: error.message, lines: error.lines } });
    if (ended) return parentPort.postMessage({ end: true });
    await new Promise((r) => (ready = r));
  }
})();
`;

type Message = { header: string[]; values: string[] } | { end: true } | { error: { message: string; lines?: number } };

/** The records of the CSV, parsed in a worker with csv-parse `options` (plus `columns: true`), a batch at a time. */
export async function* csvRecordsInWorker(data: StoredData, options: Record<string, unknown>, chunkBytes: number): AsyncGenerator<Array<Record<string, string>>> {
  const worker = new Worker(WORKER, {
    eval: true,
    execArgv: [],
    workerData: { paths: storedPaths(data), options: { ...options, columns: true }, csvParse: require.resolve("csv-parse"), credit: CREDIT, batchValues: BATCH_VALUES, chunkBytes },
  });
  const queue: Message[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  worker.on("message", (m: Message) => (queue.push(m), notify()));
  worker.on("error", (e) => ((failure = e), notify()));
  worker.on("exit", (code) => ((failure ??= new Error(`the CSV worker stopped (exit code ${code})`)), notify()));
  try {
    for (;;) {
      const m = queue.shift();
      if (!m) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if ("end" in m) return;
      if ("error" in m) throw Object.assign(new Error(m.error.message), { lines: m.error.lines });
      worker.postMessage(0); // one more batch may come
      const { header, values } = m;
      const width = header.length;
      if (width === 0 || values.length === 0) continue;
      const records: Array<Record<string, string>> = [];
      for (let i = 0; i < values.length; i += width) {
        const record: Record<string, string> = {};
        for (let j = 0; j < width; j++) record[header[j]] = values[i + j];
        records.push(record);
      }
      yield records;
    }
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate(); // also after the end: its message port keeps an idle worker alive
  }
}
