// LayerAppend from each of its four sources through the real engine and the packed package
// (spec.md#append-source, spec.md#append-from-service): literal edits, a local CSV file (upsert),
// a PortalItem of the same stack holding a CSV (appendItemId), and another hosted feature service
// (its Feature Service item, layerMappings and sourceFilter), all into the Stations layer of one
// stack. up → the rows of each source, read over REST → a no-change preview → the CSV changes →
// one replace → up upserts it (one row updated in place, one inserted) → no-change preview.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { defaultFixtures, startEmulator, type RunningEmulator } from "../../emulator";
import { defaultServicesFixture } from "../../emulator/features/model/fixtures";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";
import { layerRows } from "../provider/resources/layerAppendCalls";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const target = { serviceName: "Stations", layerId: 0 };
const csvInfo = { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } };
// 1: literal features
new portal.LayerAppend("from-edits", { ...target, edits: { geometryType: "esriGeometryPoint", spatialReference: { wkid: 4326 }, features: [{ attributes: { station_id: "E1", name: "Edit", count: 1 }, geometry: { x: -73.6, y: 45.5 } }] } });
// 2: a local file, upserted on the unique station_id
const fromFile = new portal.LayerAppend("from-file", { ...target, file: "data/stations.csv", appendSourceInfo: csvInfo, upsert: true, upsertMatchingField: "station_id" });
// 3: a PortalItem of this stack holding a CSV
const item = new portal.PortalItem("item-csv", { type: "CSV", title: "Stations from an item", file: "data/item.csv" });
new portal.LayerAppend("from-item", { ...target, appendItemId: item.id, appendUploadFormat: "csv", appendSourceInfo: csvInfo });
// 4: another hosted feature service: its "sites" layer, renamed, filtered
new portal.LayerAppend("from-service", {
  ...target,
  appendItemId: config.require("sitesItemId"),
  appendUploadFormat: "featureService",
  layerMappings: [{ id: 0, sourceTableName: "sites", fieldMappings: [{ source: "site_code", name: "station_id" }, { source: "label", name: "name" }, { source: "visits", name: "count" }] }],
  sourceFilter: "visits > 1",
});
exports.fileRecords = fromFile.recordCount;
`;

/** Stations plus Sites, a hosted service whose "sites" layer is the fourth source. */
function services(): unknown {
  const base = defaultServicesFixture() as { services: any[] };
  const row = (site_code: string, label: string, visits: number, x: number) => ({ attributes: { site_code, label, visits }, geometry: { x, y: 45.5, spatialReference: { wkid: 4326 } } });
  const fields = [{ name: "OBJECTID", type: "esriFieldTypeOID" }, { name: "site_code", type: "esriFieldTypeString" }, { name: "label", type: "esriFieldTypeString" }, { name: "visits", type: "esriFieldTypeInteger" }];
  const sites = { name: "Sites", owner: "dev_publisher", layers: [{ id: 0, name: "sites", geometryType: "esriGeometryPoint", fields, rows: [row("S1", "North", 1, -73.6), row("S2", "South", 5, -73.5), row("S3", "East", 9, -73.4)] }] };
  return { services: [...base.services, sites] };
}

const csvV1 = "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta,2,45.6,-73.5\n";
const csvV2 = "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta renamed,20,45.6,-73.5\nC3,Gamma,3,45.7,-73.4\n";

describe("e2e LayerAppend from the four sources through the real engine", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  const csvPath = () => path.join(project.dir, "data", "stations.csv");
  const stations = async () => (await layerRows(emu, "dev_admin", "Stations")).map((r) => [r.station_id, r.name, r.count]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  before(async () => {
    emu = await startEmulator({ port: 0, fixtures: { ...defaultFixtures(), services: services() } as any });
    const sitesItemId = ((await (await fetch(`${emu.serviceUrl}/Sites/FeatureServer?f=json&token=${emu.tokens.dev_publisher}`)).json()) as any).serviceItemId;
    assert.match(sitesItemId, /^\w{32}$/);
    project = createFixtureProject("layer-append-sources", program);
    fs.mkdirSync(path.join(project.dir, "data"));
    fs.writeFileSync(csvPath(), csvV1);
    fs.writeFileSync(path.join(project.dir, "data", "item.csv"), "station_id,name,count,latitude,longitude\nI1,From item,7,45.5,-73.6\n");
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:serviceUrl": { value: emu.serviceUrl },
      "portal:token": { value: emu.tokens.dev_publisher, secret: true },
      "layer-append-sources:sitesItemId": { value: sitesItemId },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("up appends each source's rows; a changed CSV is one replace that upserts; previews after each up show no change", async () => {
    const preview = await stack.preview({ diff: true });
    assert.equal(preview.changeSummary.create, 6, JSON.stringify(preview.changeSummary)); // stack + 4 appends + the item
    // the plan line of the service source names the item, the source layer and the filter
    assert.match(preview.stdout, /load hosted feature service item \W{0,2}\w{32}\W{0,2} layer \W{0,2}sites\W{0,2} where \W{0,2}visits > 1\W{0,2} into /); // the CLI cuts the rest of a long line

    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.equal(up.outputs.fileRecords.value, 2);
    assert.deepEqual(await stations(), [
      ["A1", "Alpha", 1], // file
      ["B2", "Beta", 2], // file
      ["E1", "Edit", 1], // edits
      ["I1", "From item", 7], // the PortalItem's CSV
      ["S2", "South", 5], // the Sites service, visits > 1, renamed through layerMappings
      ["S3", "East", 9],
    ]);

    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 6 }, same.stdout);

    fs.writeFileSync(csvPath(), csvV2);
    const edit = await stack.preview({ diff: true });
    assert.deepEqual(edit.changeSummary, { same: 5, replace: 1 }, edit.stdout);
    const up2 = await stack.up();
    assert.equal(up2.summary.result, "succeeded");
    assert.equal(up2.outputs.fileRecords.value, 3);
    const after = await stations();
    assert.equal(after.length, 7, "B2 updated in place, C3 inserted, the other sources' rows untouched");
    assert.deepEqual(after.filter((r) => /^[ABC]\d$/.test(r[0])), [["A1", "Alpha", 1], ["B2", "Beta renamed", 20], ["C3", "Gamma", 3]]);

    const again = await stack.preview({ diff: true });
    assert.deepEqual(again.changeSummary, { same: 6 }, again.stdout);
  });
});
