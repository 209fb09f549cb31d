// Picks the reader of a source format (spec.md#layer-append-metadata list; names as in supportedAppendFormats).
import * as path from "node:path";
import { openCsv } from "./csv";
import { openFeatureCollection } from "./feature-collection";
import { openGeoJson } from "./geojson";
import { SourceError, type ReaderOptions, type SourceDataset } from "./source";
import { APPEND_FORMAT_BY_EXTENSION } from "../../../spec/limits";
import { readStoredBuffer, type StoredData } from "../../storedData";

export const FILE_FORMATS = ["csv", "excel", "geojson", "shapefile", "sqlite", "geopackage", "filegdb", "featurecollection"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The shared extension map (spec/limits.ts) in this module's lower-case names; the emulator also reads .txt as CSV and a .gdb folder as filegdb. */
const BY_EXTENSION: Record<string, FileFormat> = {
  ...Object.fromEntries(Object.entries(APPEND_FORMAT_BY_EXTENSION).map(([ext, f]) => [ext, f.toLowerCase() as FileFormat])),
  ".txt": "csv",
  ".gdb": "filegdb",
};

/** appendUploadFormat (case-insensitive), else the file's extension. */
export function formatOf(appendUploadFormat: string | undefined, fileName: string): FileFormat {
  const given = appendUploadFormat?.toLowerCase();
  if (given) {
    if ((FILE_FORMATS as readonly string[]).includes(given)) return given as FileFormat;
    throw new SourceError(`appendUploadFormat '${appendUploadFormat}' is not a supported append format`);
  }
  const byExt = BY_EXTENSION[path.extname(fileName).toLowerCase()];
  if (!byExt) throw new SourceError(`the format of ${path.basename(fileName)} cannot be told from its name; send appendUploadFormat`);
  return byExt;
}

/**
 * The source's bytes come from its stored data (storedData.ts); `name` is its file name (table names).
 * The Excel, shapefile, SQLite and GeoPackage readers load on first use: their libraries are ~30 MiB
 * of an idle emulator's memory otherwise (issue 13).
 */
export async function openFile(format: FileFormat, data: StoredData, name: string, options: ReaderOptions): Promise<SourceDataset> {
  const info = options.appendSourceInfo;
  switch (format) {
    case "csv":
      return openCsv(data, name, options);
    case "excel":
      return (await import("./excel")).openExcel(data, options);
    case "geojson":
      return openGeoJson(data, name);
    case "shapefile":
      return (await import("./shapefile")).openShapefileZip(data, options.workDir);
    case "sqlite":
      return (await import("./sqlite")).openSqlite(data, info.sourceSR ?? info.sourceSpatialReference);
    case "geopackage":
      return (await import("./geopackage")).openGeoPackage(data);
    case "featurecollection":
      return openFeatureCollection((await readStoredBuffer(data)).toString("utf8"));
    case "filegdb":
      // No maintained file-geodatabase reader exists for Node.js (docs/emulator-features.md).
      throw new SourceError("format filegdb is not supported by this emulator");
  }
}
