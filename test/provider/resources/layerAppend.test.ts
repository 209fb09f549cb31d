// LayerAppend ResourceProvider methods against the emulator (spec.md#layer-append-metadata, spec.md#append-job-record, spec.md#append-job-states, spec.md#append).
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultFixtures, startEmulator, type RunningEmulator } from "../../../emulator";
import { defaultServicesFixture } from "../../../emulator/features/model/fixtures";
import { resourceProviders } from "../../../provider/resources";
import { firstJob, layerRows, setJobMode, stepJob } from "./layerAppendCalls";
import { clearRequestLog, requestLog, beyondConnectionRead } from "./portalCalls";

const p = resourceProviders.layerAppend;

/** The default Stations service plus a layer that does not support append (spec.md#layer-append-metadata). */
function services(): unknown {
  const base = defaultServicesFixture() as { services: any[] };
  const frozen = { name: "Frozen", owner: "dev_publisher", capabilities: "Query", layers: [{ id: 0, name: "frozen", geometryType: "esriGeometryPoint", supportsAppend: false, fields: [{ name: "code", type: "esriFieldTypeString" }] }] };
  return { services: [...base.services, frozen] };
}

const csvSourceInfo = { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } };

describe("provider LayerAppend against the emulator", () => {
  let emu: RunningEmulator;
  let dir: string;
  let stations: string;
  const csv = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const rows = () => layerRows(emu, "dev_publisher", "Stations");
  /** check then create, as the engine does. */
  const up = async (news: Record<string, unknown>) => {
    const checked = await p.check!({}, news);
    assert.deepEqual(checked.failures ?? [], []);
    return p.create(checked.inputs);
  };

  before(async () => {
    emu = await startEmulator({ port: 0, fixtures: { ...defaultFixtures(), services: services() } as any });
    dir = mkdtempSync(join(tmpdir(), "layer-append-"));
    stations = `${emu.serviceUrl}/Stations/FeatureServer/0`;
  });
  after(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    const config = { "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher, "portal:serviceUrl": emu.serviceUrl } as Record<string, string>;
    await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
  });

  it("4.1 rule 1: check lists no source, two sources, no target and a missing file, without a request", async () => {
    await clearRequestLog(emu);
    const none = await p.check!({}, { layerUrl: stations });
    assert.deepEqual(none.failures?.map((f) => f.property), ["edits"]);
    assert.match(none.failures![0].reason, /exactly one of edits, file, appendItemId/);
    const two = await p.check!({}, { layerUrl: stations, edits: { features: [] }, appendItemId: "a".repeat(32) });
    assert.match(JSON.stringify(two.failures), /edits and appendItemId are both set/);
    const noTarget = await p.check!({}, { edits: { features: [] } });
    assert.deepEqual(noTarget.failures?.map((f) => f.property), ["serviceName", "layerId"]);
    const missing = await p.check!({}, { layerUrl: stations, file: join(dir, "nope.csv") });
    assert.deepEqual(missing.failures?.map((f) => f.property), ["file"]);
    assert.match(missing.failures![0].reason, /no such file: .*nope\.csv/);
    const txt = await p.check!({}, { layerUrl: stations, file: csv("notes.txt", "x") });
    assert.match(JSON.stringify(txt.failures), /appendUploadFormat.*cannot tell the format/);
    const item = await p.check!({}, { layerUrl: stations, appendItemId: "a".repeat(32) });
    assert.deepEqual(item.failures?.map((f) => f.property), ["appendUploadFormat"]);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("4.1: check puts the file's SHA-256, size and inferred format into the inputs; a changed file is a replace, a moved one is not", async () => {
    const path = csv("a.csv", "station_id,name\nA1,Alpha\n");
    const first = await p.check!({}, { layerUrl: stations, file: path, upsert: true, upsertMatchingField: "station_id" });
    assert.equal(first.inputs.fileSize, 25);
    assert.equal(first.inputs.fileSha256, require("node:crypto").createHash("sha256").update("station_id,name\nA1,Alpha\n").digest("hex"));
    assert.equal(first.inputs.appendUploadFormat, "csv");
    writeFileSync(path, "station_id,name\nA1,Alpha 2\n");
    const changed = await p.check!({}, { layerUrl: stations, file: path, upsert: true, upsertMatchingField: "station_id" });
    assert.deepEqual(await p.diff!("x", first.inputs, changed.inputs), { changes: true, replaces: ["fileSha256", "fileSize"] });
    const moved = await p.check!({}, { layerUrl: stations, file: csv("b.csv", "station_id,name\nA1,Alpha 2\n"), upsert: true, upsertMatchingField: "station_id" });
    assert.deepEqual(await p.diff!("x", changed.inputs, moved.inputs), { changes: false, replaces: [] });
  });

  it("design: a new layer is a replace; only timeoutSeconds changes in place", async () => {
    const olds = { layerUrl: stations, edits: { features: [] }, timeoutSeconds: 60 };
    assert.deepEqual(await p.diff!("x", olds, { ...olds, layerUrl: `${emu.serviceUrl}/Frozen/FeatureServer/0` }), { changes: true, replaces: ["layerUrl"] });
    assert.deepEqual(await p.diff!("x", olds, { ...olds, timeoutSeconds: 120 }), { changes: true, replaces: [] });
    const updated = await p.update!("x", { ...olds, jobId: "j1" }, { ...olds, timeoutSeconds: 120 });
    assert.deepEqual(updated.outs, { ...olds, jobId: "j1", timeoutSeconds: 120 });
  });

  it("4.1/2.8: create from literal edits appends the feature; id is <layer url>#<job id>; outputs hold the job record", async () => {
    const edits = { geometryType: "esriGeometryPoint", spatialReference: { wkid: 4326 }, features: [{ attributes: { station_id: "E1", name: "Edit" }, geometry: { x: -73.6, y: 45.5 } }] };
    const c = await up({ serviceName: "Stations", layerId: 0, edits });
    assert.equal(c.id, `${stations}#${c.outs.jobId}`);
    assert.equal(c.outs.status, "Completed");
    assert.equal(c.outs.recordCount, 1);
    assert.equal(c.outs.layerName, "stations");
    assert.equal(c.outs.targetLayerUrl, stations);
    assert.equal(typeof c.outs.submissionTime, "number");
    assert.deepEqual(c.outs.edits, edits);
    assert.deepEqual((await rows()).map((r) => [r.station_id, r.name]), [["E1", "Edit"]]);
  });

  it("4.1: create from a CSV file uploads it (uploads/upload), appends it with appendUploadId, and the rows land", async () => {
    await clearRequestLog(emu);
    const path = csv("stations.csv", "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta,2,45.6,-73.5\n");
    const c = await up({ layerUrl: stations, file: path, appendSourceInfo: csvSourceInfo });
    assert.equal(c.outs.recordCount, 2);
    assert.match(c.outs.appendUploadId, /\w+/);
    const paths = (await requestLog(emu)).map((r) => `${r.method} ${r.path.replace(/\?.*/, "")}`);
    const upload = paths.findIndex((x) => x === "POST /arcgis/rest/services/Stations/FeatureServer/uploads/upload");
    const append = paths.findIndex((x) => x === "POST /arcgis/rest/services/Stations/FeatureServer/0/append");
    assert.ok(upload >= 0 && append > upload, paths.join("\n"));
    assert.deepEqual((await rows()).map((r) => [r.station_id, r.name, r.count]).sort(), [["A1", "Alpha", 1], ["B2", "Beta", 2]]);
  });

  it("4.1 rule 2: an upsert on the unique station_id run twice updates the rows; the count stays", async () => {
    const args = { layerUrl: stations, appendSourceInfo: csvSourceInfo, upsert: true, upsertMatchingField: "station_id" };
    await up({ ...args, file: csv("v1.csv", "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta,2,45.6,-73.5\n") });
    assert.equal((await rows()).length, 2);
    const second = await up({ ...args, file: csv("v2.csv", "station_id,name,count,latitude,longitude\nA1,Alpha,10,45.5,-73.6\nB2,Beta renamed,20,45.6,-73.5\n") });
    assert.equal(second.outs.recordCount, 2);
    const after = await rows();
    assert.equal(after.length, 2, "updated in place, nothing inserted");
    assert.deepEqual(after.map((r) => [r.station_id, r.name, r.count]).sort(), [["A1", "Alpha", 10], ["B2", "Beta renamed", 20]]);
  });

  it("3.3: a Failed job is an error carrying the job's message, and nothing is kept (rollback)", async () => {
    const path = csv("bad.csv", "station_id,name,count\nA1,Alpha,1\nB2,Beta,not-a-number\n");
    await assert.rejects(up({ layerUrl: stations, file: path }), (e: Error) => {
      assert.match(e.message, /^LayerAppend: append job \S+ on layer .*Stations\/FeatureServer\/0 ended Failed: row 2: field 'count': "not-a-number" is not an integer[^;]*\(with rollbackOnFailure/);
      assert.match(e.message, /nothing of this append was kept/);
      assert.doesNotMatch(e.message, new RegExp(emu.tokens.dev_publisher));
      return true;
    });
    assert.deepEqual(await rows(), []);
  });

  it("2.7: a layer without append support fails clearly before any upload or append request", async () => {
    await clearRequestLog(emu);
    const path = csv("frozen.csv", "code\na\n");
    await assert.rejects(up({ serviceName: "Frozen", layerId: 0, file: path }), /LayerAppend: layer .*Frozen\/FeatureServer\/0 \(frozen\) refuses this append, so no append request was sent: the layer does not support append \(supportsAppend is false\)/);
    const sent = (await requestLog(emu)).map((r) => `${r.method} ${r.path.replace(/\?.*/, "")}`);
    assert.deepEqual(sent.filter((x) => /Frozen/.test(x)), ["GET /arcgis/rest/services/Frozen/FeatureServer/0"]);
  });

  it("2.7: an upsertMatchingField without a unique index fails before the append, naming the fields that can be matched", async () => {
    await clearRequestLog(emu);
    const edits = { features: [{ attributes: { station_id: "E1", name: "Edit" } }] };
    await assert.rejects(up({ layerUrl: stations, edits, upsert: true, upsertMatchingField: "name" }), /upsertMatchingField "name" has no unique index.*Fields that can be matched: station_id, OBJECTID, GlobalID/);
    assert.ok(!(await requestLog(emu)).some((r) => r.path.includes("/append")));
  });

  it("3.3: create polls the job through Pending and InProgress to Completed (manual stepping)", async () => {
    await setJobMode(emu, "append", "manual");
    try {
      const created = up({ layerUrl: stations, edits: { features: [{ attributes: { station_id: "M1", name: "Manual" } }] } });
      const job = await firstJob(emu, "append");
      const record = async () => (await (await fetch(`${stations}/append/jobs/${job.id}?f=json&token=${emu.tokens.dev_publisher}`)).json()) as any;
      assert.equal((await record()).status, "Pending");
      await stepJob(emu, job.id);
      assert.equal((await record()).status, "InProgress");
      assert.deepEqual(await rows(), [], "nothing written before the last step");
      await stepJob(emu, job.id);
      const c = await created;
      assert.equal(c.outs.jobId, job.id);
      assert.equal(c.outs.status, "Completed");
      assert.deepEqual((await rows()).map((r) => r.station_id), ["M1"]);
    } finally {
      await setJobMode(emu, "append", "auto");
    }
  });

  it("spec.md#design-timeouts: the poll deadline says what it waited for and the last status", async () => {
    await setJobMode(emu, "append", "manual");
    try {
      await assert.rejects(up({ layerUrl: stations, edits: { features: [{ attributes: { station_id: "T1" } }] }, timeoutSeconds: 0.3 }), (e: Error) => {
        assert.match(e.message, /^LayerAppend: gave up after 0.3 s waiting for append job \S+ on layer .*Stations\/FeatureServer\/0; last status seen: "Pending"/);
        assert.match(e.message, /the next `pulumi up` waits for this job instead of appending again .*Raise timeoutSeconds \(now 0.3\)/);
        return true;
      });
    } finally {
      await setJobMode(emu, "append", "auto");
    }
  });

  it("4.1: serviceName + layerId without portal:serviceUrl: the services root is discovered from the portal, the plan says so, the append lands", async () => {
    const config = { "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher } as Record<string, string>;
    await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
    const root = `${emu.url}/${emu.portalId}/arcgis/rest/services`; // ArcGIS Online's form: the features host, then the org id
    const checked = await p.check!({}, { serviceName: "Stations", layerId: 0, edits: { features: [{ attributes: { station_id: "D1", name: "Discovered" } }] } });
    assert.deepEqual(checked.failures ?? [], []);
    assert.equal(checked.inputs.targetLayerUrl, `${root}/Stations/FeatureServer/0`);
    assert.deepEqual(checked.inputs.plannedChanges, [`+ load edits (1 features) into ${root}/Stations/FeatureServer/0: append (new rows)`, `  (services root ${root} discovered from portals/self/urls; set portal:serviceUrl to use another)`]);
    const made = await p.create(checked.inputs);
    assert.ok(made.id.startsWith(`${root}/Stations/FeatureServer/0#`));
    assert.deepEqual((await rows()).map((r) => [r.station_id, r.name]), [["D1", "Discovered"]]);
  });

  it("4.1: serviceName + layerId when the services root cannot be discovered: check names portal:serviceUrl and how to set it, before any write", async () => {
    const config = { "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher } as Record<string, string>;
    await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, codes: [403], paths: "/urls$" }) });
    try {
      await clearRequestLog(emu);
      const checked = await p.check!({}, { serviceName: "Stations", layerId: 0, edits: { features: [] } });
      assert.deepEqual(checked.failures?.map((f) => f.property), ["serviceName"]);
      assert.match(checked.failures![0].reason, /^portal:serviceUrl is not set and the services root cannot be discovered: portalUrls failed \(403\).*; set it with: pulumi config set portal:serviceUrl https:\/\/host\/arcgis\/rest\/services \(or PORTAL_SERVICE_URL\)$/);
      assert.deepEqual(beyondConnectionRead(await requestLog(emu)).map((q) => `${q.method} ${q.path.split("?")[0].replace(/^.*\/portals\//, "portals/")}`), [`GET portals/${emu.portalId}/urls`], "nothing but the reads of the portal");
    } finally {
      await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    }
  });

  it("2.8: read refreshes the job record, keeps the state when the portal forgot the job; delete leaves the rows", async () => {
    const c = await up({ layerUrl: stations, edits: { features: [{ attributes: { station_id: "R1", name: "Read" } }] } });
    const r = await p.read!(c.id, c.outs);
    assert.equal(r.props.status, "Completed");
    // the job record as the state holds it: no inputs, the state keeps its own (machinery/unchangedRead.ts)
    assert.deepEqual([r.props, r.inputs], [c.outs, undefined]);
    await p.delete!(c.id, c.outs);
    assert.deepEqual((await rows()).map((x) => x.station_id), ["R1"], "appended rows stay");
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" }); // drops the job records
    const gone = await p.read!(c.id, c.outs);
    assert.deepEqual(gone.props, c.outs);
  });
});
