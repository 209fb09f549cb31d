// spec.md#append sqlite and GeoPackage sources, read with sql.js. sql.js is an in-memory engine: the
// database file is loaded whole (documented limit); rows are then stepped one at a time.
import { readStoredBuffer, type StoredData } from "../../storedData";
import { wkbToEsri } from "./geometry";
import { geoPackageBlobToEsri } from "./gpkg-blob";
import { datasetOf, SourceError, type SourceDataset, type SourceField, type SourceRow, type SourceTable } from "./source";
import type { SourceSpatialReference } from "../projection";
import type { FieldType } from "../model/types";

interface Statement {
  step(): boolean;
  getAsObject(): Record<string, unknown>;
  free(): void;
}
export interface SqlDatabase {
  exec(sql: string): { columns: string[]; values: unknown[][] }[];
  prepare(sql: string): Statement;
  close(): void;
}
type SqlJs = { Database: new (data: Uint8Array) => SqlDatabase };
let sqlJs: Promise<SqlJs> | undefined;
const loadSqlJs = () => (sqlJs ??= (require("sql.js") as () => Promise<SqlJs>)());

const GEOMETRY_COLUMNS = ["shape", "geometry", "geom", "the_geom", "wkb_geometry"];

export function query(db: SqlDatabase, sql: string): Record<string, unknown>[] {
  const [res] = db.exec(sql);
  return res ? res.values.map((v) => Object.fromEntries(res.columns.map((c, i) => [c, v[i]]))) : [];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function fieldType(declared: string): FieldType | undefined {
  const t = declared.toUpperCase();
  if (/INT/.test(t)) return "esriFieldTypeInteger";
  if (/REAL|FLOA|DOUB|NUMERIC/.test(t)) return "esriFieldTypeDouble";
  if (/CHAR|TEXT|CLOB/.test(t)) return "esriFieldTypeString";
  if (/DATE/.test(t)) return "esriFieldTypeDate";
  if (/BLOB/.test(t)) return "esriFieldTypeBlob";
  return undefined;
}

export async function openDatabase(data: StoredData): Promise<SqlDatabase> {
  const SQL = await loadSqlJs();
  try {
    const db = new SQL.Database(await readStoredBuffer(data));
    db.exec("SELECT count(*) FROM sqlite_master");
    return db;
  } catch (e) {
    throw new SourceError(`the database file cannot be read: ${(e as Error).message}`);
  }
}

/** One table; `geometryColumn` holds WKB, WKT or GeoPackage blobs. */
export function sqlTable(db: SqlDatabase, name: string, geometryColumn: string | undefined, sr: SourceSpatialReference): SourceTable {
  const columns = query(db, `PRAGMA table_info(${quote(name)})`);
  const fields: SourceField[] = columns.filter((c) => c.name !== geometryColumn).map((c) => ({ name: String(c.name), type: fieldType(String(c.type ?? "")) }));
  return {
    name,
    fields,
    spatialReference: sr,
    async *rows(): AsyncIterable<SourceRow> {
      const stmt = db.prepare(`SELECT * FROM ${quote(name)}`);
      try {
        for (let row = 1; stmt.step(); row++) {
          const attributes = stmt.getAsObject();
          const raw = geometryColumn ? attributes[geometryColumn] : undefined;
          if (geometryColumn) delete attributes[geometryColumn];
          try {
            const geometry = raw === null || raw === undefined ? null : raw instanceof Uint8Array && raw[0] === 0x47 && raw[1] === 0x50 ? geoPackageBlobToEsri(raw) : wkbToEsri(raw as Uint8Array | string);
            yield { row, attributes, geometry };
          } catch (e) {
            yield { row, attributes, geometry: null, error: `geometry cannot be read: ${(e as Error).message}` };
          }
        }
      } finally {
        stmt.free();
      }
    },
  };
}

/** A plain sqlite database: every user table; geometry in a column named shape/geometry/geom (WKB or WKT). */
export async function openSqlite(data: StoredData, sr: SourceSpatialReference | undefined): Promise<SourceDataset> {
  const db = await openDatabase(data);
  const names = query(db, "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map((r) => String(r.name));
  const tables = names.map((name) => {
    const cols = query(db, `PRAGMA table_info(${quote(name)})`).map((c) => String(c.name));
    const geometry = cols.find((c) => GEOMETRY_COLUMNS.includes(c.toLowerCase()));
    return sqlTable(db, name, geometry, sr ?? { wkid: 4326 });
  });
  return datasetOf(tables, async () => db.close());
}
