// spec.md#append append parameters beyond the rules: skipInserts, skipUpdates, updateGeometry,
// appendFields, fieldMappings, truncate (11.2), rollbackOnFailure; spec.md#layer-append-metadata conversions.
import { strict as assert } from "node:assert";
import { FeatureEmulator, pointLayer, service } from "./support";

const seedRows = [{ attributes: { code: "a", label: "old", big: 1 }, geometry: { x: 0, y: 0 } }];
const edits = (features: object[]) => ({ features, spatialReference: { wkid: 3857 } });
const upsert = { upsert: true, upsertMatchingField: "code" };

describe("spec.md#append append parameters", () => {
  let fe: FeatureEmulator;
  beforeEach(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer(0, { rows: seedRows })])] })));
  afterEach(async () => fe.close());
  const both = () => edits([{ attributes: { code: "a", label: "upd", big: 2 }, geometry: { x: 9, y: 9 } }, { attributes: { code: "b", label: "ins" }, geometry: { x: 1, y: 1 } }]);
  const table = async () => (await fe.features("Sites", 0)).map((f) => [f.attributes.code, f.attributes.label, f.attributes.big, f.geometry.x]);

  it("4.1 skipInserts: only matching features are updated", async () => {
    const job = await fe.append("Sites", 0, { edits: both(), ...upsert, skipInserts: true });
    assert.equal(job.recordCount, 1);
    assert.deepEqual(await table(), [["a", "upd", 2, 9]]);
  });

  it("4.1 skipUpdates: only new features are inserted", async () => {
    await fe.append("Sites", 0, { edits: both(), ...upsert, skipUpdates: true });
    assert.deepEqual(await table(), [["a", "old", 1, 0], ["b", "ins", null, 1]]);
  });

  it("4.1 updateGeometry=false: matching features keep their geometry", async () => {
    await fe.append("Sites", 0, { edits: both(), ...upsert, updateGeometry: false });
    assert.deepEqual(await table(), [["a", "upd", 2, 0], ["b", "ins", null, 1]]);
  });

  it("4.1 appendFields: only the listed destination fields are written", async () => {
    await fe.append("Sites", 0, { edits: both(), ...upsert, appendFields: ["code", "label"] });
    assert.deepEqual(await table(), [["a", "upd", 1, 9], ["b", "ins", null, 1]]);
  });

  it("4.1 fieldMappings: source fields go to the named destination fields", async () => {
    const src = edits([{ attributes: { KEY: "c", TITLE: "mapped", N: "42" }, geometry: { x: 3, y: 3 } }]);
    await fe.append("Sites", 0, { edits: src, fieldMappings: [{ source: "KEY", name: "code" }, { source: "TITLE", name: "label" }, { source: "N", name: "big" }] });
    assert.deepEqual((await table())[1], ["c", "mapped", 42, 3]);
  });

  it("4.1 truncate (11.2+): existing rows are removed first", async () => {
    const job = await fe.append("Sites", 0, { edits: edits([{ attributes: { code: "t" }, geometry: { x: 1, y: 1 } }]), truncate: true });
    assert.equal(job.status, "Completed");
    assert.deepEqual((await table()).map((r) => r[0]), ["t"]);
  });

  it("part 9: truncate before 11.2 is refused", async () => {
    await fe.close();
    fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer(0, { rows: seedRows })])] }, "11.1");
    const r = await fe.startAppend("Sites", 0, { edits: edits([]), truncate: true });
    assert.match(r.error.message, /truncate is supported from release 11\.2/);
    assert.equal(await fe.count("Sites", 0), 1);
  });

  it("4.1 truncate with a failing row and rollbackOnFailure: the old rows come back", async () => {
    const job = await fe.append("Sites", 0, { edits: edits([{ attributes: { code: "t" } }, { attributes: { code: "u", big: "many" } }]), truncate: true });
    assert.equal(job.status, "Failed");
    assert.deepEqual((await table()).map((r) => r[0]), ["a"]);
  });

  it("2.7: values convert between types; an out-of-range small integer names row and field", async () => {
    const src = edits([{ attributes: { code: 12, small: "7", amount: "2.5", seen: "2024-03-01T00:00:00Z", ref: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" } }, { attributes: { code: "x", small: 70000 } }]);
    const job = await fe.append("Sites", 0, { edits: src, rollbackOnFailure: false });
    assert.equal(job.status, "Completed");
    assert.equal(job.recordCount, 1);
    assert.match(job.messages[0], /row 2: field 'small': 70000 is not an integer between -32768 and 32767/);
    const [, f] = await fe.features("Sites", 0);
    assert.deepEqual([f.attributes.code, f.attributes.small, f.attributes.amount, f.attributes.seen, f.attributes.ref], ["12", 7, 2.5, Date.UTC(2024, 2, 1), "{AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE}"]);
  });

  it("2.7: an object id destination refuses a double source; a global id takes a string", async () => {
    const bad = { layers: [{ layerDefinition: { fields: [{ name: "OBJECTID", type: "esriFieldTypeDouble" }, { name: "code", type: "esriFieldTypeString" }] }, featureSet: { features: [{ attributes: { OBJECTID: 5, code: "a" } }] } }] };
    const job = await fe.append("Sites", 0, { edits: bad, ...upsert });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /field 'OBJECTID' \(esriFieldTypeOID\) cannot take source field 'OBJECTID' of type esriFieldTypeDouble/);
    const good = { layers: [{ layerDefinition: { fields: [{ name: "GlobalID", type: "esriFieldTypeString" }, { name: "code", type: "esriFieldTypeString" }] }, featureSet: { features: [{ attributes: { GlobalID: "12345678-1234-1234-1234-123456789abc", code: "g" } }] } }] };
    const ok = await fe.append("Sites", 0, { edits: good, ...upsert });
    assert.equal(ok.status, "Completed", JSON.stringify(ok));
    assert.equal((await fe.features("Sites", 0, "code = 'g'"))[0].attributes.GlobalID, "{12345678-1234-1234-1234-123456789ABC}");
  });

  it("11.4: dateFieldsTimeReference reads text dates in the given time zone", async () => {
    const id = await fe.upload("Sites", fe.file("d.csv", "code,seen\nw,2024-01-15 12:00:00\ns,2024-07-15 12:00:00\n"));
    const info = { dateFieldsTimeReference: { timeZone: "America/New_York", respectsDaylightSaving: true } };
    await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: info });
    const rows = await fe.features("Sites", 0, "code IN ('w', 's')");
    assert.deepEqual(rows.map((r) => r.attributes.seen), [Date.UTC(2024, 0, 15, 17), Date.UTC(2024, 6, 15, 16)]);
  });
});
