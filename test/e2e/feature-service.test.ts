// FeatureService through the real engine and the packed package: up on an empty organization creates
// the service (2 layers, 8 fields, 1 unique index) and upserts 10,000 rows into it through a LayerAppend
// that names the layer by reference; a preview adding a field and an index shows exactly those lines and
// up applies them with the rows kept; removing a field fails at preview with its value count and passes
// with allowDataLoss, after which the field's values are gone and the others intact.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";

const ROWS = 10_000;
const program = (stationFields: string, indexes: string, allowDataLoss = "[]") => `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const service = new portal.FeatureService("stations", {
  name: new pulumi.Config().get("serviceName") || "CityStations",
  capabilities: "Query,Create,Update,Delete,Editing",
  spatialReference: { wkid: 4326 },
  layers: {
    stations: {
      geometryType: "esriGeometryPoint",
      fields: ${stationFields},
      indexes: ${indexes},
      displayField: "name",
    },
  },
  tables: {
    readings: { fields: [{ name: "station_id", type: "esriFieldTypeString", length: 20 }, { name: "value", type: "esriFieldTypeDouble" }, { name: "taken", type: "esriFieldTypeDate" }] },
  },
  allowDataLoss: ${allowDataLoss},
});
const load = new portal.LayerAppend("stations-load", {
  layerUrl: service.layers["stations"].url,
  file: "data/stations.csv",
  appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } },
  upsert: true,
  upsertMatchingField: "station_id",
});
exports.serviceUrl = service.serviceUrl;
exports.stationsUrl = service.layers["stations"].url;
exports.recordCount = load.recordCount;
`;
const FIELDS = `[
  { name: "station_id", type: "esriFieldTypeString", length: 20, nullable: false },
  { name: "name", type: "esriFieldTypeString", alias: "Name" },
  { name: "kind", type: "esriFieldTypeString", length: 20 },
  { name: "elevation", type: "esriFieldTypeDouble" },
  { name: "opened", type: "esriFieldTypeDate" }
]`;
const UNIQUE = `[{ fields: "station_id", isUnique: true }]`;
const grown = (fields: string) => fields.replace(/\n\]$/, `,\n  { name: "population", type: "esriFieldTypeInteger" }\n]`);

describe("e2e FeatureService: a hosted service as code, then appended into by reference", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  const write = (source: string) => fs.writeFileSync(path.join(project.dir, "index.js"), source);
  const count = async (url: string, where = "1=1") => {
    const q = new URLSearchParams({ where, returnCountOnly: "true", f: "json", token: emu.tokens.dev_admin! });
    return ((await (await fetch(`${url}/query?${q}`)).json()) as { count: number }).count;
  };
  const row = async (url: string, id: string) => {
    const q = new URLSearchParams({ where: `station_id = '${id}'`, outFields: "*", f: "json", token: emu.tokens.dev_admin! });
    return ((await (await fetch(`${url}/query?${q}`)).json()) as { features: Array<{ attributes: Record<string, unknown> }> }).features[0]!.attributes;
  };

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("feature-service", program(FIELDS, UNIQUE));
    fs.mkdirSync(path.join(project.dir, "data"));
    const lines = ["station_id,name,kind,latitude,longitude"];
    for (let i = 0; i < ROWS; i++) lines.push(`S${i},Station ${i},${i % 2 ? "auto" : "manual"},${(45 + (i % 100) / 1000).toFixed(3)},${(-73 - (i % 90) / 1000).toFixed(3)}`);
    fs.writeFileSync(path.join(project.dir, "data", "stations.csv"), lines.join("\n") + "\n");
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:serviceUrl": { value: emu.serviceUrl },
      "portal:token": { value: emu.tokens.dev_publisher, secret: true },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("up creates the service and appends 10,000 rows; a field and an index are added with the rows kept; a field removal is refused, then allowed", async () => {
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.equal(up.outputs.recordCount!.value, ROWS);
    const url = up.outputs.stationsUrl!.value as string;
    assert.equal(url, `${emu.serviceUrl}/CityStations/FeatureServer/0`);
    assert.equal(await count(url), ROWS);

    write(program(grown(FIELDS), `[{ fields: "station_id", isUnique: true }, { fields: "kind" }]`));
    const preview = await stack.preview({ diff: true });
    const out = preview.stdout;
    for (const line of ["~ layer stations", "+ field population (integer)", "+ index on kind"]) assert.ok(out.includes(line), `${line}\n${out}`);
    assert.equal(preview.changeSummary.update, 1, JSON.stringify(preview.changeSummary));
    assert.ok(!preview.changeSummary.replace, JSON.stringify(preview.changeSummary));
    await stack.up();
    assert.equal(await count(url), ROWS, "rows kept");
    const s7 = await row(url, "S7");
    assert.deepEqual([s7.name, s7.kind, s7.population], ["Station 7", "auto", null]);

    write(program(FIELDS.replace(/\n {2}\{ name: "kind".*\n/, "\n"), UNIQUE));
    const refused = await stack.preview().then(() => undefined, (e: Error) => e.message);
    assert.ok(refused, "a preview dropping data fails");
    assert.match(refused!, /layers\.stations\.fields\.kind: this change drops 10,000 values it holds; to allow it, list "layers\.stations\.fields\.kind" in allowDataLoss/);

    write(program(FIELDS.replace(/\n {2}\{ name: "kind".*\n/, "\n"), UNIQUE, `["layers.stations.fields.kind"]`));
    const allowed = await stack.up();
    assert.equal(allowed.summary.result, "succeeded");
    assert.equal(await count(url), ROWS);
    const s8 = await row(url, "S8");
    assert.ok(!("kind" in s8), JSON.stringify(s8));
    assert.deepEqual([s8.station_id, s8.name], ["S8", "Station 8"]);
  });

  it("drift made in the portal shows on refresh; the same program on a second org's stack gives the same schema", async () => {
    const url = (await stack.outputs()).stationsUrl!.value as string;
    const admin = url.replace("/rest/services/", "/rest/admin/services/");
    const body = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher!, addToDefinition: JSON.stringify({ fields: [{ name: "handmade", type: "esriFieldTypeString" }] }) });
    assert.equal(((await (await fetch(`${admin}/addToDefinition`, { method: "POST", body })).json()) as { success: boolean }).success, true);
    const refresh = await stack.refresh();
    assert.match(refresh.stdout, /FeatureService stations updated .*~layers/, refresh.stdout);
    const state = await stack.exportStack();
    const held = state.deployment.resources.find((r: { type: string }) => r.type.endsWith("portal:FeatureService"));
    assert.ok(held.outputs.layers.stations.fields.some((f: { name: string }) => f.name === "handmade"), JSON.stringify(held.outputs.layers));
    const preview = await stack.preview({ diff: true });
    assert.ok(preview.stdout.includes("- field handmade (string): 0 values"), preview.stdout);
    await stack.up();

    const prod = await fixtureStack(project, "prod", {
      "portal:url": { value: emu.portalUrl },
      "portal:serviceUrl": { value: emu.serviceUrl },
      "portal:token": { value: emu.tokens.prod_publisher, secret: true },
      "feature-service:serviceName": { value: "CityStationsProd" },
    });
    const prodUp = await prod.up();
    assert.equal(prodUp.summary.result, "succeeded");
    assert.equal(prodUp.outputs.recordCount!.value, ROWS);
    const schema = async (layerUrl: string, user: string) => {
      const l = (await (await fetch(`${layerUrl}?f=json&token=${emu.tokens[user]}`)).json()) as { fields: Array<Record<string, unknown>>; indexes: Array<Record<string, unknown>>; geometryType: string };
      return { geometryType: l.geometryType, fields: l.fields.map((f) => [f.name, f.type, f.alias, f.length ?? null, f.nullable]), indexes: l.indexes.map((i) => [i.name, i.fields, i.isUnique]) };
    };
    assert.deepEqual(await schema(prodUp.outputs.stationsUrl!.value as string, "prod_publisher"), await schema(url, "dev_publisher"));
  });
});
