// What every source reader gives the append: tables of rows, each row an `{attributes, geometry}`
// with its 1-based row number, read as a stream where the format allows (spec.md#append).
import type { SourceSpatialReference } from "../projection";
import type { Attributes, FieldType, Geometry } from "../model/types";
import type { StoredData } from "../../storedData";

export interface SourceField {
  name: string;
  /** Known when the format declares types (feature collections, sqlite, GeoPackage, services). */
  type?: FieldType;
}

export interface SourceRow {
  row: number;
  attributes: Attributes;
  geometry: Geometry | null;
  /** A row the reader could not turn into a feature (bad coordinates, unknown address). */
  error?: string;
}

/** spec.md#append appendSourceInfo, with the public API's members (spec.md#gap-append-source-info). */
export interface AppendSourceInfo {
  type?: string;
  locationType?: "coordinates" | "none" | "address" | string;
  latitudeFieldName?: string;
  longitudeFieldName?: string;
  /** Rule 6 (hosted): a single address column, or a template such as "{street}, {city}". */
  singleLineAddressFieldName?: string;
  addressTemplate?: string;
  columnDelimiter?: string;
  qualifier?: string;
  sourceSR?: SourceSpatialReference;
  sourceSpatialReference?: SourceSpatialReference;
  dateFieldsTimeReference?: { timeZone?: string; respectsDaylightSaving?: boolean };
}

export interface ReaderOptions {
  appendSourceInfo: AppendSourceInfo;
  /** spec.md#append-geocode: set on a hosted deployment only. */
  geocode?: (address: string) => Geometry | undefined;
  /** A private directory for unpacked sources, removed after the job. */
  workDir: string;
}

export interface SourceTable {
  name: string;
  /** Declared fields; when absent the first row's attribute names are the source fields. */
  fields?: SourceField[];
  /** Where the geometries are; undefined means the format's default, 4326 (spec.md#append-projection). */
  spatialReference?: SourceSpatialReference;
  /** The source's own store, for a feature-service source (spec.md#append-from-service). */
  rows(): AsyncIterable<SourceRow>;
  /** The same rows a batch at a time, where the reader can (a large CSV: no hand-off per row). */
  batches?(): AsyncIterable<SourceRow[]>;
  /** A CSV file, which the append may parse in pieces (append/parallelCsv.ts). */
  csv?: CsvFile;
}

export interface CsvFile {
  data: StoredData;
  /** csv-parse's options, but `columns` (`true` in `rows`). */
  parseOptions: Record<string, unknown>;
  info: AppendSourceInfo;
  /** `batches()` from record `skip` on: one parse from the start, the rows before `skip` left out (but counted). */
  batchesFrom(skip: number): AsyncIterable<SourceRow[]>;
}

/** A table's rows in batches: its own where it has them, else one row per batch. */
export async function* rowBatches(table: SourceTable): AsyncIterable<SourceRow[]> {
  if (table.batches) return yield* table.batches();
  for await (const row of table.rows()) yield [row];
}

export interface SourceDataset {
  /** spec.md#append sourceTableName: a source with several tables refuses `undefined`. */
  table(name: string | undefined): Promise<SourceTable>;
  close(): Promise<void>;
}

/** The whole source cannot be read (corrupt file, unsupported format). */
export class SourceError extends Error {}

/** Table choice shared by the multi-table formats. */
export function pickTable<T extends { name: string }>(tables: T[], name: string | undefined, what = "table"): T {
  if (tables.length === 0) throw new SourceError(`the source holds no ${what}`);
  if (name === undefined) {
    if (tables.length > 1) throw new SourceError(`the source holds ${tables.length} tables (${tables.map((t) => t.name).join(", ")}); sourceTableName is required`);
    return tables[0];
  }
  const t = tables.find((x) => x.name.toLowerCase() === name.toLowerCase());
  if (!t) throw new SourceError(`sourceTableName '${name}' is not in the source (it holds ${tables.map((x) => x.name).join(", ")})`);
  return t;
}

/** A dataset over tables already known. */
export function datasetOf(tables: SourceTable[], close: () => Promise<void> = async () => undefined): SourceDataset {
  return { table: async (name) => pickTable(tables, name), close };
}
