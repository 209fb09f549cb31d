// LayerAppend and the functions through the real engine and the packed package (spec.md#append, spec.md#generate-url-report,
// 4.8): a CSV upsert kept beside the program; up → a no-change preview → the CSV changes → the
// preview shows a replace → up → the layer holds the new values → refresh changes nothing; destroy
// leaves the rows.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";
import { layerRows } from "../provider/resources/layerAppendCalls";
import { portalPost } from "../provider/resources/portalCalls";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const upsert = new portal.LayerAppend("stations-upsert", {
  serviceName: "Stations",
  layerId: 0,
  file: "data/stations.csv",
  appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } },
  upsert: true,
  upsertMatchingField: "station_id",
});
// a plain append: the program warns that a replace would append its rows twice
new portal.LayerAppend("one-off", { serviceName: "Stations", layerId: 0, edits: { features: [{ attributes: { station_id: "Z9", name: "One-off" } }] } });
exports.recordCount = upsert.recordCount;
exports.jobStatus = upsert.status;
exports.fileSha256 = upsert.fileSha256;
const report = portal.getUrlReportOutput({ urlType: "portalUrl" });
exports.urlReportPortalId = report.portal.portalId;
exports.urlReportItemIds = report.items.apply((items) => items.map((i) => i.itemId));
exports.reassign = portal.canReassignItemsOutput({ owner: "dev_publisher", items: [config.require("mapId"), config.require("serviceId")], targetUsername: "dev_user" }).results;
`;

const csvV1 = "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta,2,45.6,-73.5\n";
const csvV2 = "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta renamed,20,45.6,-73.5\nC3,Gamma,3,45.7,-73.4\n";

describe("e2e LayerAppend and functions through the real engine", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  let mapId: string;
  let serviceId: string;
  const csvPath = () => path.join(project.dir, "data", "stations.csv");
  const stations = async () => (await layerRows(emu, "dev_admin", "Stations")).map((r) => [r.station_id, r.name, r.count]).sort();

  before(async () => {
    emu = await startEmulator({ port: 0 });
    mapId = (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/addItem", { title: "Map", type: "Web Map", text: "{}" })).id;
    serviceId = (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/addItem", { title: "Hosted", type: "Feature Service", url: `${emu.serviceUrl}/H/FeatureServer`, typeKeywords: "Hosted Service" })).id;
    project = createFixtureProject("layer-append", program);
    fs.mkdirSync(path.join(project.dir, "data"));
    fs.writeFileSync(csvPath(), csvV1);
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:serviceUrl": { value: emu.serviceUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
      "layer-append:mapId": { value: mapId },
      "layer-append:serviceId": { value: serviceId },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("4.1/4.7/4.8: up, no-change preview, CSV edit = replace, up updates the rows, destroy leaves them", async () => {
    const first = await stack.preview({ diff: true });
    assert.equal(first.changeSummary.create, 3, JSON.stringify(first.changeSummary));
    assert.match(first.stdout + first.stderr, /LayerAppend one-off: upsert is not set, so a replace .* would append the same rows twice/);
    assert.doesNotMatch(first.stdout + first.stderr, /LayerAppend stations-upsert: upsert/);

    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.equal(up.outputs.recordCount.value, 2);
    assert.equal(up.outputs.jobStatus.value, "Completed");
    assert.deepEqual(await stations(), [["A1", "Alpha", 1], ["B2", "Beta", 2], ["Z9", "One-off", null]]);
    // the functions ran in the program: the URL report (2.10) and the reassignment check (4.8)
    assert.equal(up.outputs.urlReportPortalId.value, emu.portalId);
    assert.ok(Array.isArray(up.outputs.urlReportItemIds.value));
    const reassign = up.outputs.reassign.value as { itemId: string; success: boolean; reason?: string }[];
    assert.deepEqual(reassign.map((r) => [r.itemId, r.success]), [[mapId, true], [serviceId, false]]);
    assert.match(reassign[1].reason!, /type Feature Service, owner dev_publisher, reserved type keywords: .*Hosted Service.*CONT_0291/);

    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 3 }, same.stdout);

    fs.writeFileSync(csvPath(), csvV2);
    const edit = await stack.preview({ diff: true });
    assert.deepEqual(edit.changeSummary, { same: 2, replace: 1 }, edit.stdout);
    assert.match(edit.stdout, /\+-\s*pulumi-nodejs:dynamic\/portal:LayerAppend: \(replace\)|\+-.*stations-upsert/);
    assert.match(edit.stdout, /~ fileSha256/);

    const up2 = await stack.up();
    assert.equal(up2.summary.result, "succeeded");
    assert.equal(up2.outputs.recordCount.value, 3);
    // upsert on station_id: B2 updated in place, C3 inserted, A1 and the one-off row untouched
    assert.deepEqual(await stations(), [["A1", "Alpha", 1], ["B2", "Beta renamed", 20], ["C3", "Gamma", 3], ["Z9", "One-off", null]]);

    // refresh reads the job records again (2.8); the state still matches the program
    const refresh = await stack.refresh();
    assert.equal(refresh.summary.result, "succeeded");
    const afterRefresh = await stack.preview({ diff: true });
    assert.deepEqual(afterRefresh.changeSummary, { same: 3 }, afterRefresh.stdout);

    const destroy = await stack.destroy();
    assert.equal(destroy.summary.result, "succeeded");
    assert.equal((await stations()).length, 4, "destroy removes nothing from the layer");
  });
});
