// spec.md#append GeoJSON source: a FeatureCollection in 4326 unless it names another CRS (legacy `crs`
// member); read whole (GeoJSON is one JSON document).
import { readStoredBuffer, type StoredData } from "../../storedData";
import * as path from "node:path";
import { attributeNames } from "./feature-collection";
import { geojsonToEsri } from "./geometry";
import { datasetOf, SourceError, type SourceDataset, type SourceRow } from "./source";

function crsWkid(crs: any): number | undefined {
  const name: unknown = crs?.properties?.name;
  const m = typeof name === "string" ? /EPSG:{1,2}(\d+)$/i.exec(name) : null;
  return m ? Number(m[1]) : undefined;
}

export async function openGeoJson(data: StoredData, fileName: string): Promise<SourceDataset> {
  let json: any;
  try {
    json = JSON.parse((await readStoredBuffer(data)).toString("utf8"));
  } catch (e) {
    throw new SourceError(`the GeoJSON file cannot be read: ${(e as Error).message}`);
  }
  const features: any[] = json?.type === "FeatureCollection" ? json.features : json?.type === "Feature" ? [json] : [];
  if (!Array.isArray(features) || (json?.type !== "FeatureCollection" && json?.type !== "Feature")) throw new SourceError("the GeoJSON file holds no FeatureCollection");
  const wkid = crsWkid(json.crs);
  return datasetOf([
    {
      name: path.basename(fileName).replace(/\.[^.]*$/, ""),
      spatialReference: { wkid: wkid ?? 4326 },
      fields: attributeNames(features, "properties"),
      async *rows(): AsyncIterable<SourceRow> {
        for (let i = 0; i < features.length; i++) {
          const f = features[i];
          try {
            yield { row: i + 1, attributes: { ...(f?.properties ?? {}) }, geometry: geojsonToEsri(f?.geometry) };
          } catch (e) {
            yield { row: i + 1, attributes: {}, geometry: null, error: (e as Error).message };
          }
        }
      },
    },
  ]);
}
