// A large CSV appended in pieces (issue 28): the file is cut at record boundaries (a first pass
// over the bytes, formats/csvSplit.ts), the pieces are parsed, converted and encoded by worker
// threads (csvPieceWorker.ts; piece k by worker k mod W), and the main thread takes them in file
// order (prepared.ts): on two cores, one thread parsing while the other applied (csvWorker.ts) left
// the main thread's per-row work longer than csv-parse alone; here the main thread keeps only what
// needs the store. Row numbers are counted in file order, so every message is today's.
//
// What stays exact: piece 0 is parsed with the append's own options; a later piece's parse starts
// where the whole file's parse would be at a record start, as long as every piece before it parsed
// cleanly (by induction: a boundary inside quotes makes the piece before it end inside quotes, which
// csv-parse refuses). So at the first piece that does not parse cleanly (an error, a record of
// another width, or a record delimiter other than piece 0's), the workers stop and the append reads
// on in one parse from the start, leaving out the rows already applied (CsvFile.batchesFrom): its
// rows and its error are the one-parse reader's own.
//
// Used only where every row's outcome can be decided from the row and the store's unique indexes:
// no source object id or global id (upsert keeps those when free), no match on the object id, no
// other unique field than the match field changed by an update, no ownership check, no geocoding.
// Other appends read the CSV as before (formats/csv.ts).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { parse } from "csv-parse/sync";
import type { AppendCaller, AppendOptions, PieceOptions } from "./options";
import { splitCsv } from "../formats/csvSplit";
import { CSV_WORKER_MIN_BYTES } from "../formats/csvWorker";
import type { CsvFile, SourceRow } from "../formats/source";
import type { FeatureLayer } from "../model/layer";
import type { SourceSpatialReference } from "../projection";
import { readStoredData, storedSize } from "../../storedData";
import type { PieceMessage, PieceSetup, PreparedBatch } from "./csvPieceWorker";
import { planMapping, type Mapping } from "./mapping";

/** A piece's size: small enough that the worker ahead of the main thread holds a whole piece within its credit. */
export const PIECE_BYTES = 1024 * 1024;
/** Rows per posted batch, and batches a worker may have posted and not yet had taken. */
const BATCH_ROWS = 1024;
const CREDIT = 16;

/** The worker's entry: loads csvPieceWorker (compiled, or through ts-node when this runs from source). */
const ENTRY = `const { workerData } = require("node:worker_threads");
if (workerData.tsNode) require(workerData.tsNode).register({ transpileOnly: true });
require(workerData.module);`;

export interface CsvPieces {
  mapping: Mapping;
  /** Upsert: the names (row file ids) an insert form holds and its update form does not, where the update form is not encoded. */
  derivedSkip?: number[];
  /** How many pieces the file was cut into. */
  pieces: number;
  /** Hands every batch to `apply` in file order (its first row's number less one); `rest` reads on in one parse where the pieces stop. */
  run(apply: (batch: PreparedBatch, base: number) => void, rest: (batches: AsyncIterable<SourceRow[]>) => Promise<void>): Promise<void>;
}

/** The pieces of `csv` for appending into `layer`, or undefined where the append reads it in one parse. */
export async function openCsvPieces(layer: FeatureLayer, csv: CsvFile, spatialReference: SourceSpatialReference, caller: AppendCaller, o: AppendOptions, po: PieceOptions = {}): Promise<CsvPieces | undefined> {
  if (!po.anySize && storedSize(csv.data) < CSV_WORKER_MIN_BYTES) return undefined;
  if (csv.info.locationType?.toLowerCase() === "address") return undefined; // geocoding is the main thread's
  const split = await splitCsv(readStoredData(csv.data), String(csv.parseOptions.quote), po.pieceBytes ?? PIECE_BYTES);
  if (split.starts.length < 2) return undefined;
  const header = await headerOf(csv, split.starts[1]);
  const record: Record<string, string> = {};
  for (const h of header ?? []) record[h] = "";
  let mapping: Mapping;
  try {
    mapping = planMapping(layer, Object.keys(record).map((name) => ({ name })), o);
  } catch {
    return undefined; // the one-parse reader fails at the first row, as it always did
  }
  if (!header || !preparable(layer, mapping, caller, o)) return undefined;
  const store = layer.data.store;
  for (const f of layer.def.fields) store.rows.names.idOf(f.name);
  const derived = o.upsert ? derivedSkip(layer, o) : undefined;
  const setup: Omit<PieceSetup, "pieces"> = {
    data: csv.data,
    parseOptions: csv.parseOptions,
    recordDelimiter: split.recordDelimiter!,
    header,
    credit: CREDIT,
    batchRows: BATCH_ROWS,
    def: layer.def,
    mapping,
    info: csv.info,
    sourceSR: spatialReference,
    timeReference: o.timeReference,
    upsert: o.upsert,
    updateFromInsert: derived !== undefined,
    applyDefaults: o.applyDefaults,
    username: caller.username,
    names: store.rows.names.all,
    uniqueFields: store.encodedFields,
  };
  const count = Math.min(split.starts.length, po.workers ?? Math.max(2, Math.min(4, availableParallelism())));
  const bounds = split.starts.map((s, i): [number, number, number] => [i, s, split.starts[i + 1] ?? storedSize(csv.data)]);
  return {
    mapping,
    derivedSkip: derived?.map((name) => store.rows.names.idOf(name)),
    pieces: bounds.length,
    run: (apply, rest) => runPieces(bounds, count, setup, split.recordDelimiter!, csv, apply, rest),
  };
}

/** The header record, parsed with the append's options from the bytes before the second piece. */
async function headerOf(csv: CsvFile, end: number): Promise<string[] | undefined> {
  const chunks: Buffer[] = [];
  for await (const c of readStoredData(csv.data, { end })) chunks.push(c as Buffer);
  try {
    const [first] = parse(Buffer.concat(chunks), { ...csv.parseOptions, to: 1 }) as string[][];
    return first;
  } catch {
    return undefined; // the one-parse reader reports it
  }
}

/** Where every row's outcome is the row's own plus the unique indexes (the header comment). */
function preparable(layer: FeatureLayer, mapping: Mapping, caller: AppendCaller, o: AppendOptions): boolean {
  const def = layer.def;
  const mapped = mapping.plan.map((p) => p.dest.name);
  if (mapped.includes(def.objectIdField) || (def.globalIdField && mapped.includes(def.globalIdField))) return false;
  if (!o.upsert) return true;
  const unique = layer.data.store.encodedFields;
  if (!mapping.matchField || !unique.includes(mapping.matchField)) return false;
  const editor = def.editFieldsInfo ? Object.values(def.editFieldsInfo) : [];
  if ([...mapped, ...editor].some((f) => f !== mapping.matchField && unique.includes(f))) return false;
  const obac = def.ownershipBasedAccessControlForFeatures;
  return caller.bypassesOwnership || !obac || obac.allowOthersToUpdate || !def.editFieldsInfo;
}

/**
 * Where an update form is the insert form less some names: no default can change a value or add a
 * name (rows.ts completeInsert), the editor fields are four names apart from the ids'. The insert
 * form is the mapped values, the global id, creator, creation date, editor, edit date and object
 * id; an update's is the mapped values, editor and edit date (prepared.ts merges it).
 */
function derivedSkip(layer: FeatureLayer, o: AppendOptions): string[] | undefined {
  const def = layer.def;
  if (o.applyDefaults && def.fields.some((f) => f.defaultValue !== undefined && f.defaultValue !== null)) return undefined;
  const info = def.editFieldsInfo;
  const ids = [def.objectIdField, ...(def.globalIdField ? [def.globalIdField] : [])];
  if (!info) return ids;
  const editor = [info.creatorField, info.creationDateField, info.editorField, info.editDateField];
  if (new Set([...editor, ...ids]).size !== editor.length + ids.length) return undefined;
  return [...ids, info.creatorField, info.creationDateField];
}

class PieceWorker {
  readonly worker: Worker;
  private readonly queue: PieceMessage[] = [];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(setup: PieceSetup) {
    const module = require.resolve("./csvPieceWorker");
    const tsNode = module.endsWith(".ts") ? require.resolve("ts-node") : undefined;
    this.worker = new Worker(ENTRY, { eval: true, execArgv: [], workerData: { ...setup, csvPieces: true, module, tsNode } });
    const notify = () => {
      this.wake?.();
      this.wake = undefined;
    };
    this.worker.on("message", (m: PieceMessage) => (this.queue.push(m), notify()));
    this.worker.on("error", (e) => ((this.failure = e), notify()));
    this.worker.on("exit", (code) => ((this.failure ??= new Error(`a CSV piece worker stopped (exit code ${code})`)), notify()));
  }

  /** The next message; one more may be posted once it is taken (a batch: once `applied`). */
  async next(): Promise<PieceMessage> {
    for (;;) {
      const m = this.queue.shift();
      if (m) {
        if (!("batch" in m)) this.worker.postMessage(0);
        return m;
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** A batch taken and applied: its buffer goes back to be written again (nothing here holds a view of it any more). */
  applied(batch: PreparedBatch): void {
    const buffer = batch.bytes.buffer as ArrayBuffer;
    this.worker.postMessage(buffer, [buffer]);
  }

  async end(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate();
  }
}

async function runPieces(bounds: Array<[number, number, number]>, count: number, setup: Omit<PieceSetup, "pieces">, delimiter: string, csv: CsvFile, apply: (batch: PreparedBatch, base: number) => void, rest: (batches: AsyncIterable<SourceRow[]>) => Promise<void>): Promise<void> {
  const workers = Array.from({ length: count }, (_, w) => new PieceWorker({ ...setup, pieces: bounds.filter(([i]) => i % count === w) }));
  let base = 0;
  try {
    for (let k = 0; k < bounds.length; k++) {
      for (;;) {
        const m = await workers[k % count].next();
        if ("fatal" in m) throw new Error(m.source ? `row ${base + 1} (line ?): ${m.fatal}` : m.fatal);
        if (m.piece !== k) throw new Error(`a CSV piece worker sent piece ${m.piece} while piece ${k} was read`);
        if ("batch" in m) {
          apply(m.batch, base);
          workers[k % count].applied(m.batch);
          base += m.batch.count;
          continue;
        }
        const clean = "end" in m && (k > 0 || (m.recordDelimiter?.length === 1 && m.recordDelimiter[0] === delimiter));
        if ("anomaly" in m || !clean) {
          await Promise.all(workers.map((w) => w.end()));
          return await rest(csv.batchesFrom(base));
        }
        break;
      }
    }
  } finally {
    await Promise.all(workers.map((w) => w.end()));
  }
}
