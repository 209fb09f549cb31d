// Feature-service operations against the emulator (spec.md#layer-append-metadata, spec.md#append-job-record, spec.md#append-job-states, spec.md#append; spec.md#gap-append-upload "Feature
// service append").
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ops from "../../../provider/ops";
import { JobFailedError, PortalError } from "../../../provider/rest/errors";
import { useEmulator } from "./emulator";

describe("ops: layer info, uploads, append (spec.md#append, spec.md#layer-append-metadata, spec.md#append-job-record)", () => {
  const env = useEmulator();
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "ops-features-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  let stations = "";
  before(async () => {
    stations = await ops.layerUrl(env.client("dev_publisher"), "Stations", 0);
  });
  const layer = () => stations;

  it("2.7: getLayerInfo reads supportsAppend, the formats and the unique index", async () => {
    const info = await ops.getLayerInfo(env.client("dev_publisher"), layer());
    assert.equal(info.supportsAppend, true);
    assert.match(String(info.supportedAppendFormats), /csv/);
    assert.ok(info.indexes?.some((i) => i.fields === "station_id" && i.isUnique));
  });

  it("4.1: uploads/upload (streamed) → append with appendUploadId → job Completed with recordCount", async () => {
    const c = env.client("dev_publisher");
    const path = join(dir, "stations.csv");
    writeFileSync(path, "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta,2,45.6,-73.5\n");
    const up = await ops.uploadFile(c, { featureServer: ops.featureServerUrl(layer()), file: { path, contentType: "text/csv" }, description: "stations" });
    assert.equal(up.success, true);
    const start = await ops.append(c, {
      layerUrl: layer(),
      appendUploadId: up.item.itemID,
      appendUploadFormat: "csv",
      appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } },
      upsert: true,
      upsertMatchingField: "station_id",
    });
    assert.equal(start.status, "processing");
    assert.ok(start.jobId);
    const job = await ops.waitForAppendJob(c, layer(), start.jobId, 20_000);
    assert.equal(job.status.toLowerCase(), "completed");
    assert.equal(job.recordCount, 2);
    assert.equal((await ops.getAppendJob(c, layer(), start.jobId)).status, job.status);
  });

  it("4.1: append with literal edits (a feature set) inserts rows", async () => {
    const c = env.client("dev_publisher");
    const edits = { features: [{ attributes: { station_id: "E1", name: "Edit" }, geometry: { x: -73.6, y: 45.5, spatialReference: { wkid: 4326 } } }], geometryType: "esriGeometryPoint", spatialReference: { wkid: 4326 } };
    const start = await ops.append(c, { layerUrl: layer(), edits, fieldMappings: [{ source: "station_id", name: "station_id" }, { source: "name", name: "name" }] });
    const job = await ops.waitForAppendJob(c, layer(), start.jobId, 20_000);
    assert.equal(job.recordCount, 1);
  });

  it("4.1 rule 1: two sources are refused by the layer (the schema refuses them first in check)", async () => {
    await assert.rejects(ops.append(env.client("dev_publisher"), { layerUrl: layer(), edits: "{}", appendUploadId: "x" }), (e: PortalError) => e.code === 400 && e.operation === "append");
  });

  it("3.3: a job that fails is a JobFailedError carrying the job's messages", async () => {
    const c = env.client("dev_publisher");
    const path = join(dir, "broken.csv");
    writeFileSync(path, "station_id,name\n");
    const up = await ops.uploadFile(c, { featureServer: ops.featureServerUrl(layer()), file: { path } });
    const start = await ops.append(c, { layerUrl: layer(), appendUploadId: up.item.itemID, appendUploadFormat: "shapefile" }).catch((e: Error) => e);
    if (start instanceof Error) {
      assert.ok(start instanceof PortalError, "refused at start: a typed error");
      return;
    }
    await assert.rejects(ops.waitForAppendJob(c, layer(), start.jobId, 20_000), (e: JobFailedError) => e instanceof JobFailedError && /append job .* failed: /.test(e.message));
  });
});
