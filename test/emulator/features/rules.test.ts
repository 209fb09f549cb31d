// spec.md#append behaviour rules 1–14, each checked by querying the layer after the job.
import { strict as assert } from "node:assert";
import { FeatureEmulator, GUID_RE, mercator, pointLayer, service } from "./support";

const pt = (code: string, extra: Record<string, unknown> = {}, x = 1, y = 2) => ({ attributes: { code, ...extra }, geometry: { x, y, spatialReference: { wkid: 3857 } } });
const fs3857 = (features: object[]) => ({ features, spatialReference: { wkid: 3857 } });

describe("spec.md#append append behaviour rules", () => {
  let fe: FeatureEmulator;
  const start = async (services: object[], release = "11.4", extra: object = {}) => (fe = await FeatureEmulator.start({ services, ...extra }, release));
  afterEach(async () => fe?.close());

  it("rule 1: exactly one of edits, appendUploadId, appendItemId", async () => {
    await start([service("Sites", [pointLayer()])]);
    const none = await fe.startAppend("Sites", 0, {});
    assert.equal(none.error.code, 400);
    assert.match(none.error.message, /exactly one source/);
    const two = await fe.startAppend("Sites", 0, { edits: fs3857([pt("a")]), appendUploadId: "abc" });
    assert.match(two.error.message, /edits, appendUploadId/);
    assert.equal(await fe.count("Sites", 0), 0);
  });

  it("rule 2: upsert updates the feature matching on the unique index and inserts the others", async () => {
    await start([service("Sites", [pointLayer(0, { rows: [{ attributes: { code: "a", label: "old" }, geometry: { x: 0, y: 0 } }] })])]);
    const [before] = await fe.features("Sites", 0);
    const job = await fe.append("Sites", 0, { edits: fs3857([pt("a", { label: "new" }, 5, 5), pt("b", { label: "b" })]), upsert: true, upsertMatchingField: "code" });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.equal(job.recordCount, 2);
    const after = await fe.features("Sites", 0);
    assert.equal(after.length, 2);
    const a = after.find((f) => f.attributes.code === "a");
    assert.equal(a.attributes.label, "new");
    assert.equal(a.attributes.OBJECTID, before.attributes.OBJECTID);
    assert.equal(a.attributes.GlobalID, before.attributes.GlobalID);
    assert.deepEqual(a.geometry, { x: 5, y: 5 });
  });

  it("rule 2: upsert on a field without a unique index fails the job naming the field", async () => {
    await start([service("Sites", [pointLayer()])]);
    const job = await fe.append("Sites", 0, { edits: fs3857([pt("a", { label: "x" })]), upsert: true, upsertMatchingField: "label" });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /upsertMatchingField 'label' has no unique index/);
  });

  it("rule 2: useGlobalIds matches on the global id", async () => {
    const gid = "{11111111-2222-3333-4444-555555555555}";
    await start([service("Sites", [pointLayer(0, { rows: [{ attributes: { code: "a", label: "old", GlobalID: gid } }] })])]);
    const job = await fe.append("Sites", 0, { edits: fs3857([{ attributes: { GlobalID: gid.toLowerCase(), label: "by gid" } }]), upsert: true, useGlobalIds: true });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const rows = await fe.features("Sites", 0);
    assert.deepEqual(rows.map((r) => [r.attributes.code, r.attributes.label, r.attributes.GlobalID]), [["a", "by gid", gid]]);
  });

  it("rule 3: without upsert the system gives new object and global ids", async () => {
    await start([service("Sites", [pointLayer()])]);
    const gid = "{AAAAAAAA-2222-3333-4444-555555555555}";
    const job = await fe.append("Sites", 0, { edits: fs3857([pt("a", { OBJECTID: 99, GlobalID: gid })]) });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.OBJECTID, 1);
    assert.notEqual(f.attributes.GlobalID, gid);
    assert.match(f.attributes.GlobalID, GUID_RE);
  });

  it("rule 3: with upsert the source ids of inserted rows are kept", async () => {
    await start([service("Sites", [pointLayer()])]);
    const gid = "{AAAAAAAA-2222-3333-4444-555555555555}";
    const job = await fe.append("Sites", 0, { edits: fs3857([pt("a", { OBJECTID: 99, GlobalID: gid })]), upsert: true, upsertMatchingField: "code" });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.OBJECTID, 99);
    assert.equal(f.attributes.GlobalID, gid);
  });

  it("rule 4: upsert on a service with sync or change tracking is refused; a plain append is not", async () => {
    await start([service("Tracked", [pointLayer()], { capabilities: "Query,Sync,ChangeTracking" })]);
    const refused = await fe.startAppend("Tracked", 0, { edits: fs3857([pt("a")]), upsert: true, upsertMatchingField: "code" });
    assert.equal(refused.error.code, 400);
    assert.match(refused.error.message, /sync or change tracking/);
    const plain = await fe.append("Tracked", 0, { edits: fs3857([pt("a")]) });
    assert.equal(plain.status, "Completed");
    assert.equal(await fe.count("Tracked", 0), 1);
  });

  it("rule 5: a CSV with sourceSR 3857 is not reprojected; without it 4326 is assumed", async () => {
    await start([service("Sites", [pointLayer()])]);
    const id1 = await fe.upload("Sites", fe.file("a.csv", "code,x,y\nm,1000,2000\n"));
    await fe.append("Sites", 0, { appendUploadId: id1, appendUploadFormat: "csv", appendSourceInfo: { sourceSR: { wkid: 3857 } } });
    const id2 = await fe.upload("Sites", fe.file("b.csv", "code,x,y\nd,10,50\n"));
    await fe.append("Sites", 0, { appendUploadId: id2, appendUploadFormat: "csv", appendSourceInfo: {} });
    const [m, d] = await fe.features("Sites", 0);
    assert.deepEqual(m.geometry, { x: 1000, y: 2000 });
    const [x, y] = mercator(10, 50);
    assert.ok(Math.abs(d.geometry.x - x) < 0.01 && Math.abs(d.geometry.y - y) < 0.01, JSON.stringify(d.geometry));
  });

  it("rule 6: address geocoding is refused on a self-hosted deployment", async () => {
    await start([service("Sites", [pointLayer()])]);
    const id = await fe.upload("Sites", fe.file("a.csv", "code,address\na,1 Main St\n"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: { locationType: "address", singleLineAddressFieldName: "address" } });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /hosted deployment only/);
  });

  it("rule 6: on a hosted deployment CSV addresses are geocoded; an unknown address names its row", async () => {
    await start([service("Sites", [pointLayer()])], "11.4", { deployment: "hosted", geocoder: { "1 Main St": { x: 10, y: 50 } } });
    const id = await fe.upload("Sites", fe.file("a.csv", "code,address\na,1 Main St\nb,Nowhere\n"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: { locationType: "address", singleLineAddressFieldName: "address" }, rollbackOnFailure: false });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.match(job.messages[0], /row 2: address "Nowhere" could not be geocoded/);
    const [f] = await fe.features("Sites", 0);
    const [x, y] = mercator(10, 50);
    assert.ok(Math.abs(f.geometry.x - x) < 0.01 && Math.abs(f.geometry.y - y) < 0.01);
  });

  it("rule 8: the last-edit time moves; the extent is kept on self-hosted", async () => {
    await start([service("Sites", [pointLayer(0, { rows: [{ attributes: { code: "z" }, geometry: { x: 0, y: 0 } }] })])]);
    const before = await fe.post(fe.url("Sites", "/0"), {});
    await new Promise((r) => setTimeout(r, 5));
    await fe.append("Sites", 0, { edits: fs3857([pt("a", {}, 100, 200)]) });
    const after = await fe.post(fe.url("Sites", "/0"), {});
    const svc = await fe.post(fe.url("Sites"), {});
    assert.ok(after.editingInfo.lastEditDate > before.editingInfo.lastEditDate);
    assert.equal(svc.editingInfo.lastEditDate, after.editingInfo.lastEditDate);
    assert.deepEqual(after.extent, before.extent);
  });

  it("rule 8: on a hosted deployment the extent grows to the appended features", async () => {
    await start([service("Sites", [pointLayer(0, { rows: [{ attributes: { code: "z" }, geometry: { x: 0, y: 0 } }] })])], "11.4", { deployment: "hosted" });
    await fe.append("Sites", 0, { edits: fs3857([pt("a", {}, 100, 200)]) });
    const layer = await fe.post(fe.url("Sites", "/0"), {});
    assert.deepEqual([layer.extent.xmin, layer.extent.ymin, layer.extent.xmax, layer.extent.ymax], [0, 0, 100, 200]);
  });

  it("rule 9: editor tracking records the caller on insert, and the updater on update", async () => {
    await start([service("Sites", [pointLayer()], { capabilities: "Query,Append" })]);
    await fe.append("Sites", 0, { edits: fs3857([pt("a")]) }, "dev_user");
    await fe.append("Sites", 0, { edits: fs3857([pt("a", { label: "upd" })]), upsert: true, upsertMatchingField: "code" }, "dev_admin");
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.Creator, "dev_user");
    assert.equal(f.attributes.Editor, "dev_admin");
    assert.equal(f.attributes.label, "upd");
    assert.ok(f.attributes.EditDate >= f.attributes.CreationDate);
  });

  it("rule 10: ownership-based access control lets others update only their own or anonymous features", async () => {
    const obac = { allowOthersToQuery: true, allowOthersToUpdate: false, allowOthersToDelete: false };
    const rows = [{ attributes: { code: "mine", Creator: "dev_user" } }, { attributes: { code: "anon" } }, { attributes: { code: "theirs", Creator: "dev_publisher" } }];
    await start([service("Owned", [pointLayer(0, { ownershipBasedAccessControlForFeatures: obac, rows })], { capabilities: "Query,Append" })]);
    const edits = fs3857(["mine", "anon", "theirs"].map((c) => ({ attributes: { code: c, label: "x" } })));
    const failed = await fe.append("Owned", 0, { edits, upsert: true, upsertMatchingField: "code" }, "dev_user");
    assert.equal(failed.status, "Failed");
    assert.match(failed.messages[0], /row 3: feature 3 belongs to 'dev_publisher'/);
    assert.equal(await fe.count("Owned", 0, "label = 'x'"), 0); // rolled back
    const partial = await fe.append("Owned", 0, { edits, upsert: true, upsertMatchingField: "code", rollbackOnFailure: false }, "dev_user");
    assert.equal(partial.recordCount, 2);
    assert.deepEqual((await fe.features("Owned", 0, "label = 'x'")).map((f) => f.attributes.code), ["mine", "anon"]);
    const admin = await fe.append("Owned", 0, { edits, upsert: true, upsertMatchingField: "code" }, "dev_admin"); // administrators bypass it
    assert.equal(admin.recordCount, 3);
  });

  it("rule 11: non-multipatch geometry into a multipatch layer fails; multipatch upsert works; Append can be enabled", async () => {
    const layer = { id: 0, name: "buildings", geometryType: "esriGeometryMultiPatch", spatialReference: { wkid: 3857 }, fields: [{ name: "OBJECTID", type: "esriFieldTypeOID" }, { name: "code", type: "esriFieldTypeString" }], indexes: [{ fields: "code", isUnique: true }] };
    await start([service("Patches", [layer])]);
    const bad = await fe.append("Patches", 0, { edits: fs3857([pt("a")]) });
    assert.equal(bad.status, "Failed");
    assert.match(bad.messages[0], /multipatch/);
    const ring = [[0, 0, 0], [1, 0, 0], [1, 1, 5], [0, 0, 0]];
    const edits = { geometryType: "esriGeometryMultiPatch", spatialReference: { wkid: 3857 }, features: [{ attributes: { code: "m" }, geometry: { hasZ: true, rings: [ring] } }] };
    const ok = await fe.append("Patches", 0, { edits, upsert: true, upsertMatchingField: "code" });
    assert.equal(ok.status, "Completed", JSON.stringify(ok));
    const [f] = await fe.features("Patches", 0);
    assert.deepEqual(f.geometry.rings, [ring]);
    const def = await fe.post(`${fe.emu.url}/arcgis/rest/admin/services/Patches/FeatureServer/updateDefinition`, { updateDefinition: { capabilities: "Query,Append" } });
    assert.equal(def.success, true, JSON.stringify(def));
  });

  it("rule 12: a hosted service of the same org (11.3+) is a source; rows are projected", async () => {
    const src = { ...pointLayer(), spatialReference: { wkid: 4326 }, rows: [{ attributes: { code: "s1", label: "from src" }, geometry: { x: 10, y: 50 } }] };
    await start([service("Source", [src]), service("Target", [pointLayer()]), service("Spatio", [pointLayer()], { store: "spatiotemporal" })]);
    const itemId = (await fe.post(fe.url("Source"), {})).serviceItemId;
    const job = await fe.append("Target", 0, { appendItemId: itemId, appendUploadFormat: "featureService", layerMappings: [{ id: 0, sourceTableName: "sites" }] });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const [f] = await fe.features("Target", 0);
    assert.equal(f.attributes.label, "from src");
    const [x, y] = mercator(10, 50);
    assert.ok(Math.abs(f.geometry.x - x) < 0.01);
    assert.ok(Math.abs(f.geometry.y - y) < 0.01);
    const toSpatio = await fe.append("Spatio", 0, { appendItemId: itemId, appendUploadFormat: "featureService" }); // a spatiotemporal target is fine
    assert.equal(toSpatio.status, "Completed");
    const spatioItem = (await fe.post(fe.url("Spatio"), {})).serviceItemId;
    const fromSpatio = await fe.startAppend("Target", 0, { appendItemId: spatioItem, appendUploadFormat: "featureService" });
    assert.match(fromSpatio.error.message, /relational store/);
  });

  it("rule 12: sourceFilter and layerMappings fieldMappings shape a hosted-service source", async () => {
    const rows = [{ attributes: { code: "s1", label: "one" } }, { attributes: { code: "s2", label: "two" } }];
    await start([service("Source", [{ ...pointLayer(), rows }]), service("Target", [pointLayer()])]);
    const itemId = (await fe.post(fe.url("Source"), {})).serviceItemId;
    const layerMappings = [{ id: 0, sourceId: 0, fieldMappings: [{ source: "label", name: "code" }, { source: "code", name: "label" }] }];
    const job = await fe.append("Target", 0, { appendItemId: itemId, appendUploadFormat: "featureService", sourceFilter: "code = 's2'", layerMappings });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.deepEqual((await fe.features("Target", 0)).map((f) => [f.attributes.code, f.attributes.label]), [["two", "s2"]]);
  });

  it("rule 12: before 11.3 a hosted service cannot be a source", async () => {
    await start([service("Source", [pointLayer()]), service("Target", [pointLayer()])], "11.2");
    const itemId = (await fe.post(fe.url("Source"), {})).serviceItemId;
    const r = await fe.startAppend("Target", 0, { appendItemId: itemId, appendUploadFormat: "featureService" });
    assert.match(r.error.message, /from release 11\.3/);
  });

  it("rule 13: a field default fills missing values from 11.1 on a relational store", async () => {
    await start([service("Sites", [pointLayer()]), service("Spatio", [pointLayer()], { store: "spatiotemporal" })]);
    await fe.append("Sites", 0, { edits: fs3857([pt("a"), pt("b", { status: "set" })]) });
    assert.deepEqual((await fe.features("Sites", 0)).map((f) => f.attributes.status), ["new", "set"]);
    await fe.append("Spatio", 0, { edits: fs3857([pt("a")]) });
    assert.deepEqual((await fe.features("Spatio", 0)).map((f) => f.attributes.status), [null]);
  });

  it("rule 13: before 11.1 defaults are not applied", async () => {
    await start([service("Sites", [pointLayer()])], "11.0");
    await fe.append("Sites", 0, { edits: fs3857([pt("a")]) });
    assert.deepEqual((await fe.features("Sites", 0)).map((f) => f.attributes.status), [null]);
  });

  it("rule 14: Append enabled on a layer view; appends through it land in the source layer", async () => {
    await start([service("Sites", [pointLayer()]), { name: "SitesView", owner: "dev_publisher", viewOf: "Sites" }]);
    const refused = await fe.startAppend("SitesView", 0, { edits: fs3857([pt("v")]) }, "dev_user");
    assert.equal(refused.error.code, 403);
    const def = await fe.post(`${fe.emu.url}/arcgis/rest/admin/services/SitesView/FeatureServer/updateDefinition`, { updateDefinition: { capabilities: "Query,Append" } });
    assert.equal(def.success, true, JSON.stringify(def));
    assert.equal((await fe.post(fe.url("SitesView"), {})).isView, true);
    const job = await fe.append("SitesView", 0, { edits: fs3857([pt("v")]) }, "dev_user");
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.deepEqual((await fe.features("Sites", 0)).map((f) => [f.attributes.code, f.attributes.Creator]), [["v", "dev_user"]]);
  });
});
