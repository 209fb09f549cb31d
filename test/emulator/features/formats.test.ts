// spec.md#append source formats: each appended through HTTP, then checked by querying the layer
// (counts, values, geometry in the layer's 3857, ids and editor fields).
import { strict as assert } from "node:assert";
import { FeatureEmulator, GUID_RE, mercator, pointLayer, service } from "./support";
import { WKT_4326, writeGeoPackage, writeShapefileZip, writeSqlite, writeXlsx } from "../../fixtures/features/generate";

function near(actual: { x: number; y: number }, [x, y]: [number, number]): void {
  assert.ok(Math.abs(actual.x - x) < 0.01 && Math.abs(actual.y - y) < 0.01, `${JSON.stringify(actual)} is not near ${x}, ${y}`);
}

describe("spec.md#append source formats", () => {
  let fe: FeatureEmulator;
  beforeEach(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer()]), service("Tables", [{ id: 0, name: "people", fields: [{ name: "name", type: "esriFieldTypeString" }, { name: "age", type: "esriFieldTypeInteger" }] }])] })));
  afterEach(async () => fe.close());

  it("4.1 featureCollection: edits as a feature collection with a spatial reference", async () => {
    const edits = { layers: [{ layerDefinition: { name: "in", geometryType: "esriGeometryPoint", spatialReference: { wkid: 4326 } }, featureSet: { features: [{ attributes: { code: "fc1", big: "12" }, geometry: { x: 10, y: 50 } }] } }] };
    const job = await fe.append("Sites", 0, { edits });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.equal(job.recordCount, 1);
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.code, "fc1");
    assert.equal(f.attributes.big, 12); // spec.md#layer-append-metadata: text converts to an integer
    assert.match(f.attributes.GlobalID, GUID_RE);
    near(f.geometry, mercator(10, 50));
  });

  it("4.1 csv: coordinates in latitude/longitude columns, projected from 4326 (rule 5)", async () => {
    const csv = fe.file("sites.csv", "code,label,amount,latitude,longitude,seen\nc1,First,1.5,50,10,2024-01-02T03:04:05Z\nc2,\"Second, quoted\",2.5,-33.9,18.4,\n");
    const id = await fe.upload("Sites", csv);
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: { locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude" } });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const fs2 = await fe.features("Sites", 0);
    assert.deepEqual(fs2.map((f) => f.attributes.label), ["First", "Second, quoted"]);
    assert.equal(fs2[0].attributes.amount, 1.5);
    assert.equal(fs2[0].attributes.seen, Date.UTC(2024, 0, 2, 3, 4, 5));
    near(fs2[1].geometry, mercator(18.4, -33.9));
  });

  it("4.1 csv without geometry into a table (rule 7: empty appendSourceInfo)", async () => {
    const id = await fe.upload("Tables", fe.file("people.csv", "name,age\nAda,36\nAlan,41\n"));
    const job = await fe.append("Tables", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {} });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const rows = await fe.features("Tables", 0);
    assert.deepEqual(rows.map((r) => [r.attributes.name, r.attributes.age, r.geometry]), [["Ada", 36, undefined], ["Alan", 41, undefined]]);
  });

  it("4.1 geojson: a FeatureCollection in 4326", async () => {
    const gj = { type: "FeatureCollection", features: [{ type: "Feature", properties: { code: "g1", small: 7 }, geometry: { type: "Point", coordinates: [2.35, 48.85] } }] };
    const id = await fe.upload("Sites", fe.file("sites.geojson", JSON.stringify(gj)));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "geojson" });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.small, 7);
    near(f.geometry, mercator(2.35, 48.85));
  });

  it("4.1 excel: an .xlsx sheet with coordinates, picked by sourceTableName", async () => {
    const file = await writeXlsx(fe.file("sites.xlsx", ""), { Other: [["x"], [1]], Sites: [["code", "big", "Latitude", "Longitude", "seen"], ["x1", 5, 51.5, -0.12, new Date(Date.UTC(2023, 5, 1))], ["x2", 6, null, null, null]] });
    const id = await fe.upload("Sites", file);
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "excel", sourceTableName: "Sites", appendSourceInfo: {} });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const rows = await fe.features("Sites", 0);
    assert.deepEqual(rows.map((r) => [r.attributes.code, r.attributes.big]), [["x1", 5], ["x2", 6]]);
    assert.equal(rows[0].attributes.seen, Date.UTC(2023, 5, 1));
    near(rows[0].geometry, mercator(-0.12, 51.5));
    assert.equal(rows[1].geometry, null);
  });

  it("4.1 shapefile: a zipped shapefile with a .prj in 4326", async () => {
    const zip = writeShapefileZip(fe.file("sites.zip", ""), "sites", [{ x: 10, y: 50, attributes: { code: "s1", big: 3 } }, { x: 11, y: 51, attributes: { code: "s2", big: 4 } }], WKT_4326);
    const id = await fe.upload("Sites", zip);
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "shapefile" });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const rows = await fe.features("Sites", 0);
    assert.deepEqual(rows.map((r) => [r.attributes.code, r.attributes.big]), [["s1", 3], ["s2", 4]]);
    near(rows[1].geometry, mercator(11, 51));
  });

  it("4.1 sqlite: WKB points from one of two tables named by sourceTableName", async () => {
    const db = await writeSqlite(fe.file("sites.sqlite", ""), { a: [{ x: 1, y: 1, attributes: { code: "no" } }], sites: [{ x: 5, y: 45, attributes: { code: "q1", big: 9 } }] });
    const id = await fe.upload("Sites", db);
    const refused = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "sqlite" });
    assert.equal(refused.status, "Failed");
    assert.match(refused.messages[0], /sourceTableName is required/);
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "sqlite", sourceTableName: "sites" });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.big, 9);
    near(f.geometry, mercator(5, 45));
  });

  it("4.1 geoPackage: GeoPackage blobs in 3857 kept as they are", async () => {
    const [x, y] = mercator(12, 42);
    const gpkg = await writeGeoPackage(fe.file("sites.gpkg", ""), { sites: { srsId: 3857, rows: [{ x, y, attributes: { code: "p1", label: "pkg" } }] } });
    const id = await fe.upload("Sites", gpkg);
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "geoPackage" });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const [f] = await fe.features("Sites", 0);
    assert.equal(f.attributes.label, "pkg");
    near(f.geometry, [x, y]);
  });

  it("4.1 filegdb: the job fails with 'not supported by this emulator'", async () => {
    const id = await fe.upload("Sites", fe.file("data.gdb.zip", "PK"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "filegdb" });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /filegdb is not supported by this emulator/);
    assert.equal(await fe.count("Sites", 0), 0);
  });

  it("4.1 uploads: register, two parts, commit, then append the joined CSV", async () => {
    const reg = await fe.post(fe.url("Sites", "/uploads/register"), { itemName: "parts.csv" });
    assert.equal(reg.item.committed, false);
    const id = reg.item.itemID;
    const part = async (partId: string, text: string) => {
      const form = new FormData();
      form.append("token", fe.token("dev_publisher"));
      form.append("partId", partId);
      form.append("file", new Blob([text]), "part");
      return (await (await fetch(fe.url("Sites", `/uploads/${id}/uploadPart`), { method: "POST", body: form })).json()) as any;
    };
    assert.equal((await part("2", "u2,20\n")).success, true);
    assert.equal((await part("1", "code,big\nu1,10\n")).success, true);
    const commit = await fe.post(fe.url("Sites", `/uploads/${id}/commit`), { parts: "1,2" });
    assert.equal(commit.item.committed, true, JSON.stringify(commit));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {} });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.deepEqual((await fe.features("Sites", 0)).map((f) => [f.attributes.code, f.attributes.big]), [["u1", 10], ["u2", 20]]);
  });
});
