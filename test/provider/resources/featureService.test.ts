// FeatureService at the provider level, against the emulator: create (2 layers, 8 fields, a unique
// index), a field and an index added with the rows kept, a field removal refused at preview with its
// value count then allowed, drift read back on refresh, replace on a new geometry type, delete.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";

const { featureService } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const plan = (r: { inputs?: Record<string, any> }) => (r.inputs?.plannedChanges ?? []) as string[];

const stationFields = [
  { name: "station_id", type: "esriFieldTypeString", length: 20, nullable: false },
  { name: "name", type: "esriFieldTypeString", alias: "Name" },
  { name: "elevation", type: "esriFieldTypeDouble" },
  { name: "opened", type: "esriFieldTypeDate" },
  { name: "kind", type: "esriFieldTypeString", length: 30 },
];
const readingFields = [
  { name: "station_id", type: "esriFieldTypeString", length: 20 },
  { name: "value", type: "esriFieldTypeDouble" },
  { name: "taken", type: "esriFieldTypeDate" },
];
const declared = (stations: object = {}) => ({
  name: "WeatherStations",
  title: "Weather stations",
  tags: ["weather"],
  capabilities: "Query,Create,Update,Delete,Editing",
  spatialReference: { wkid: 4326 },
  layers: { stations: { geometryType: "esriGeometryPoint", fields: stationFields, indexes: [{ fields: "station_id", isUnique: true }], displayField: "name", ...stations } },
  tables: { readings: { fields: readingFields } },
});

describe("provider FeatureService against the emulator", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const post = async (url: string, form: Record<string, unknown>) => {
    const body = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher! });
    for (const [k, v] of Object.entries(form)) body.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
    return (await fetch(url, { method: "POST", body })).json() as Promise<any>;
  };
  const features = async (layerUrl: string) => (await post(`${layerUrl}/query`, { where: "1=1", outFields: "*" })).features.map((f: any) => f.attributes);

  before(async () => {
    emu = await startEmulator({ port: 0, jobDelayMs: 1 });
    await featureService.configure!(configFor(emu, "dev_publisher") as any);
  });
  after(() => emu.close());

  it("creates, changes the schema with rows kept, refuses a data loss until allowed, reads drift, deletes", async () => {
    const c = await featureService.check!({}, declared());
    assert.deepEqual(c.failures ?? [], []);
    assert.deepEqual(plan(c), [
      "+ feature service WeatherStations (Query,Create,Update,Delete,Editing)",
      "+ layer stations (point, 5 fields)",
      "+ unique index on station_id",
      "+ table readings (table, 3 fields)",
    ]);
    // each layer and table carries its name from the preview on (what a LayerAppend's `layer` reads)
    assert.deepEqual([c.inputs!.layers.stations.name, c.inputs!.tables.readings.name], ["stations", "readings"]);
    const made = await featureService.create(c.inputs!);
    const outs = made.outs;
    assert.deepEqual([outs.layers.stations.name, outs.tables.readings.name], ["stations", "readings"]);
    assert.match(made.id, /^[0-9a-f]{32}$/);
    assert.equal(outs.serviceUrl, `${emu.serviceUrl}/WeatherStations/FeatureServer`);
    assert.deepEqual([outs.layers.stations.id, outs.layers.stations.url], [0, `${outs.serviceUrl}/0`]);
    assert.deepEqual([outs.tables.readings.id, outs.tables.readings.url], [1, `${outs.serviceUrl}/1`]);
    const layer = await post(outs.layers.stations.url, {});
    assert.deepEqual(layer.fields.map((f: any) => f.name), ["OBJECTID", "station_id", "name", "elevation", "opened", "kind"]);
    assert.deepEqual(layer.indexes.map((i: any) => [i.fields, i.isUnique]), [["station_id", true]]);
    const item = await post(`${emu.portalUrl}/sharing/rest/content/items/${made.id}`, {});
    assert.deepEqual([item.title, item.tags], ["Weather stations", ["weather"]]);

    // the name is taken now: a second service of that name fails at preview
    const taken = await featureService.check!({}, declared());
    assert.match(taken.failures?.[0]?.reason ?? "", /a service named WeatherStations already exists/);

    const rows = Array.from({ length: 12 }, (_, i) => ({ attributes: { station_id: `S${i}`, name: `Station ${i}`, kind: i % 2 ? "auto" : null }, geometry: { x: i, y: i } }));
    const start = await post(`${outs.layers.stations.url}/append`, { edits: { features: rows } });
    assert.ok(start.statusUrl, JSON.stringify(start));
    for (let i = 0; i < 500 && (await post(start.statusUrl, {})).status !== "Completed"; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal((await features(outs.layers.stations.url)).length, 12);

    // add a field and an index, rename an alias: exactly those lines, rows kept
    const grown = declared({
      fields: [...stationFields.map((f) => (f.name === "name" ? { ...f, alias: "Station name" } : f)), { name: "population", type: "esriFieldTypeInteger" }],
      indexes: [{ fields: "station_id", isUnique: true }, { fields: "kind" }],
    });
    const c2 = await featureService.check!(outs, grown);
    assert.deepEqual(c2.failures ?? [], []);
    assert.deepEqual(plan(c2), ["~ layer stations", "+ field population (integer)", "+ index on kind", '~ field name: alias "Name" → "Station name"']);
    const d2 = await featureService.diff!(made.id, outs, c2.inputs!);
    assert.deepEqual([d2.changes, d2.replaces], [true, []]);
    const up2 = await featureService.update!(made.id, outs, c2.inputs!);
    const after2 = await features(outs.layers.stations.url);
    assert.equal(after2.length, 12);
    assert.deepEqual([after2[3].station_id, after2[3].population, after2[3].kind], ["S3", null, "auto"]);
    const layer2 = await post(outs.layers.stations.url, {});
    assert.equal(layer2.fields.find((f: any) => f.name === "name").alias, "Station name");
    assert.deepEqual(layer2.indexes.map((i: any) => i.fields), ["station_id", "kind"]);
    assert.deepEqual(plan(await featureService.check!(up2.outs!, grown)), [], "applied: nothing left to do");
    // a state whose layers carry no name (written before they did): the same program is no change, a refresh names them
    const unnamed = JSON.parse(JSON.stringify(up2.outs!));
    for (const kind of ["layers", "tables"]) for (const l of Object.values(unnamed[kind]) as any[]) delete l.name;
    const again = await featureService.check!(unnamed, grown);
    assert.deepEqual([plan(again), again.failures ?? []], [[], []]);
    assert.equal((await featureService.diff!(made.id, unnamed, again.inputs!)).changes, false);
    const named = await featureService.read!(made.id, unnamed);
    assert.deepEqual([(named.props as any).layers.stations.name, (named.props as any).tables.readings.name], ["stations", "readings"]);
    assert.equal((await featureService.diff!(made.id, named.props!, again.inputs!)).changes, false);

    // remove a field: refused at preview with the count of values, allowed by allowDataLoss
    const shrunk = declared({ fields: stationFields.filter((f) => f.name !== "kind").map((f) => (f.name === "name" ? { ...f, alias: "Station name" } : f)).concat([{ name: "population", type: "esriFieldTypeInteger" }] as any), indexes: [{ fields: "station_id", isUnique: true }] });
    const refused = await featureService.check!(up2.outs!, shrunk);
    assert.equal(refused.failures?.length, 1);
    assert.equal(refused.failures![0]!.property, "allowDataLoss");
    assert.match(refused.failures![0]!.reason, /^layers\.stations\.fields\.kind: this change drops 6 values it holds; to allow it, list "layers\.stations\.fields\.kind" in allowDataLoss$/);
    assert.ok(plan(refused).includes("- field kind (string): 6 values"), plan(refused).join("\n"));
    const allowed = await featureService.check!(up2.outs!, { ...shrunk, allowDataLoss: ["layers.stations.fields.kind"] });
    assert.deepEqual(allowed.failures ?? [], []);
    const up3 = await featureService.update!(made.id, up2.outs!, allowed.inputs!);
    const after3 = await features(outs.layers.stations.url);
    assert.equal(after3.length, 12);
    assert.ok(!("kind" in after3[1]));
    assert.deepEqual([after3[1].station_id, after3[1].name], ["S1", "Station 1"]);

    // drift: a field added in the portal shows on refresh
    await post(`${outs.serviceUrl.replace("/rest/services/", "/rest/admin/services/")}/0/addToDefinition`, { addToDefinition: { fields: [{ name: "handmade", type: "esriFieldTypeString" }] } });
    const read = await featureService.read!(made.id, up3.outs!);
    const readFields = (read.inputs!.layers as any).stations.fields.map((f: any) => f.name);
    assert.deepEqual(readFields, ["station_id", "name", "elevation", "opened", "population", "handmade"]);
    const back = await featureService.check!(read.props!, { ...shrunk, allowDataLoss: ["layers.stations.fields.kind"] });
    assert.deepEqual(plan(back), ["~ layer stations", "- field handmade (string): 0 values"]);

    // a table removed that holds no rows loses nothing: it passes without allowDataLoss
    const noTable = { ...shrunk, allowDataLoss: ["layers.stations.fields.kind"], tables: {} };
    const c5 = await featureService.check!(up3.outs!, noTable);
    assert.deepEqual(c5.failures ?? [], []);
    assert.deepEqual(plan(c5), ["- table readings (table) and its rows: 0 rows"]);
    const up5 = await featureService.update!(made.id, up3.outs!, c5.inputs!);
    assert.deepEqual((await post(outs.serviceUrl, {})).tables, []);
    assert.deepEqual(up5.outs!.tables, {});

    // a new geometry type replaces the service
    const d4 = await featureService.diff!(made.id, up3.outs!, declared({ geometryType: "esriGeometryPolygon" }));
    assert.deepEqual(d4.replaces, ["layers"]);

    await featureService.delete!(made.id, up3.outs!);
    assert.equal((await post(outs.serviceUrl, {})).error.code, 400);
    await featureService.delete!(made.id, up3.outs!); // gone is done
  });

  it("refuses at preview: an index on a missing field, a duplicate field, a layer without geometry", async () => {
    const bad = await featureService.check!({}, {
      name: "Bad",
      layers: { a: { geometryType: "esriGeometryPoint", fields: [{ name: "x", type: "esriFieldTypeString" }, { name: "X", type: "esriFieldTypeInteger" }], indexes: [{ fields: "missing" }] }, b: { fields: [] } },
    });
    const reasons = (bad.failures ?? []).map((f) => f.reason).join("\n");
    assert.match(reasons, /layers\.a: field X is declared twice/);
    assert.match(reasons, /layers\.a: index missing_idx is on field missing, which the layer does not declare/);
    assert.match(reasons, /layers\.b has no geometryType/);
    const badType = await featureService.check!({}, { name: "Bad", layers: { a: { geometryType: "esriGeometryPoint", fields: [{ name: "x", type: "esriFieldTypeText" }] } } });
    assert.match(badType.failures?.[0]?.property ?? "", /^layers\.a\.fields/);
  });
});
