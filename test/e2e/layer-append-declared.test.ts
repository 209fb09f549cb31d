// LayerAppend given `layer: service.layers["stations"]` through the real CLI and the packed package: an
// upsert whose match field has no unique index in the declared layer fails at preview (and `pulumi up`,
// which previews first, fails before any write: no createService); with the index declared, preview
// says where the rows go before the service exists and up creates the service then appends into it.
// A layer name the service does not declare fails the preview; `layerUrl: service.layers[...].url` of a
// service not created yet is planned (its URL is known at apply). A later schema change of the layer (a
// field added) updates the service and appends nothing again.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, runPulumi, type FixtureProject } from "../support/pulumi";

const ROWS = 200;
const FIELDS = `[
      { name: "station_id", type: "esriFieldTypeString", length: 20, nullable: false },
      { name: "name", type: "esriFieldTypeString" },
      { name: "capacity", type: "esriFieldTypeInteger" }EXTRA
    ]`;
const program = (indexes: string, extraField = "") => `
const portal = require("pulumi-gis-portal");
const service = new portal.FeatureService("stations", {
  name: "BikeStations",
  capabilities: "Query,Create,Update,Delete,Editing",
  spatialReference: { wkid: 4326 },
  layers: {
    stations: {
      geometryType: "esriGeometryPoint",
      fields: ${FIELDS.replace("EXTRA", extraField)},
      indexes: ${indexes},
    },
  },
});
const load = new portal.LayerAppend("stations-load", {
  layer: service.layers["stations"],
  file: "stations.csv",
  appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } },
  upsert: true,
  upsertMatchingField: "station_id",
});
exports.stationsUrl = service.layers["stations"].url;
exports.stationsName = service.layers["stations"].name;
exports.targetLayerUrl = load.targetLayerUrl;
exports.recordCount = load.recordCount;
`;
const UNIQUE = `[{ fields: "station_id", isUnique: true }]`;

describe("e2e LayerAppend into a FeatureService's layer: the declared unique index checked at preview", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  const write = (source: string) => fs.writeFileSync(path.join(project.dir, "index.js"), source);
  /** Every request but a read: GET, and the two reads a preview may POST. */
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET" && !["generateToken", "isServiceNameAvailable"].includes(q.operation ?? "")).map((q) => `${q.method} ${q.path.split("?")[0]}`);
  const count = async (url: string) => {
    const q = new URLSearchParams({ where: "1=1", returnCountOnly: "true", f: "json", token: emu.tokens.dev_admin! });
    return ((await (await fetch(`${url}/query?${q}`)).json()) as { count: number }).count;
  };

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("layer-append-declared", program("[]"));
    const lines = ["station_id,name,capacity,latitude,longitude"];
    for (let i = 0; i < ROWS; i++) lines.push(`B${i},Bikes ${i},${10 + (i % 20)},${(45.4 + (i % 50) / 1000).toFixed(3)},${(-73.6 - (i % 40) / 1000).toFixed(3)}`);
    fs.writeFileSync(path.join(project.dir, "stations.csv"), lines.join("\n") + "\n");
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

  it("without a unique index on the match field, preview fails naming the field and the index to add, and up fails before any write", async () => {
    await clearRequestLog(emu);
    const failed = await stack.preview().then(() => undefined, (e: Error) => e.message);
    assert.ok(failed, "the preview fails");
    assert.match(failed!, /upsertMatchingField.*"station_id" has no unique index in the declared point layer stations \(fields station_id, name, capacity\) of a feature service not created yet/);
    assert.ok(failed!.includes('add indexes: [{ fields: "station_id", isUnique: true }] to that layer in the FeatureService'), failed);
    assert.deepEqual(await writes(), []);

    const up = await runPulumi(project, ["up", "--yes"], { allowFailure: true });
    assert.match(up, /"station_id" has no unique index/, up);
    const log = await requestLog(emu);
    assert.equal(log.filter((q) => q.operation === "createService").length, 0, "no createService");
    assert.deepEqual(await writes(), []);
    assert.equal((await stack.outputs()).stationsUrl, undefined, "nothing was created");

    // a layer name the service does not declare: the output holds nothing, which the preview says
    write(program(UNIQUE).replace('layer: service.layers["stations"]', 'layer: service.layers["station"]'));
    const misnamed = await stack.preview().then(() => undefined, (e: Error) => e.message);
    assert.match(misnamed ?? "", /property layer .*the output given holds no layer: is the name in service\.layers\["<name>"\] \(or tables\) one the FeatureService declares\?/);
  });

  it("with the index declared, preview says where the rows go; up creates the service, then appends into it", async () => {
    // the layer's URL alone (layerUrl) is planned too, though nothing of the layer can be checked then
    write(program(UNIQUE).replace('layer: service.layers["stations"]', 'layerUrl: service.layers["stations"].url'));
    const byUrl = await stack.preview({ diff: true });
    assert.equal(byUrl.changeSummary.create, 3, JSON.stringify(byUrl.changeSummary));
    assert.ok(byUrl.stdout.includes("into the layerUrl another resource gives once it creates the layer"), byUrl.stdout);

    write(program(UNIQUE));
    const preview = await stack.preview({ diff: true });
    assert.equal(preview.changeSummary.create, 3, JSON.stringify(preview.changeSummary)); // the stack, the service, the append
    assert.match(preview.stdout, /"\+ load file \\"stations\.csv\\" .*: upsert matching on station_id"/, preview.stdout);
    assert.ok(preview.stdout.includes('"  into the declared point layer stations (fields station_id, name, capacity) of a feature service not created yet"'), preview.stdout);

    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    const url = up.outputs.stationsUrl!.value as string;
    assert.equal(url, `${emu.serviceUrl}/BikeStations/FeatureServer/0`);
    assert.equal(up.outputs.stationsName!.value, "stations", "each layer output carries its name");
    assert.equal(up.outputs.targetLayerUrl!.value, url);
    assert.equal(up.outputs.recordCount!.value, ROWS);
    assert.equal(await count(url), ROWS);
    const created = (await requestLog(emu)).map((q) => q.operation);
    assert.ok(created.indexOf("createService") < created.indexOf("append"), created.join(" "));
  });

  it("a field added to the layer updates the service and appends nothing again", async () => {
    write(program(UNIQUE, `,\n      { name: "kind", type: "esriFieldTypeString" }`));
    const preview = await stack.preview({ diff: true });
    assert.equal(preview.changeSummary.update, 1, JSON.stringify(preview.changeSummary));
    assert.ok(!preview.changeSummary.replace && !preview.changeSummary.create, JSON.stringify(preview.changeSummary));
    await clearRequestLog(emu);
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.deepEqual((await requestLog(emu)).filter((q) => q.operation === "append" || q.operation === "upload"), []);
    assert.equal(await count(up.outputs.stationsUrl!.value as string), ROWS);
  });
});
