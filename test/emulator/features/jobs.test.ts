// spec.md#append-job-record, spec.md#append-job-states append jobs: the start response, the record moving Pending → InProgress →
// Completed or Failed, stepped manually from the control plane; part 5 and 2.7 access rules.
import { strict as assert } from "node:assert";
import { FeatureEmulator, pointLayer, service } from "./support";

const edits = { features: [{ attributes: { code: "a" }, geometry: { x: 1, y: 1 } }] };

describe("spec.md#append-job-record, spec.md#append-job-states append jobs and access", () => {
  let fe: FeatureEmulator;
  const control = async (path: string, body: object) => (await fetch(`${fe.emu.controlUrl}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  beforeEach(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer()]), service("NoAppend", [pointLayer(0, { supportsAppend: false })])] })));
  afterEach(async () => fe.close());

  it("3.3: the start response holds processing, a message naming the job, the item id and statusUrl", async () => {
    const r = await fe.startAppend("Sites", 0, { edits });
    const item = (await fe.post(fe.url("Sites"), {})).serviceItemId;
    assert.equal(r.status, "processing");
    assert.equal(r.itemId, item);
    const jobId = /append\/jobs\/([0-9a-f]+)$/.exec(r.statusUrl)![1];
    assert.ok(r.statusMessage.includes(jobId));
    assert.ok(r.statusUrl.startsWith(fe.url("Sites", "/0/append/jobs/")));
  });

  it("2.8: manual stepping shows Pending, InProgress, then Completed with the record count", async () => {
    await control("jobs/mode", { kind: "append", mode: "manual" });
    const r = await fe.startAppend("Sites", 0, { edits });
    const jobId = /jobs\/([0-9a-f]+)$/.exec(r.statusUrl)![1];
    const poll = () => fe.post(r.statusUrl, {});
    const pending = await poll();
    assert.deepEqual([pending.status, pending.layerName, pending.recordCount], ["Pending", "sites", 0]);
    assert.ok(pending.submissionTime > 0 && pending.lastUpdatedTime >= pending.submissionTime);
    await control(`jobs/${jobId}/step`, {});
    assert.equal((await poll()).status, "InProgress");
    assert.equal(await fe.count("Sites", 0), 0);
    await control(`jobs/${jobId}/step`, {});
    const done = await poll();
    assert.deepEqual([done.status, done.recordCount], ["Completed", 1]);
    assert.equal(await fe.count("Sites", 0), 1);
  });

  it("2.8: a failing job ends Failed with messages and error", async () => {
    await control("jobs/mode", { kind: "append", mode: "manual" });
    const r = await fe.startAppend("Sites", 0, { edits: { features: [{ attributes: { big: "x" } }] } });
    await control("jobs/append/step", {});
    await control("jobs/append/step", {});
    const failed = await fe.post(r.statusUrl, {});
    assert.equal(failed.status, "Failed");
    assert.match(failed.messages[0], /row 1: field 'big'/);
    assert.match(failed.error.message, /row 1: field 'big'/);
  });

  it("part 5: without the Append capability only the owner and administrators may append", async () => {
    const user = await fe.startAppend("Sites", 0, { edits }, "dev_user");
    assert.equal(user.error.code, 403);
    assert.match(user.error.message, /Append capability is not enabled/);
    assert.equal((await fe.append("Sites", 0, { edits }, "dev_admin")).status, "Completed");
    const other = await fe.startAppend("Sites", 0, { edits }, "prod_admin");
    assert.equal(other.error.code, 403);
  });

  it("part 5: with the Append capability an org user may append; a viewer without the edit privilege may not", async () => {
    const def = await fe.post(`${fe.emu.url}/arcgis/rest/admin/services/Sites/FeatureServer/updateDefinition`, { updateDefinition: { capabilities: "Query,Append" } });
    assert.equal(def.success, true);
    assert.equal((await fe.append("Sites", 0, { edits }, "dev_user")).status, "Completed");
    const viewer = await fe.startAppend("Sites", 0, { edits: { features: [{ attributes: { code: "v" } }] } }, "dev_viewer");
    assert.equal(viewer.error.code, 403);
  });

  it("2.7: a layer without supportsAppend refuses append even to the owner, and Append cannot be added", async () => {
    const r = await fe.startAppend("NoAppend", 0, { edits });
    assert.match(r.error.message, /does not support append/);
    const def = await fe.post(`${fe.emu.url}/arcgis/rest/admin/services/NoAppend/FeatureServer/updateDefinition`, { updateDefinition: { capabilities: "Query,Append" } });
    assert.match(def.error.message, /does not support append/);
    const layer = await fe.post(fe.url("NoAppend", "/0"), {});
    assert.deepEqual([layer.supportsAppend, layer.supportedAppendFormats], [false, ""]);
  });

  it("2.7: only the owner or an administrator updates the definition", async () => {
    const r = await fe.post(`${fe.emu.url}/arcgis/rest/admin/services/Sites/FeatureServer/updateDefinition`, { updateDefinition: { capabilities: "Query,Append" } }, "dev_user");
    assert.equal(r.error.code, 403);
    assert.equal((await fe.post(fe.url("Sites"), {})).capabilities, "Query");
  });
});
