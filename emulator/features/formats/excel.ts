// spec.md#append Excel source (.xlsx): read with exceljs's streaming reader, first row as header.
// Geometry as for CSV (spec.md#append-projection, spec.md#append-geocode, spec.md#append-csv-no-geometry). sourceTableName picks the sheet; the first sheet otherwise.
import * as ExcelJS from "exceljs";
import { locator } from "./location";
import { readStoredData, type StoredData } from "../../storedData";
import { SourceError, type ReaderOptions, type SourceDataset, type SourceRow, type SourceTable } from "./source";

function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v !== "object") return v;
  const o = v as Record<string, any>;
  if (Array.isArray(o.richText)) return o.richText.map((r: { text: string }) => r.text).join("");
  if ("result" in o) return cellValue(o.result);
  if ("text" in o) return o.text;
  if ("error" in o) return null;
  return String(v);
}

export function openExcel(data: StoredData, options: ReaderOptions): SourceDataset {
  return {
    close: async () => undefined,
    async table(name): Promise<SourceTable> {
      const info = options.appendSourceInfo;
      return {
        name: name ?? "first sheet",
        spatialReference: info.sourceSR ?? info.sourceSpatialReference,
        async *rows(): AsyncIterable<SourceRow> {
          const reader = new ExcelJS.stream.xlsx.WorkbookReader(readStoredData(data), { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache" }) // styles tell date cells from numbers;
          let found = false;
          try {
            for await (const sheet of reader as AsyncIterable<any>) {
              if (found || (name !== undefined && String(sheet.name).toLowerCase() !== name.toLowerCase())) {
                for await (const _row of sheet as AsyncIterable<unknown>) void _row; // the stream must be drained to reach the next sheet
                continue;
              }
              found = true;
              let header: string[] | undefined;
              let locate: ReturnType<typeof locator> | undefined;
              let n = 0;
              for await (const row of sheet as AsyncIterable<{ values: unknown[] }>) {
                const values = row.values.slice(1).map(cellValue);
                if (!header) {
                  header = values.map((v) => String(v ?? "").trim());
                  locate = locator(header.filter(Boolean), info, options.geocode);
                  continue;
                }
                const attributes: Record<string, unknown> = {};
                header.forEach((h, i) => h && (attributes[h] = values[i] ?? null));
                const located = locate!(attributes);
                n++;
                yield typeof located === "string" ? { row: n, attributes, geometry: null, error: located } : { row: n, attributes, geometry: located };
              }
            }
          } catch (e) {
            if (e instanceof SourceError) throw e;
            throw new SourceError(`the Excel file cannot be read: ${(e as Error).message}`);
          }
          if (!found) throw new SourceError(name === undefined ? "the Excel file holds no sheet" : `sheet '${name}' is not in the Excel file`);
        },
      };
    },
  };
}
