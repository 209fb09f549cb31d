// arcgis-rest-js feature-service calls against the emulator's feature side: getService, getLayer,
// queryFeatures (GET), getAllLayersAndTables, and request() to append (spec.md#append) with job polling
// (spec.md#append-job-record, spec.md#append-job-states). The emulator has no applyEdits, so addFeatures is not covered.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager, ArcGISRequestError } from "@esri/arcgis-rest-request";
import { getAllLayersAndTables, getLayer, getService, queryFeatures, type IQueryFeaturesResponse } from "@esri/arcgis-rest-feature-service";
import { as, lastSent, wire, rejection, request, sentField, start, stop, until } from "./support";

const stations = (...ids: string[]) => ({
  geometryType: "esriGeometryPoint",
  spatialReference: { wkid: 4326 },
  features: ids.map((id, i) => ({ attributes: { station_id: id, name: `Station ${id}`, count: i }, geometry: { x: 10 + i, y: 50 } })),
});

describe("arcgis-rest-js: feature service and append", () => {
  let emu: RunningEmulator;
  let svc: string;
  before(async () => {
    emu = await start();
    svc = `${emu.serviceUrl}/Stations/FeatureServer`;
  });
  after(async () => stop(emu));

  const append = async (params: Record<string, unknown>) => {
    const started = await request(`${svc}/0/append`, { ...as(emu, "dev_publisher"), params });
    assert.equal(started.status, "processing");
    return until(() => request(started.statusUrl, { ...as(emu, "dev_publisher"), httpMethod: "GET" }), (j) => /^(completed|failed)$/i.test(j.status), "the append job");
  };

  it("2.7: getService and getLayer read the service and the layer's append metadata", async () => {
    const service = await getService({ ...as(emu, "dev_publisher"), url: svc });
    assert.deepEqual(service.layers.map((l) => l.name), ["stations"]);
    const layer = await getLayer({ ...as(emu, "dev_publisher"), url: `${svc}/0` });
    assert.equal(layer.name, "stations");
    assert.equal((layer as { supportsAppend?: boolean }).supportsAppend, true);
    assert.ok(layer.fields?.some((f) => f.name === "station_id"));
  });

  it("the services directory: request() on the root lists the caller's services; each leads to its layers (discovery from the root)", async () => {
    const root = await request(emu.serviceUrl, { ...as(emu, "dev_publisher"), httpMethod: "GET" });
    assert.deepEqual(root.folders, []);
    assert.ok(typeof root.currentVersion === "number");
    const found = root.services.find((s: { name: string; type: string }) => s.name === "Stations");
    assert.deepEqual(found, { name: "Stations", type: "FeatureServer" });
    const all = await getAllLayersAndTables({ ...as(emu, "dev_publisher"), url: `${emu.serviceUrl}/${found.name}/${found.type}` });
    assert.deepEqual(all.layers.map((l) => l.name), ["stations"]);
    const other = await request(emu.serviceUrl, { ...as(emu, "prod_admin"), httpMethod: "GET" });
    assert.ok(Array.isArray(other.services) && !other.services.some((s: { name: string }) => s.name === "Stations"), "another organization's services are not listed");
  });

  it("5: a portal sign-in (ArcGISIdentityManager) reaches the service: rest/info, sharing/rest/info, generateToken with serverUrl", async () => {
    const manager = await ArcGISIdentityManager.signIn({ username: "dev_publisher", password: "dev_publisher-password", portal: emu.sharingUrl });
    const layer = await getLayer({ url: `${svc}/0`, authentication: manager });
    assert.equal(layer.name, "stations");
    assert.ok(wire.some((s) => s.url.pathname === "/arcgis/rest/info"));
    const exchange = lastSent("/generateToken");
    assert.equal(sentField(exchange, "serverUrl"), `${emu.url}/arcgis`);
    assert.equal(sentField(exchange, "token"), manager.token);
    assert.equal(sentField(lastSent("/0"), "token"), manager.token);
  });

  it("conventions: f=pjson on the feature side answers the same JSON, indented", async () => {
    // arcgis-rest-js hands back a Blob for an f it does not parse itself
    const blob = (await request(`${svc}/0`, { ...as(emu, "dev_publisher"), httpMethod: "GET", params: { f: "pjson" as "json" } })) as Blob;
    const text = await blob.text();
    assert.match(text, /\n\s+"name": "stations"/);
  });

  it("getAllLayersAndTables reads {layers, tables} from <service>/layers", async () => {
    const all = await getAllLayersAndTables({ ...as(emu, "dev_publisher"), url: `${svc}/0` });
    assert.deepEqual(all.layers.map((l) => l.name), ["stations"]);
    assert.deepEqual(all.tables, []);
  });

  it("4.1 / 2.8 / 3.3: append of edits (a JSON object) runs a job to Completed; queryFeatures (GET) finds the rows", async () => {
    const job = await append({ edits: stations("A1", "A2"), appendUploadFormat: "featureCollection", upsert: false });
    assert.equal(sentField(lastSent("/0/append"), "upsert"), "false");
    assert.equal(JSON.parse(sentField(lastSent("/0/append"), "edits") ?? "").features.length, 2);
    assert.equal(job.status, "Completed");
    assert.equal(job.recordCount, 2);
    assert.equal(typeof job.submissionTime, "number");
    assert.equal(typeof job.lastUpdatedTime, "number");
    assert.equal(job.layerName, "stations");
    const found = (await queryFeatures({ ...as(emu, "dev_publisher"), url: `${svc}/0`, where: "station_id IN ('A1', 'A2')", orderByFields: "station_id" })) as IQueryFeaturesResponse;
    assert.equal(lastSent("/0/query").method, "GET");
    assert.deepEqual(found.features.map((f) => f.attributes.station_id), ["A1", "A2"]);
    assert.ok(Math.abs((found.features[0].geometry as { x: number }).x - 1113194.9) < 1, "projected from 4326 to the layer's 3857 (rule 5)");
  });

  it("4.1 rule 2: upsert with fieldMappings (objects, JSON) and appendFields (strings, comma-joined by arcgis-rest-js)", async () => {
    await append({ edits: stations("U1"), appendUploadFormat: "featureCollection" });
    const edits = { features: [{ attributes: { code: "U1", label: "Renamed", count: 99 }, geometry: { x: 0, y: 0 } }], geometryType: "esriGeometryPoint" };
    const job = await append({
      edits,
      appendUploadFormat: "featureCollection",
      upsert: true,
      upsertMatchingField: "station_id",
      updateGeometry: false,
      fieldMappings: [{ source: "code", name: "station_id" }, { source: "label", name: "name" }],
      appendFields: ["station_id", "name"],
    });
    assert.equal(sentField(lastSent("/0/append"), "appendFields"), "station_id,name");
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const row = ((await queryFeatures({ ...as(emu, "dev_publisher"), url: `${svc}/0`, where: "station_id = 'U1'" })) as IQueryFeaturesResponse).features;
    assert.equal(row.length, 1);
    assert.equal(row[0].attributes.name, "Renamed");
    assert.equal(row[0].attributes.count, 0, "count is not in appendFields, so it keeps its value");
  });

  it("4.1 rule 1: two sources at once are refused with an ArcGISRequestError envelope", async () => {
    const err = await rejection(request(`${svc}/0/append`, { ...as(emu, "dev_publisher"), params: { edits: stations("X"), appendItemId: "0".repeat(32) } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal((err.response as { error: { code: number } }).error.code, 400);
  });
});
