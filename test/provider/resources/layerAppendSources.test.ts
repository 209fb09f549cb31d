// LayerAppend from each of its four sources and with each option of spec.md#append, against the
// emulator, the rows read back through the layer's query: literal edits, a local file, a PortalItem
// holding a CSV (appendItemId), and another hosted feature service (appendItemId of its Feature
// Service item, appendUploadFormat featureService, layerMappings / sourceFilter as
// spec.md#gap-append-params reads them); bad combinations refused at check, with no request.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultFixtures, startEmulator, type RunningEmulator } from "../../../emulator";
import { defaultServicesFixture } from "../../../emulator/features/model/fixtures";
import { resourceProviders } from "../../../provider/resources";
import { PLAN_KEY } from "../../../provider/resources/machinery/plan";
import { UNKNOWN } from "../../../provider/rules/unknown";
import { clearRequestLog, requestLog, beyondConnectionRead } from "./portalCalls";

const p = resourceProviders.layerAppend;
const USER = "dev_publisher";

/** Stations (the target) plus Sites, a hosted service on a relational store with two layers (the source). */
function services(): unknown {
  const base = defaultServicesFixture() as { services: any[] };
  const point = (x: number, y: number) => ({ x, y, spatialReference: { wkid: 4326 } });
  const sites = {
    name: "Sites",
    owner: USER,
    capabilities: "Query",
    layers: [
      {
        id: 0,
        name: "sites",
        geometryType: "esriGeometryPoint",
        fields: [{ name: "OBJECTID", type: "esriFieldTypeOID" }, { name: "site_code", type: "esriFieldTypeString" }, { name: "label", type: "esriFieldTypeString" }, { name: "visits", type: "esriFieldTypeInteger" }],
        rows: [
          { attributes: { site_code: "S1", label: "North", visits: 1 }, geometry: point(-73.6, 45.5) },
          { attributes: { site_code: "S2", label: "South", visits: 5 }, geometry: point(-73.5, 45.4) },
          { attributes: { site_code: "S3", label: "East", visits: 9 }, geometry: point(-73.4, 45.6) },
        ],
      },
      {
        id: 1,
        name: "kiosks",
        geometryType: "esriGeometryPoint",
        fields: [{ name: "OBJECTID", type: "esriFieldTypeOID" }, { name: "station_id", type: "esriFieldTypeString" }, { name: "name", type: "esriFieldTypeString" }, { name: "count", type: "esriFieldTypeInteger" }],
        rows: [
          { attributes: { station_id: "K1", name: "Kiosk one", count: 1 }, geometry: point(-73.6, 45.5) },
          { attributes: { station_id: "K2", name: "Kiosk two", count: 2 }, geometry: point(-73.5, 45.5) },
        ],
      },
    ],
  };
  return { services: [...base.services, sites] };
}

const pt = (x: number, y: number) => ({ x, y });
const feature = (attributes: Record<string, unknown>, geometry?: { x: number; y: number }) => (geometry ? { attributes, geometry } : { attributes });
const edits = (...features: unknown[]) => ({ geometryType: "esriGeometryPoint", spatialReference: { wkid: 4326 }, features });

describe("provider LayerAppend: the four sources and every option (spec.md#append)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  let dir: string;
  let stations: string;
  let sitesItemId: string;

  /** The Stations rows [station_id, name, count] sorted, and the geometry of each by station_id. */
  const query = async () => {
    const q = new URLSearchParams({ where: "1=1", outFields: "*", returnGeometry: "true", f: "json", token: emu.tokens[USER] });
    const json: any = await (await fetch(`${stations}/query?${q}`)).json();
    if (json.error) throw new Error(JSON.stringify(json.error));
    return json.features as { attributes: Record<string, any>; geometry?: { x: number; y: number } }[];
  };
  const rows = async () => (await query()).map((f) => [f.attributes.station_id, f.attributes.name, f.attributes.count]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  /** The row's point, in the layer's Web Mercator (3857), to the centimetre. */
  const at = async (id: string) => {
    const g = (await query()).find((f) => f.attributes.station_id === id)?.geometry;
    return g ? [Number(g.x.toFixed(2)), Number(g.y.toFixed(2))] : undefined;
  };
  /** A 4326 point in 3857 (spherical Mercator), to the centimetre: where the layer keeps it. */
  const merc = (lon: number, lat: number) => {
    const r = 6378137;
    return [Number(((lon * Math.PI) / 180 * r).toFixed(2)), Number((Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * r).toFixed(2))];
  };
  const up = async (news: Record<string, unknown>) => {
    const checked = await p.check!({}, { layerUrl: stations, ...news });
    assert.deepEqual(checked.failures ?? [], []);
    return p.create(checked.inputs);
  };
  /** A1 (Alpha, 1) at (-73.6, 45.5) and B2 (Beta, 2) at (-73.5, 45.6). */
  const seed = () => up({ edits: edits(feature({ station_id: "A1", name: "Alpha", count: 1 }, pt(-73.6, 45.5)), feature({ station_id: "B2", name: "Beta", count: 2 }, pt(-73.5, 45.6))) });

  before(async () => {
    emu = await startEmulator({ port: 0, fixtures: { ...defaultFixtures(), services: services() } as any });
    dir = mkdtempSync(join(tmpdir(), "layer-append-sources-"));
    stations = `${emu.serviceUrl}/Stations/FeatureServer/0`;
  });
  after(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    const config = { "portal:url": emu.portalUrl, "portal:token": emu.tokens[USER], "portal:serviceUrl": emu.serviceUrl } as Record<string, string>;
    await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
    sitesItemId = ((await (await fetch(`${emu.serviceUrl}/Sites/FeatureServer?f=json&token=${emu.tokens[USER]}`)).json()) as any).serviceItemId;
    assert.match(sitesItemId, /^\w{32}$/);
  });

  it("check refuses the combinations the portal would refuse or ignore, naming the path, and sends nothing", async () => {
    await clearRequestLog(emu);
    const item = "b".repeat(32);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ edits: edits(), appendUploadFormat: "featureService" }, "appendUploadFormat", /give it with appendItemId/],
      [{ edits: edits(), layerMappings: [{ id: 0, sourceTableName: "sites" }] }, "layerMappings", /applies only to a hosted feature service source/],
      [{ appendItemId: item, appendUploadFormat: "csv", sourceFilter: "visits > 1" }, "sourceFilter", /applies only to a hosted feature service source/],
      [{ appendItemId: item, appendUploadFormat: "featureService", layerMappings: [{ id: 3, sourceTableName: "sites" }] }, "layerMappings[0].id", /3 is not the target layer \(0\)/],
      [{ appendItemId: item, appendUploadFormat: "featureService", layerMappings: [{ id: 0 }, { id: 0 }] }, "layerMappings[1].id", /mapped twice/],
      [{ appendItemId: item, appendUploadFormat: "featureService", sourceTableName: "a", layerMappings: [{ id: 0, sourceTableName: "b" }] }, "layerMappings[0].sourceTableName", /also set at the top level/],
      [{ appendItemId: item, appendUploadFormat: "featureService", fieldMappings: [{ source: "a", name: "name" }], layerMappings: [{ id: 0, fieldMappings: [{ source: "b", name: "name" }] }] }, "layerMappings[0].fieldMappings", /also set at the top level/],
      [{ appendItemId: item, appendUploadFormat: "featureService", sourceFilter: "x".repeat(4097) }, "sourceFilter", /4096/],
      [{ edits: edits(), skipInserts: true }, "skipInserts", /takes effect only with upsert: true/],
      [{ edits: edits(), updateGeometry: false }, "updateGeometry", /takes effect only with upsert: true/],
      [{ edits: edits(), upsertMatchingField: "station_id" }, "upsertMatchingField", /takes effect only with upsert: true/],
      [{ edits: edits(), upsert: true, skipInserts: true, skipUpdates: true }, "skipUpdates", /would write no row/],
      [{ edits: edits(), upsert: true, useGlobalIds: true, upsertMatchingField: "station_id" }, "upsertMatchingField", /either useGlobalIds or upsertMatchingField/],
    ];
    for (const [news, property, reason] of cases) {
      const r = await p.check!({}, { layerUrl: stations, ...news });
      const f = (r.failures ?? []).find((x) => x.property === property);
      assert.ok(f, `${JSON.stringify(news).slice(0, 120)}: no failure at ${property} in ${JSON.stringify(r.failures)}`);
      assert.match(f!.reason, reason);
    }
    // values not known at preview (another resource's outputs) are not refused on a guess
    const unknowns: Record<string, unknown>[] = [
      { appendItemId: UNKNOWN, appendUploadFormat: "featureService", layerMappings: [{ id: 0, sourceTableName: "sites" }], sourceFilter: "visits > 1" },
      { appendItemId: item, appendUploadFormat: UNKNOWN, layerMappings: [{ id: 0 }] },
      { edits: edits(), upsert: UNKNOWN, skipInserts: true, upsertMatchingField: "station_id" },
      { serviceName: "Stations", layerId: UNKNOWN, appendItemId: item, appendUploadFormat: "featureService", layerMappings: [{ id: 5 }] },
    ];
    for (const news of unknowns) {
      const target = "serviceName" in news ? {} : { layerUrl: stations };
      const r = await p.check!({}, { ...target, ...news });
      assert.deepEqual(r.failures ?? [], [], JSON.stringify(news));
    }
    // the neutral values of the upsert-only options pass without upsert
    const neutral = await p.check!({}, { layerUrl: stations, edits: edits(), skipInserts: false, updateGeometry: true, useGlobalIds: false });
    assert.deepEqual(neutral.failures ?? [], []);
    assert.deepEqual(beyondConnectionRead(await requestLog(emu)), [], "nothing but the preview's connection read");
  });

  it("source 4, spec.md#append-from-service: another hosted service's layer, picked and mapped with layerMappings; the plan names it", async () => {
    const args = { appendItemId: sitesItemId, appendUploadFormat: "featureService", layerMappings: [{ id: 0, sourceTableName: "sites", fieldMappings: [{ source: "site_code", name: "station_id" }, { source: "label", name: "name" }, { source: "visits", name: "count" }] }] };
    const checked = await p.check!({}, { layerUrl: stations, ...args });
    assert.match(checked.inputs[PLAN_KEY][0], new RegExp(`^\\+ load hosted feature service item "${sitesItemId}" layer "sites" into .*Stations/FeatureServer/0: append \\(new rows\\)$`));
    const c = await up(args);
    assert.equal(c.outs.recordCount, 3);
    assert.deepEqual(await rows(), [["S1", "North", 1], ["S2", "South", 5], ["S3", "East", 9]]);
    assert.deepEqual(await at("S2"), merc(-73.5, 45.4), "projected to the layer's 3857");
  });

  it("source 4 with sourceFilter and the source layer by id (sourceTableName \"1\"), same-named fields mapped by name", async () => {
    const c = await up({ appendItemId: sitesItemId, appendUploadFormat: "featureService", sourceTableName: "1", sourceFilter: "count > 1" });
    assert.equal(c.outs.recordCount, 1);
    assert.deepEqual(await rows(), [["K2", "Kiosk two", 2]]);
  });

  it("source 3: a PortalItem of the same stack holding a CSV (appendItemId + csv); source 2: a local GeoJSON file", async () => {
    const csv = join(dir, "stations.csv");
    writeFileSync(csv, "station_id,name,count,latitude,longitude\nC1,From item,7,45.5,-73.6\n");
    const items = resourceProviders.portalItem;
    await items.configure!({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[USER] })[k], require: () => "" } } as any);
    const itemInputs = await items.check!({}, { type: "CSV", title: "Stations CSV", file: csv });
    const item = await items.create(itemInputs.inputs);
    const appendSourceInfo = { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } };
    const fromItem = await up({ appendItemId: item.id, appendUploadFormat: "csv", appendSourceInfo });
    assert.equal(fromItem.outs.recordCount, 1);
    const geojson = join(dir, "more.geojson");
    writeFileSync(geojson, JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { station_id: "G1", name: "From file", count: 8 }, geometry: { type: "Point", coordinates: [-73.45, 45.55] } }] }));
    const fromFile = await up({ file: geojson });
    assert.equal(fromFile.outs.appendUploadFormat, "geojson");
    assert.deepEqual(await rows(), [["C1", "From item", 7], ["G1", "From file", 8]]);
    assert.deepEqual(await at("G1"), merc(-73.45, 45.55));
  });

  it("upsert on upsertMatchingField, with skipInserts, then skipUpdates", async () => {
    await seed();
    const source = edits(feature({ station_id: "A1", name: "Alpha 2", count: 10 }, pt(-73.6, 45.5)), feature({ station_id: "C3", name: "Gamma", count: 3 }, pt(-73.4, 45.7)));
    const noInserts = await up({ edits: source, upsert: true, upsertMatchingField: "station_id", skipInserts: true });
    assert.equal(noInserts.outs.recordCount, 1);
    assert.deepEqual(await rows(), [["A1", "Alpha 2", 10], ["B2", "Beta", 2]], "A1 updated, C3 not inserted");
    const source2 = edits(feature({ station_id: "A1", name: "Alpha 3", count: 11 }), feature({ station_id: "C3", name: "Gamma", count: 3 }, pt(-73.4, 45.7)));
    await up({ edits: source2, upsert: true, upsertMatchingField: "station_id", skipUpdates: true });
    assert.deepEqual(await rows(), [["A1", "Alpha 2", 10], ["B2", "Beta", 2], ["C3", "Gamma", 3]], "A1 kept, C3 inserted");
  });

  it("updateGeometry false keeps the shape of a matched row; appendFields restricts the fields written", async () => {
    await seed();
    await up({ edits: edits(feature({ station_id: "A1", name: "Moved?", count: 5 }, pt(-70, 40))), upsert: true, upsertMatchingField: "station_id", updateGeometry: false });
    assert.deepEqual(await rows(), [["A1", "Moved?", 5], ["B2", "Beta", 2]]);
    assert.deepEqual(await at("A1"), merc(-73.6, 45.5), "attributes only");
    await up({ edits: edits(feature({ station_id: "B2", name: "Not written", count: 20 }, pt(-73.5, 45.6))), upsert: true, upsertMatchingField: "station_id", appendFields: ["station_id", "count"] });
    assert.deepEqual(await rows(), [["A1", "Moved?", 5], ["B2", "Beta", 20]], "name outside appendFields stays");
  });

  it("fieldMappings maps differently named source fields; useGlobalIds upserts on the global id", async () => {
    await up({ edits: edits(feature({ code: "F1", title: "Mapped", n: 4 }, pt(-73.6, 45.5))), fieldMappings: [{ source: "code", name: "station_id" }, { source: "title", name: "name" }, { source: "n", name: "count" }] });
    assert.deepEqual(await rows(), [["F1", "Mapped", 4]]);
    const globalId = (await query())[0].attributes.GlobalID;
    assert.match(globalId, /^\{[0-9A-F-]{36}\}$/i);
    await up({ edits: edits(feature({ GlobalID: globalId, station_id: "F1", name: "By global id", count: 40 })), upsert: true, useGlobalIds: true });
    assert.deepEqual(await rows(), [["F1", "By global id", 40]]);
  });

  it("rollbackOnFailure false keeps the good rows and reports the bad one in jobMessages; truncate empties the layer first", async () => {
    const c = await up({ edits: edits(feature({ station_id: "R1", count: 1 }), feature({ station_id: "R2", count: "many" }), feature({ station_id: "R3", count: 3 })), rollbackOnFailure: false });
    assert.deepEqual(await rows(), [["R1", null, 1], ["R3", null, 3]]);
    assert.equal(c.outs.jobMessages.length, 1);
    assert.match(c.outs.jobMessages[0], /row 2: field 'count': "many" is not an integer/);
    const t = await up({ edits: edits(feature({ station_id: "T1", name: "Only", count: 1 })), truncate: true });
    assert.equal(t.outs.recordCount, 1);
    assert.deepEqual(await rows(), [["T1", "Only", 1]]);
  });
});
