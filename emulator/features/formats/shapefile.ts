// spec.md#append zipped shapefile source: unzipped to the job's directory, each .shp a table read as a
// stream by the shapefile package; the .prj (WKT) gives the spatial reference, 4326 when absent.
import * as fs from "node:fs";
import * as path from "node:path";
import { geojsonToEsri } from "./geometry";
import { datasetOf, SourceError, type SourceDataset, type SourceRow, type SourceTable } from "./source";
import { unzip } from "./unzip";
import type { StoredData } from "../../storedData";

interface ShapefileSource {
  read(): Promise<{ done: boolean; value: { properties?: Record<string, unknown>; geometry?: any } }>;
}
const shapefile = require("shapefile") as { open(shp: string, dbf?: string, options?: { encoding?: string }): Promise<ShapefileSource> };

function sibling(files: string[], base: string, ext: string): string | undefined {
  return files.find((f) => f.toLowerCase() === `${base.toLowerCase()}.${ext}`);
}

export async function openShapefileZip(data: StoredData, workDir: string): Promise<SourceDataset> {
  const dir = path.join(workDir, "shapefile");
  fs.mkdirSync(dir, { recursive: true });
  const files = await unzip(data, dir);
  const shps = files.filter((f) => f.toLowerCase().endsWith(".shp"));
  if (shps.length === 0) throw new SourceError("the zip file holds no shapefile (.shp)");
  const tables: SourceTable[] = shps.map((shp) => {
    const base = shp.slice(0, -4);
    const dbf = sibling(files, base, "dbf");
    const prj = sibling(files, base, "prj");
    const cpg = sibling(files, base, "cpg");
    const encoding = cpg ? fs.readFileSync(path.join(dir, cpg), "utf8").trim() || undefined : undefined;
    return {
      name: path.basename(base),
      spatialReference: prj ? { wkt: fs.readFileSync(path.join(dir, prj), "utf8") } : { wkid: 4326 },
      async *rows(): AsyncIterable<SourceRow> {
        let source: ShapefileSource;
        try {
          source = await shapefile.open(path.join(dir, shp), dbf ? path.join(dir, dbf) : undefined, { encoding: encoding ?? "utf-8" });
        } catch (e) {
          throw new SourceError(`shapefile ${shp} cannot be read: ${(e as Error).message}`);
        }
        for (let row = 1; ; row++) {
          let next;
          try {
            next = await source.read();
          } catch (e) {
            throw new Error(`row ${row}: shapefile ${shp} is corrupt: ${(e as Error).message}`);
          }
          if (next.done) return;
          try {
            yield { row, attributes: { ...(next.value.properties ?? {}) }, geometry: geojsonToEsri(next.value.geometry) };
          } catch (e) {
            yield { row, attributes: {}, geometry: null, error: (e as Error).message };
          }
        }
      },
    };
  });
  return datasetOf(tables);
}
