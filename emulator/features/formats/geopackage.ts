// spec.md#append GeoPackage source: tables from gpkg_contents, geometry columns from
// gpkg_geometry_columns, spatial references from gpkg_spatial_ref_sys (EPSG id, else its WKT).
import { datasetOf, SourceError, type SourceDataset } from "./source";
import { openDatabase, query, sqlTable } from "./sqlite";
import type { StoredData } from "../../storedData";
import type { SourceSpatialReference } from "../projection";

export async function openGeoPackage(data: StoredData): Promise<SourceDataset> {
  const db = await openDatabase(data);
  let contents: Record<string, unknown>[];
  try {
    contents = query(db, "SELECT table_name, data_type, srs_id FROM gpkg_contents WHERE data_type IN ('features','attributes') ORDER BY table_name");
  } catch (e) {
    db.close();
    throw new SourceError(`not a GeoPackage (no gpkg_contents table): ${(e as Error).message}`);
  }
  const geometryColumns = new Map(query(db, "SELECT table_name, column_name, srs_id FROM gpkg_geometry_columns").map((r) => [String(r.table_name), r]));
  const srs = new Map(query(db, "SELECT srs_id, organization, organization_coordsys_id, definition FROM gpkg_spatial_ref_sys").map((r) => [Number(r.srs_id), r]));
  const srOf = (id: number): SourceSpatialReference => {
    const s = srs.get(id);
    if (!s) return { wkid: 4326 };
    if (String(s.organization).toUpperCase() === "EPSG") return { wkid: Number(s.organization_coordsys_id) };
    return { wkt: String(s.definition) };
  };
  const tables = contents.map((c) => {
    const name = String(c.table_name);
    const g = geometryColumns.get(name);
    return sqlTable(db, name, g ? String(g.column_name) : undefined, srOf(Number(g?.srs_id ?? c.srs_id ?? 4326)));
  });
  return datasetOf(tables, async () => db.close());
}
