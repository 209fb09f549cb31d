// Bad sources fail the job with a message naming the row or field; with rollbackOnFailure
// nothing is written (spec.md#append, spec.md#append-job-record messages).
import { strict as assert } from "node:assert";
import { FeatureEmulator, pointLayer, service } from "./support";
import { writeShapefileZip } from "../../fixtures/features/generate";

describe("spec.md#append bad sources", () => {
  let fe: FeatureEmulator;
  beforeEach(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer()]), service("Areas", [{ ...pointLayer(), geometryType: "esriGeometryPolygon" }])] })));
  afterEach(async () => fe.close());

  it("4.1: a corrupt zip fails the job and writes nothing", async () => {
    const good = writeShapefileZip(fe.file("good.zip", ""), "s", [{ x: 1, y: 1, attributes: { code: "a" } }]);
    const bytes = require("node:fs").readFileSync(good) as Buffer;
    const id = await fe.upload("Sites", fe.file("bad.zip", bytes.subarray(0, bytes.length - 30)));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "shapefile" });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /zip file is corrupt/);
    assert.equal(job.error.message, job.messages[0]);
    assert.equal(await fe.count("Sites", 0), 0);
  });

  it("4.1: a CSV row with a bad value fails the job naming row and field; nothing is written", async () => {
    const id = await fe.upload("Sites", fe.file("a.csv", "code,big\nr1,1\nr2,two\nr3,3\n"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {} });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /row 2: field 'big': "two" is not an integer/);
    assert.equal(await fe.count("Sites", 0), 0);
  });

  it("4.1: a CSV row with too many columns fails naming the row and line", async () => {
    const id = await fe.upload("Sites", fe.file("a.csv", "code,big\nr1,1\nr2,2,extra\n"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {} });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /row 2 \(line 3\)/);
    assert.equal(await fe.count("Sites", 0), 0);
  });

  it("4.1: bad coordinates name the row; rollbackOnFailure=false keeps the good rows", async () => {
    const id = await fe.upload("Sites", fe.file("a.csv", "code,latitude,longitude\nr1,50,10\nr2,north,10\nr3,51,11\n"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {}, rollbackOnFailure: false });
    assert.equal(job.status, "Completed");
    assert.equal(job.recordCount, 2);
    assert.match(job.messages[0], /row 2: coordinates .* are not numbers/);
    assert.deepEqual((await fe.features("Sites", 0)).map((f) => f.attributes.code), ["r1", "r3"]);
  });

  it("4.1: the wrong geometry type fails naming the row", async () => {
    const edits = { features: [{ attributes: { code: "p" }, geometry: { x: 1, y: 1 } }] };
    const job = await fe.append("Areas", 0, { edits });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /row 1: geometry type esriGeometryPoint does not match the layer's esriGeometryPolygon/);
    assert.equal(await fe.count("Areas", 0), 0);
  });

  it("4.1: unknown fields in fieldMappings or appendFields fail naming the field", async () => {
    const edits = { features: [{ attributes: { code: "a" } }] };
    const byMapping = await fe.append("Sites", 0, { edits, fieldMappings: [{ source: "code", name: "nosuch" }] });
    assert.match(byMapping.messages[0], /fieldMappings: field 'nosuch' is not in layer sites/);
    const bySource = await fe.append("Sites", 0, { edits, fieldMappings: [{ source: "missing", name: "label" }] });
    assert.match(bySource.messages[0], /source field 'missing' is not in the source/);
    const byAppendFields = await fe.append("Sites", 0, { edits, appendFields: ["code", "ghost"] });
    assert.match(byAppendFields.messages[0], /appendFields: field 'ghost'/);
    assert.equal(await fe.count("Sites", 0), 0);
  });

  it("4.1: a missing matching field fails naming it", async () => {
    const id = await fe.upload("Sites", fe.file("a.csv", "label\nx\n"));
    const job = await fe.append("Sites", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {}, upsert: true, upsertMatchingField: "code" });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /upsert matching field 'code' is not in the source/);
  });

  it("4.1: a duplicate value in a unique field fails the whole append when rollbackOnFailure is true", async () => {
    const edits = { features: [{ attributes: { code: "d" } }, { attributes: { code: "e" } }, { attributes: { code: "d" } }] };
    const job = await fe.append("Sites", 0, { edits });
    assert.equal(job.status, "Failed");
    assert.match(job.messages[0], /row 3: field 'code': value "d" already exists/);
    assert.equal(await fe.count("Sites", 0), 0);
  });
});
