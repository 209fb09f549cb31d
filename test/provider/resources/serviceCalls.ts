// Hosted feature services made out of band, as a script of an administrator would (REST createService,
// then one service-level addToDefinition with the layers and tables), for the tests of adopt and export.
// Plain fetch, no provider code.
import type { Emulator } from "./portalCalls";

export interface ServiceSpec {
  name: string;
  capabilities?: string;
  maxRecordCount?: number;
  spatialReference?: { wkid: number };
  /** Layer and table definitions as addToDefinition takes them (`type`, `geometryType`, `fields`, `indexes`, …). */
  layers?: Array<Record<string, unknown>>;
  tables?: Array<Record<string, unknown>>;
  /** Item fields set after (updateItem): title, tags, snippet, description. */
  item?: Record<string, string>;
  /** The owner's folder id the service is created in (content/users/<user>/<folder>/createService). */
  folder?: string;
  /** Shared after (REST share item): `org`, `everyone`, `groups` (ids, comma-separated). */
  share?: Record<string, string>;
}

async function post(url: string, token: string, fields: Record<string, unknown>): Promise<any> {
  const body = new URLSearchParams({ f: "json", token });
  for (const [k, v] of Object.entries(fields)) body.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  const answer: any = await (await fetch(url, { method: "POST", body })).json();
  if (answer?.error) throw new Error(`${url}: ${JSON.stringify(answer.error)}`);
  return answer;
}

/** Creates the service as `user`; its item id and FeatureServer URL. */
export async function makeService(emu: Emulator, user: string, s: ServiceSpec): Promise<{ itemId: string; url: string }> {
  const token = emu.tokens[user]!;
  const { name, capabilities, maxRecordCount, spatialReference } = s;
  const made = await post(`${emu.sharingUrl}/content/users/${user}${s.folder ? `/${s.folder}` : ""}/createService`, token, { outputType: "featureService", createParameters: { name, capabilities, maxRecordCount, spatialReference } });
  const url = String(made.serviceurl).replace(/\/+$/, "");
  const admin = url.replace("/rest/services/", "/rest/admin/services/");
  if (s.layers || s.tables) await post(`${admin}/addToDefinition`, token, { addToDefinition: { layers: s.layers ?? [], tables: s.tables ?? [] } });
  if (s.item) await post(`${emu.sharingUrl}/content/users/${user}/items/${made.itemId}/update`, token, s.item);
  if (s.share) await post(`${emu.sharingUrl}/content/users/${user}/items/${made.itemId}/share`, token, s.share);
  return { itemId: made.itemId, url };
}

/** Three services of differing capabilities: layers, a table, a unique index, a non-default object-id field. */
export const THREE_SERVICES: ServiceSpec[] = [
  {
    name: "WeatherStations",
    capabilities: "Query,Create,Update,Delete,Editing",
    maxRecordCount: 5000,
    spatialReference: { wkid: 4326 },
    item: { title: "Weather stations", tags: "weather,stations", snippet: "Where we measure" },
    layers: [{
      name: "stations", type: "Feature Layer", geometryType: "esriGeometryPoint", objectIdField: "OBJECTID", displayField: "name",
      fields: [
        { name: "OBJECTID", type: "esriFieldTypeOID", alias: "OBJECTID", nullable: false, editable: false },
        { name: "station_id", type: "esriFieldTypeString", alias: "station_id", length: 20, nullable: false, editable: true },
        { name: "name", type: "esriFieldTypeString", alias: "Station name", length: 256, nullable: true, editable: true },
        { name: "elevation", type: "esriFieldTypeDouble", alias: "elevation", nullable: true, editable: true },
      ],
      indexes: [{ name: "station_id_uq", fields: "station_id", isUnique: true, isAscending: true }],
    }],
    tables: [{
      name: "readings", type: "Table", objectIdField: "OBJECTID",
      fields: [
        { name: "OBJECTID", type: "esriFieldTypeOID", alias: "OBJECTID", nullable: false, editable: false },
        { name: "station_id", type: "esriFieldTypeString", alias: "station_id", length: 20, nullable: true, editable: true },
        { name: "taken", type: "esriFieldTypeDate", alias: "Taken at", nullable: true, editable: true },
        { name: "value", type: "esriFieldTypeDouble", alias: "value", nullable: true, editable: true },
      ],
      indexes: [{ name: "readings_station", fields: "station_id", isUnique: false, isAscending: false }],
    }],
  },
  {
    name: "Parcels",
    capabilities: "Query",
    spatialReference: { wkid: 3857 },
    item: { title: "Parcels", description: "<p>Cadastre</p>" },
    layers: [{
      name: "parcels", type: "Feature Layer", geometryType: "esriGeometryPolygon", objectIdField: "FID", globalIdField: "GlobalID",
      fields: [
        { name: "FID", type: "esriFieldTypeOID", alias: "FID", nullable: false, editable: false },
        { name: "GlobalID", type: "esriFieldTypeGlobalID", alias: "GlobalID", nullable: false, editable: false },
        { name: "parcel_no", type: "esriFieldTypeInteger", alias: "Parcel number", nullable: false, editable: true },
        { name: "zone", type: "esriFieldTypeString", alias: "zone", length: 8, nullable: true, editable: true, defaultValue: "R1" },
      ],
      indexes: [{ name: "parcel_no_uq", fields: "parcel_no", isUnique: true, isAscending: true }],
    }],
  },
  {
    name: "Inspections",
    capabilities: "Query,Extract",
    maxRecordCount: 1000,
    tables: [{
      name: "inspections", type: "Table", objectIdField: "OBJECTID",
      fields: [
        { name: "OBJECTID", type: "esriFieldTypeOID", alias: "OBJECTID", nullable: false, editable: false },
        { name: "inspector", type: "esriFieldTypeString", alias: "inspector", length: 64, nullable: true, editable: true },
        { name: "passed", type: "esriFieldTypeSmallInteger", alias: "passed", nullable: true, editable: true, defaultValue: 0 },
      ],
      indexes: [],
    }],
  },
];
