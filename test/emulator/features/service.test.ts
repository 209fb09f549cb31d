// spec.md#layer-append-metadata service and layer metadata (names of spec.md#gap-layer-metadata), the query subset, the service
// definition update, and fixture checks (blob from 11.1, part 9).
import { strict as assert } from "node:assert";
import { FeatureEmulator, pointLayer, service } from "./support";
import { startEmulator, defaultFixtures } from "../../../emulator/index";

const rows = ["a", "b", "c", "d"].map((code, i) => ({ attributes: { code, big: i * 10, label: i % 2 ? null : `L${code}` }, geometry: { x: i, y: i } }));

describe("spec.md#layer-append-metadata hosted services, layers and query", () => {
  let fe: FeatureEmulator;
  before(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer(0, { rows })], { capabilities: "Query,Sync,ChangeTracking" })] })));
  after(async () => fe.close());

  it("2.7: the layer JSON carries the append metadata, fields, indexes and editor fields", async () => {
    const l = await fe.post(fe.url("Sites", "/0"), {});
    assert.equal(l.supportsAppend, true);
    assert.equal(l.supportedAppendFormats, "sqlite,geoPackage,shapefile,filegdb,featureCollection,geojson,csv,excel,featureService");
    assert.equal(typeof l.supportedAppendSourceFilterFormats, "string");
    assert.deepEqual(l.indexes, [{ name: "code_idx", fields: "code", isAscending: true, isUnique: true, description: "" }]);
    assert.deepEqual([l.geometryType, l.spatialReference.wkid, l.objectIdField, l.globalIdField], ["esriGeometryPoint", 3857, "OBJECTID", "GlobalID"]);
    assert.deepEqual(l.editFieldsInfo, { creationDateField: "CreationDate", creatorField: "Creator", editDateField: "EditDate", editorField: "Editor" });
    assert.ok(l.fields.some((f: any) => f.name === "status" && f.defaultValue === "new"));
    assert.deepEqual([l.extent.xmin, l.extent.xmax], [0, 3]);
    assert.equal(l.ownershipBasedAccessControlForFeatures, null);
  });

  it("2.7: the service JSON lists layers and the Sync/ChangeTracking capabilities", async () => {
    const s = await fe.post(fe.url("Sites"), {});
    assert.equal(s.capabilities, "Query,Sync,ChangeTracking");
    assert.equal(s.syncEnabled, true);
    assert.deepEqual(s.layers, [{ id: 0, name: "sites", geometryType: "esriGeometryPoint" }]);
    assert.match(s.serviceItemId, /^[0-9a-f]{32}$/i);
  });

  it("the services directory root lists the caller's services (a client discovers layers from it); folders are empty", async () => {
    const root = fe.url("Sites").replace(/\/Sites\/FeatureServer$/, "");
    const dir = await fe.post(root, {});
    assert.equal(typeof dir.currentVersion, "number");
    assert.deepEqual(dir.folders, []);
    assert.ok(dir.services.some((s: any) => s.name === "Sites" && s.type === "FeatureServer"), JSON.stringify(dir));
    const anonymous: any = await (await fetch(`${root}?f=json`)).json();
    assert.deepEqual(anonymous.services, [], "an anonymous caller sees no org-private service");
    const folder: any = await (await fetch(`${root}/Hydro?f=json&token=${fe.token("dev_publisher")}`)).json();
    assert.equal(folder.error?.code, 404);
    // each listed service opens, and its layers with it
    for (const s of dir.services) assert.ok(Array.isArray((await fe.post(fe.url(s.name), {})).layers));
  });

  it("query: where with comparisons, AND/OR, IN, LIKE and IS NULL", async () => {
    const codes = async (where: string) => (await fe.features("Sites", 0, where)).map((f) => f.attributes.code);
    assert.deepEqual(await codes("1=1"), ["a", "b", "c", "d"]);
    assert.deepEqual(await codes("big >= 10 AND big < 30"), ["b", "c"]);
    assert.deepEqual(await codes("code = 'a' OR code IN ('d')"), ["a", "d"]);
    assert.deepEqual(await codes("label LIKE 'L%'"), ["a", "c"]);
    assert.deepEqual(await codes("label IS NULL"), ["b", "d"]);
    assert.deepEqual(await codes("NOT (big <> 20)"), ["c"]);
  });

  it("query: returnCountOnly, outFields, returnGeometry, resultOffset and resultRecordCount", async () => {
    assert.deepEqual(await fe.query("Sites", 0, { where: "big > 0", returnCountOnly: true }), { count: 3 });
    const page = await fe.query("Sites", 0, { outFields: "code", returnGeometry: false, resultOffset: 1, resultRecordCount: 2 });
    assert.deepEqual(page.features, [{ attributes: { code: "b" } }, { attributes: { code: "c" } }]);
    assert.equal(page.exceededTransferLimit, true);
  });

  it("query: an invalid where clause or unknown field is a 400", async () => {
    const r = await fe.query("Sites", 0, { where: "nosuch = 1" });
    assert.equal(r.error.code, 400);
    assert.match(r.error.message, /known field/);
  });

  it("updateDefinition: an unknown capability is refused; Append and ChangeTracking can be set", async () => {
    const url = `${fe.emu.url}/arcgis/rest/admin/services/Sites/FeatureServer/updateDefinition`;
    const bad = await fe.post(url, { updateDefinition: { capabilities: "Query,Teleport" } });
    assert.match(bad.error.message, /Unknown capability 'Teleport'/);
    assert.equal((await fe.post(url, { updateDefinition: { capabilities: "query,append" } })).success, true);
    assert.equal((await fe.post(fe.url("Sites"), {})).capabilities, "Query,Append");
  });

  it("the service is private to its organization", async () => {
    const r = await fe.post(fe.url("Sites"), {}, "prod_user");
    assert.equal(r.error.code, 403);
  });
});

describe("part 9: release gating of the services fixture", () => {
  const blobService = { services: [service("Blobs", [{ id: 0, name: "b", fields: [{ name: "data", type: "esriFieldTypeBlob" }] }])] };

  it("part 9: a blob field needs release 11.1", async () => {
    await assert.rejects(startEmulator({ fixtures: { ...defaultFixtures(), services: blobService }, release: "11.0" }), /blob fields need release 11\.1/);
  });

  it("part 9: from 11.1 blob values are stored as base64", async () => {
    const fe = await FeatureEmulator.start(blobService, "11.1");
    try {
      const job = await fe.append("Blobs", 0, { edits: { features: [{ attributes: { data: "aGVsbG8=" } }] } });
      assert.equal(job.status, "Completed", JSON.stringify(job));
      assert.equal((await fe.features("Blobs", 0))[0].attributes.data, "aGVsbG8=");
    } finally {
      await fe.close();
    }
  });

  it("part 9: Append cannot be set before 11.1", async () => {
    const fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer()])] }, "11.0");
    try {
      const r = await fe.post(`${fe.emu.url}/arcgis/rest/admin/services/Sites/FeatureServer/updateDefinition`, { updateDefinition: { capabilities: "Query,Append" } });
      assert.match(r.error.message, /from release 11\.1/);
    } finally {
      await fe.close();
    }
  });
});
