// A worker thread of a CSV append in pieces (issue 28, parallelCsv.ts starts it): for each piece it
// is given, it parses the piece's bytes with csv-parse and does every row's work that needs no
// store (rows.ts: locate, convert, project, complete an insert), then encodes the row in the layer's
// binary form (rowCodec.ts) with the row file's own names, so the main thread only indexes and
// appends bytes. Each batch is posted as one buffer (transferred, not copied) with the rows' unique
// keys and hashes; at most `credit` batches wait on the main thread, which sends each batch's buffer
// back once applied, to be written again (a million rows would otherwise leave ~130 MiB of dead
// buffers for the main thread's collector to find).
//
// Piece 0 is parsed with the append's options as they are (`columns: true`: the header is its first
// record); a later piece starts at a record boundary (formats/csvSplit.ts) and is parsed with no
// BOM, the record delimiter piece 0's parser discovered (checked by the main thread) and no header:
// each record is checked against the header's width (csv-parse's own check with `columns`) and made
// an object as csv-parse makes it. Anything a piece cannot read as the whole file's parse would
// (an error, another width) is an `anomaly`: the main thread reads on from there in one parse.
import { parentPort, workerData } from "node:worker_threads";
import { parse } from "csv-parse";
import { PARSER_READ_BYTES, readStoredData, type StoredData } from "../../storedData";
import { Readable } from "node:stream";
import { inBatches } from "../formats/batches";
import { plainRecords } from "../formats/csvPlain";
import { locator, valuesLocator } from "../formats/location";
import type { AppendSourceInfo } from "../formats/source";
import { FieldValueError, newGuid } from "../model/fields";
import type { LayerDef } from "../model/layer";
import type { Geometry } from "../model/types";
import { KeyDictionary, RowEncoder } from "../model/rowCodec";
import { BINARY_TAG, keyText } from "../model/rowFile";
import { RowError } from "../model/store";
import { hashKey } from "../model/uniqueIndex";
import { projector, type SourceSpatialReference } from "../projection";
import { dateParser, type TimeReference } from "./dates";
import type { Mapping } from "./mapping";
import { completeInsert, convertRow, convertValues, stampEditor } from "./rows";

export interface PieceSetup {
  data: StoredData;
  /** [index, start, end) of each piece this worker parses, in order. */
  pieces: Array<[number, number, number]>;
  parseOptions: Record<string, unknown>;
  recordDelimiter: string;
  header: string[];
  credit: number;
  batchRows: number;
  def: LayerDef;
  mapping: Mapping;
  info: AppendSourceInfo;
  sourceSR: SourceSpatialReference;
  timeReference?: TimeReference;
  upsert: boolean;
  /** Upsert: an update form is the insert form less `derivedSkip` (append/parallelCsv.ts): none is encoded. */
  updateFromInsert: boolean;
  applyDefaults: boolean;
  username: string;
  /** The row file's names in id order (KeyDictionary.frozen). */
  names: string[];
  /** The store's non-object-id unique fields (RowStore.encodedFields). */
  uniqueFields: string[];
}

/**
 * One batch of prepared rows; row i's insert form is bytes[offsets[3i], offsets[3i+1]), its update
 * form up to offsets[3i+2] (empty where it is the insert form's: `updateFromInsert`).
 */
export interface PreparedBatch {
  count: number;
  /** How many unique fields each row has keys for. */
  uniqueFields: number;
  bytes: Uint8Array;
  offsets: Uint32Array;
  /** Where each insert form's object id goes (RowStore.insertEncoded). */
  oidAt: Uint32Array;
  /** Per row, the hash of the insert form's key of each unique field (`uniqueFields` order; RowStore EncodedRow.hashes). */
  hashes: Uint32Array;
  /** Upsert: the hash of the matched field's key before defaults apply (0: none); the key is in either form. */
  matchHashes: Uint32Array;
  /** Rows refused whatever the store holds: [row index, message without "row N: "]. */
  errors: Array<[number, string]>;
  /** Rows refused only if inserted (a required field with no value). */
  insertErrors: Array<[number, string]>;
  /** Rows whose forms hold objects (not for the binary form): [row index, insert row, update row]. */
  odd: Array<[number, ...unknown[]]>;
}

export type PieceMessage =
  | { piece: number; batch: PreparedBatch }
  | { piece: number; end: true; recordDelimiter?: string[] }
  | { piece: number; anomaly: string }
  /** `source`: the source cannot be read (the CSV reader's error, given a row number by the main thread). */
  | { piece: number; fatal: string; source?: boolean };

export class Piece {
  private batch!: PreparedBatch;
  /** Writes the batch's rows one after another (its buffer is the batch's bytes until `flush`). */
  private readonly encoder: RowEncoder;
  private readonly parseDate: (text: string) => number;
  private readonly project: ReturnType<typeof projector>;
  private locate?: ReturnType<typeof locator>;
  private locateValues?: NonNullable<ReturnType<typeof valuesLocator>>;
  /** Where each mapping plan entry's source value is in a record's values (csv-parse's object takes a repeated name's last). */
  private readonly sourceAt: number[];
  /** Whether a value can be an object: CSV text converts to strings, numbers and null; only a default can be one. */
  private readonly objects: boolean;

  /** `spare`: a buffer the main thread gave back, to hold the next batch's bytes. */
  constructor(private readonly s: PieceSetup, private readonly post: (m: PieceMessage, transfer?: ArrayBuffer[]) => Promise<void>, private readonly spare: () => ArrayBuffer | undefined = () => undefined) {
    this.encoder = new RowEncoder(KeyDictionary.frozen(s.names), 1 << 20);
    this.parseDate = dateParser(s.timeReference);
    this.project = projector(s.sourceSR, s.def.spatialReference);
    this.sourceAt = s.mapping.plan.map((p) => s.header.lastIndexOf(p.source));
    this.objects = s.applyDefaults && s.def.fields.some((f) => f.defaultValue !== null && typeof f.defaultValue === "object");
    this.reset();
  }

  async run([piece, start, end]: [number, number, number]): Promise<void> {
    const s = this.s;
    const options = piece === 0 ? { ...s.parseOptions, columns: true } : { ...s.parseOptions, bom: false, columns: false, record_delimiter: s.recordDelimiter };
    const bytes = await readAll(s.data, start, end);
    const parser = parse(options);
    // a later piece without quotes or "\r" needs no state machine (formats/csvPlain.ts)
    const plain = piece > 0 && s.recordDelimiter === "\n" ? plainRecords(bytes, String(s.parseOptions.delimiter), String(s.parseOptions.quote)) : undefined;
    const records: AsyncIterable<Iterable<Record<string, string> | string[]>> = plain ? oneBatch(plain) : inBatches<Record<string, string> | string[]>(Readable.from(slices(bytes)).pipe(parser));
    try {
      for await (const batch of records) {
        for (const r of batch) {
          const failed = Array.isArray(r) && r.length !== s.header.length ? { anomaly: `a record of ${r.length} fields; the header has ${s.header.length}` } : this.add(r);
          if (failed) {
            await this.flush(piece); // the rows before it come first
            return await this.post({ piece, ...failed });
          }
          if (this.batch.count >= s.batchRows) await this.flush(piece);
        }
      }
    } catch (e) {
      await this.flush(piece);
      return await this.post({ piece, anomaly: (e as Error).message });
    }
    await this.flush(piece);
    const delimiter = (parser as unknown as { options: { record_delimiter: Buffer[] } }).options.record_delimiter; // piece 0: csv-parse's
    await this.post({ piece, end: true, recordDelimiter: piece === 0 ? delimiter.map((d) => d.toString()) : undefined });
  }

  /**
   * Prepares one record into the batch (an object from csv-parse with `columns`, or the header's
   * values in order, read without making the object); returns a failure that ends the piece (the
   * record left out).
   */
  private add(record: Record<string, string> | string[]): { fatal: string; source?: boolean } | undefined {
    const s = this.s, b = this.batch, i = b.count;
    const values = Array.isArray(record) ? record : undefined;
    try {
      if (values) this.locateValues ??= valuesLocator(s.header, s.info)!;
      else this.locate ??= locator(Object.keys(record), s.info);
    } catch (e) {
      return { fatal: (e as Error).message, source: true };
    }
    b.count++;
    const located = values ? this.locateValues!(values) : this.locate!(record as Record<string, string>);
    if (typeof located === "string") return void b.errors.push([i, located]), this.mark(i);
    let converted;
    try {
      converted = this.convert(record, located);
    } catch (e) {
      if (!(e instanceof RowError || e instanceof FieldValueError)) return b.count--, { fatal: (e as Error).message };
      return void b.errors.push([i, e.message]), this.mark(i);
    }
    const { attrs, geometry } = converted;
    const now = Date.now();
    if (s.upsert) {
      b.matchHashes[i] = keyHash(keyText(attrs[s.mapping.matchField!]));
    }
    let update = s.upsert && !s.updateFromInsert ? this.updateForm({ ...attrs }, geometry, now) : undefined;
    let insert: { attributes: typeof attrs; geometry: typeof geometry } | undefined = { attributes: attrs, geometry };
    try {
      completeInsert(s.def, attrs, newGuid(), s.applyDefaults, s.username, now);
    } catch (e) {
      if (!(e instanceof FieldValueError)) return b.count--, { fatal: (e as Error).message };
      b.insertErrors.push([i, e.message]);
      insert = undefined;
      // no insert form to take the update from: the row's values again (a refused insert is rare)
      if (s.upsert && !update) update = this.updateForm(this.convert(record, located).attrs, geometry, now);
    }
    const u = s.uniqueFields.length;
    for (let f = 0; f < u; f++) {
      b.hashes[i * u + f] = insert ? keyHash(keyText(attrs[s.uniqueFields[f]])) : 0;
    }
    if (this.objects && ((insert && !plain(insert.attributes)) || (update && !plain(update.attributes)))) return void b.odd.push([i, insert, update]), this.mark(i);
    const e = this.encoder;
    b.offsets[3 * i] = e.length;
    if (insert) {
      e.add(BINARY_TAG, insert, s.def.objectIdField);
      b.oidAt[i] = e.slotAt;
    }
    b.offsets[3 * i + 1] = e.length;
    if (update) e.add(BINARY_TAG, update);
    b.offsets[3 * i + 2] = e.length;
  }

  /** rows.ts convertRow of a record, from its values where it is given as them. */
  private convert(record: Record<string, string> | string[], located: Geometry | null) {
    const s = this.s;
    if (Array.isArray(record)) return convertValues(s.def, record, this.sourceAt, located, s.mapping, this.project, this.parseDate);
    return convertRow(s.def, { row: 0, attributes: record, geometry: located }, s.mapping, this.project, this.parseDate);
  }

  private updateForm(attributes: Record<string, unknown>, geometry: Geometry | null, now: number) {
    stampEditor(this.s.def, attributes, this.s.username, now, false);
    return { attributes, geometry };
  }

  /** A row with no bytes. */
  private mark(i: number): undefined {
    this.batch.offsets.fill(this.encoder.length, 3 * i, 3 * i + 3);
    return undefined;
  }

  private async flush(piece: number): Promise<void> {
    const b = this.batch;
    if (b.count === 0) return;
    const bytes = this.encoder.take(this.spare());
    b.bytes = bytes;
    b.offsets = b.offsets.slice(0, 3 * b.count);
    this.reset();
    await this.post({ piece, batch: b }, [bytes.buffer, b.offsets.buffer, b.oidAt.buffer, b.hashes.buffer, b.matchHashes.buffer] as ArrayBuffer[]);
  }

  private reset(): void {
    const n = this.s.batchRows, u = this.s.uniqueFields.length;
    this.batch = {
      count: 0,
      uniqueFields: u,
      bytes: new Uint8Array(0),
      offsets: new Uint32Array(3 * n),
      oidAt: new Uint32Array(n),
      hashes: new Uint32Array(n * u),
      matchHashes: new Uint32Array(this.s.upsert ? n : 0),
      errors: [],
      insertErrors: [],
      odd: [],
    };
  }
}

async function readAll(data: StoredData, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of readStoredData(data, { start, end })) chunks.push(c as Buffer);
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** 64 KiB at a time, as the one-parse reader reads (a chunk's records are made at once: storedData.ts PARSER_READ_BYTES). */
function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += PARSER_READ_BYTES) yield bytes.subarray(at, at + PARSER_READ_BYTES);
}

async function* oneBatch<T>(items: Iterable<T>): AsyncGenerator<Iterable<T>> {
  yield items;
}

/** hashKey, never 0 (0 is no key). */
function keyHash(key: string | undefined): number {
  return key === undefined ? 0 : hashKey(key) || 1;
}

function plain(attributes: Record<string, unknown>): boolean {
  for (const k in attributes) {
    const v = attributes[k];
    if (v !== null && typeof v === "object") return false;
  }
  return true;
}

/** The worker's body: every piece it was given, in order, then it waits to be ended. */
function main(): void {
  const port = parentPort!;
  const setup = workerData as PieceSetup;
  let credit = setup.credit;
  let wake: (() => void) | undefined;
  const spares: ArrayBuffer[] = [];
  port.on("message", (m: ArrayBuffer | number) => {
    if (m instanceof ArrayBuffer) spares.push(m);
    credit++;
    wake?.();
    wake = undefined;
  });
  const post = async (m: PieceMessage, transfer?: ArrayBuffer[]) => {
    while (credit <= 0) await new Promise<void>((r) => (wake = r));
    credit--;
    port.postMessage(m, transfer);
  };
  void (async () => {
    try {
      const piece = new Piece(setup, post, () => spares.pop());
      for (const p of setup.pieces) await piece.run(p);
    } catch (e) {
      port.postMessage({ piece: -1, fatal: (e as Error).message });
    }
  })();
}

if (parentPort && (workerData as { csvPieces?: boolean } | undefined)?.csvPieces) main();
