// Hosted feature services as code on the emulator: createService, isServiceNameAvailable, and the
// admin addToDefinition / updateDefinition / deleteFromDefinition at service and layer level, with
// their refusals and their effect on stored rows.
import { strict as assert } from "node:assert";
import { FeatureEmulator, pointLayer, service } from "./support";

const rows = ["a", "b", "c"].map((code, i) => ({ attributes: { code, big: i * 10, label: `L${code}` }, geometry: { x: i, y: i } }));
const stationFields = [
  { name: "station_id", type: "esriFieldTypeString", length: 20, nullable: false },
  { name: "name", type: "esriFieldTypeString", alias: "Name" },
];

describe("hosted feature services as code: createService and the admin definition operations", () => {
  let fe: FeatureEmulator;
  const sharing = () => `${fe.emu.url}/sharing/rest`;
  const admin = (svc: string, rest: string) => `${fe.emu.url}/arcgis/rest/admin/services/${svc}/FeatureServer${rest}`;
  const create = (name: string, extra: object = {}) => fe.post(`${sharing()}/content/users/dev_publisher/createService`, { outputType: "featureService", createParameters: { name, capabilities: "Query,Create,Update,Delete,Editing", ...extra } });
  before(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer(0, { rows })])] })));
  after(async () => fe.close());

  it("isServiceNameAvailable answers for free and taken names; createService answers the public shape and makes the item", async () => {
    const available = (name: string) => fe.post(`${sharing()}/portals/self/isServiceNameAvailable`, { name, serviceType: "featureService" });
    assert.deepEqual(await available("Stations"), { available: true });
    assert.deepEqual(await available("sites"), { available: false });
    const made = await create("Stations", { maxRecordCount: 1000, spatialReference: { wkid: 3857 }, serviceDescription: "All stations" });
    assert.deepEqual(Object.keys(made).sort(), ["encodedServiceURL", "isView", "itemId", "name", "serviceItemId", "serviceurl", "size", "success", "type"]);
    assert.equal(made.serviceurl, fe.url("Stations"));
    assert.equal(made.type, "Feature Service");
    assert.deepEqual(await available("stations"), { available: false });
    const item = await fe.post(`${sharing()}/content/items/${made.itemId}`, {});
    assert.equal(item.type, "Feature Service");
    assert.equal(item.url, made.serviceurl);
    const svc = await fe.post(fe.url("Stations"), {});
    assert.deepEqual([svc.layers, svc.maxRecordCount, svc.spatialReference.wkid, svc.serviceDescription, svc.serviceItemId], [[], 1000, 3857, "All stations", made.itemId]);
    assert.match((await create("Stations")).error.message, /already exists/);
    assert.match((await create("bad name")).error.message, /createParameters.name 'bad name' is invalid/);
    assert.match((await create("Other", { capabilities: "Query,Teleport" })).error.message, /unknown capability 'Teleport'/);
    const byUser = await fe.post(`${sharing()}/content/users/dev_user/createService`, { outputType: "featureService", createParameters: { name: "Mine" } }, "dev_user");
    assert.equal(byUser.error.code, 403);
  });

  it("service-level addToDefinition adds layers and tables; the layer JSON carries their fields and indexes", async () => {
    const added = await fe.post(admin("Stations", "/addToDefinition"), {
      addToDefinition: {
        layers: [{ name: "stations", geometryType: "esriGeometryPoint", fields: stationFields, indexes: [{ name: "station_id_uq", fields: "station_id", isUnique: true }], displayField: "name" }],
        tables: [{ name: "readings", fields: [{ name: "value", type: "esriFieldTypeDouble" }] }],
      },
    });
    assert.deepEqual(added, { success: true, layers: [{ name: "stations", id: 0 }], tables: [{ name: "readings", id: 1 }] });
    const layer = await fe.post(fe.url("Stations", "/0"), {});
    assert.deepEqual(layer.fields.map((f: any) => f.name), ["OBJECTID", "station_id", "name"]);
    assert.deepEqual([layer.displayField, layer.objectIdField, layer.spatialReference.wkid], ["name", "OBJECTID", 3857]);
    assert.deepEqual(layer.indexes, [{ name: "station_id_uq", fields: "station_id", isUnique: true, isAscending: true, description: "" }]);
    const svc = await fe.post(fe.url("Stations"), {});
    assert.deepEqual(svc.tables, [{ id: 1, name: "readings" }]);
  });

  it("refuses an unknown field type, a duplicate field name, an index on a missing field, deleting the object-id field", async () => {
    const addLayer = (layer: object) => fe.post(admin("Stations", "/addToDefinition"), { addToDefinition: { layers: [layer] } });
    assert.match((await addLayer({ name: "x", geometryType: "esriGeometryPoint", fields: [{ name: "a", type: "esriFieldTypeText" }] })).error.message, /field a has unknown type 'esriFieldTypeText'/);
    assert.match((await addLayer({ name: "x", geometryType: "esriGeometryPoint", fields: [{ name: "a", type: "esriFieldTypeString" }, { name: "A", type: "esriFieldTypeInteger" }] })).error.message, /duplicate field name 'A'/);
    assert.match((await addLayer({ name: "stations", geometryType: "esriGeometryPoint" })).error.message, /duplicate layer name 'stations'/);
    assert.match((await addLayer({ name: "x", geometryType: "esriGeometryCircle" })).error.message, /unknown geometryType/);
    const onLayer = (op: string, body: object) => fe.post(admin("Stations", `/0/${op}`), { [op]: body });
    assert.match((await onLayer("addToDefinition", { fields: [{ name: "name", type: "esriFieldTypeString" }] })).error.message, /duplicate field name 'name'/);
    assert.match((await onLayer("addToDefinition", { indexes: [{ fields: "missing", isUnique: true }] })).error.message, /index on field 'missing', which the layer does not have/);
    assert.match((await onLayer("deleteFromDefinition", { fields: [{ name: "OBJECTID" }] })).error.message, /object-id field OBJECTID cannot be deleted/);
    assert.match((await onLayer("updateDefinition", { fields: [{ name: "name", type: "esriFieldTypeInteger" }] })).error.message, /type of field name cannot be changed/);
    const refused = await onLayer("addToDefinition", { fields: [{ name: "ok", type: "esriFieldTypeString" }], indexes: [{ fields: "nope" }] });
    assert.equal(refused.error.code, 400);
    const layer = await fe.post(fe.url("Stations", "/0"), {});
    assert.ok(!layer.fields.some((f: any) => f.name === "ok"), "a refused change applies nothing");
    assert.equal((await fe.post(admin("Stations", "/0/addToDefinition"), { addToDefinition: { fields: [] } }, "dev_user")).error.code, 403);
    assert.equal((await fe.post(admin("Stations", "/7/addToDefinition"), { addToDefinition: { fields: [] } })).error.code, 400);
  });

  it("a layer's schema change applies to its rows: a new field reads null, a dropped field is gone, the rest stays", async () => {
    const onSites = (op: string, body: object) => fe.post(admin("Sites", `/0/${op}`), { [op]: body });
    assert.equal((await onSites("addToDefinition", { fields: [{ name: "population", type: "esriFieldTypeInteger" }], indexes: [{ name: "label_uq", fields: "label", isUnique: true }] })).success, true);
    let feats = await fe.features("Sites", 0);
    assert.deepEqual(feats.map((f) => [f.attributes.code, f.attributes.population, f.attributes.label]), [["a", null, "La"], ["b", null, "Lb"], ["c", null, "Lc"]]);
    assert.equal((await onSites("updateDefinition", { fields: [{ name: "label", alias: "Label" }] })).success, true);
    const layer = await fe.post(fe.url("Sites", "/0"), {});
    assert.equal(layer.fields.find((f: any) => f.name === "label").alias, "Label");
    assert.equal((await onSites("deleteFromDefinition", { fields: [{ name: "big" }] })).success, true);
    feats = await fe.features("Sites", 0);
    assert.deepEqual(feats.map((f) => [f.attributes.code, "big" in f.attributes, f.attributes.label]), [["a", false, "La"], ["b", false, "Lb"], ["c", false, "Lc"]]);
    assert.match((await fe.query("Sites", 0, { where: "big > 0" })).error.message, /big/);
    const noIndex = await onSites("deleteFromDefinition", { indexes: [{ name: "label_uq" }] });
    assert.equal(noIndex.success, true);
    assert.ok(!(await fe.post(fe.url("Sites", "/0"), {})).indexes.some((i: any) => i.name === "label_uq"));
  });

  it("service-level updateDefinition and deleteFromDefinition; deleting the item removes the service", async () => {
    assert.equal((await fe.post(admin("Stations", "/updateDefinition"), { updateDefinition: { maxRecordCount: 500, allowGeometryUpdates: false } })).success, true);
    const svc = await fe.post(fe.url("Stations"), {});
    assert.deepEqual([svc.maxRecordCount, svc.allowGeometryUpdates], [500, false]);
    assert.equal((await fe.post(admin("Stations", "/deleteFromDefinition"), { deleteFromDefinition: { tables: [{ id: 1 }] } })).success, true);
    assert.deepEqual((await fe.post(fe.url("Stations"), {})).tables, []);
    assert.match((await fe.post(admin("Stations", "/deleteFromDefinition"), { deleteFromDefinition: { layers: [{ id: 9 }] } })).error.message, /no layer or table 9/);
    const itemId = svc.serviceItemId;
    assert.equal((await fe.post(`${sharing()}/content/users/dev_publisher/items/${itemId}/delete`, {})).success, true);
    assert.equal((await fe.post(fe.url("Stations"), {})).error.code, 400);
    assert.deepEqual(await fe.post(`${sharing()}/portals/self/isServiceNameAvailable`, { name: "Stations", serviceType: "featureService" }), { available: true });
  });
});
