// spec.md#append CSV source: streamed with csv-parse (never the whole file in memory). Geometry from
// coordinate columns (default 4326, spec.md#append-projection), none (spec.md#append-csv-no-geometry), or addresses on a hosted deployment (spec.md#append-geocode).
import { PARSER_READ_BYTES, readStoredData, storedSize, type StoredData } from "../../storedData";
import * as path from "node:path";
import { parse } from "csv-parse";
import { datasetOf, type AppendSourceInfo, type ReaderOptions, type SourceDataset, type SourceRow } from "./source";
import { locator } from "./location";
import { inBatches } from "./batches";
import { CSV_WORKER_MIN_BYTES, csvRecordsInWorker } from "./csvWorker";

/** Passed through to the parser's stream: up to 128 records buffered, handed over as one batch. */
const STREAM_OPTIONS = { highWaterMark: 128 } as object;

/** `inWorker`: parse in a worker thread (csvWorker.ts); by default a CSV of CSV_WORKER_MIN_BYTES or more is. */
export function openCsv(data: StoredData, fileName: string, options: ReaderOptions, inWorker = storedSize(data) >= CSV_WORKER_MIN_BYTES): SourceDataset {
  const info: AppendSourceInfo = options.appendSourceInfo;
  const parseOptions = { bom: true, skip_empty_lines: true, delimiter: info.columnDelimiter || ",", quote: info.qualifier || '"' };
  const records = (): AsyncIterable<Array<Record<string, string>>> =>
    inWorker
      ? csvRecordsInWorker(data, parseOptions, PARSER_READ_BYTES)
      : inBatches<Record<string, string>>(readStoredData(data, { chunkBytes: PARSER_READ_BYTES }).pipe(parse({ columns: true, ...parseOptions, ...STREAM_OPTIONS })));
  const table = {
    name: path.basename(fileName).replace(/\.[^.]*$/, ""),
    spatialReference: info.sourceSR ?? info.sourceSpatialReference,
    async *rows(): AsyncIterable<SourceRow> {
      for await (const batch of this.batches()) yield* batch;
    },
    batches: () => batchesFrom(0),
    csv: { data, parseOptions, info, batchesFrom },
  };
  async function* batchesFrom(skip: number): AsyncIterable<SourceRow[]> {
    let locate: ReturnType<typeof locator> | undefined;
    let row = 0;
    try {
      for await (const all of records()) {
        locate ??= locator(Object.keys(all[0]), info, options.geocode);
        const batch = row + all.length <= skip ? [] : row >= skip ? all : all.slice(skip - row);
        row += all.length - batch.length;
        if (batch.length === 0) continue;
        yield batch.map((record) => {
          const located = locate!(record);
          return typeof located === "string" ? { row: ++row, attributes: record, geometry: null, error: located } : { row: ++row, attributes: record, geometry: located };
        });
      }
    } catch (e) {
      const err = e as Error & { lines?: number };
      // A structural error (e.g. a row with too many columns) ends the source: it cannot be resynchronised.
      throw new Error(`row ${row + 1} (line ${err.lines ?? "?"}): ${err.message}`);
    }
  }
  return datasetOf([table]);
}
