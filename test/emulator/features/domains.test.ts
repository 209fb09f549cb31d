// Field domains on the emulator: stored by addToDefinition and updateDefinition and returned in the
// layer JSON, refused with a 400 envelope when they cannot be, and not enforced on appended rows (a
// hosted feature service stores a value outside its field's coded values).
import { strict as assert } from "node:assert";
import { FeatureEmulator, service } from "./support";

const kinds = { type: "codedValue", name: "Kinds", codedValues: [{ name: "Bus", code: 1 }, { name: "Tram", code: 2 }] };

describe("hosted feature services: field domains", () => {
  let fe: FeatureEmulator;
  const admin = (rest: string) => `${fe.emu.url}/arcgis/rest/admin/services/Lines/FeatureServer${rest}`;
  const layerField = async (name: string) => (await fe.post(fe.url("Lines", "/0"), {})).fields.find((f: { name: string }) => f.name === name);
  before(async () => {
    fe = await FeatureEmulator.start({ services: [] });
    const made = await fe.post(`${fe.emu.url}/sharing/rest/content/users/dev_publisher/createService`, { outputType: "featureService", createParameters: { name: "Lines", capabilities: "Query,Create,Update,Delete,Editing,Append" } });
    assert.equal(made.success, true, JSON.stringify(made));
    const added = await fe.post(admin("/addToDefinition"), { addToDefinition: { layers: [{ name: "stops", geometryType: "esriGeometryPoint", fields: [
      { name: "code", type: "esriFieldTypeString", length: 10 },
      { name: "kind", type: "esriFieldTypeSmallInteger", domain: kinds },
      { name: "height", type: "esriFieldTypeDouble", domain: { type: "range", name: "Heights", range: [0, 40] } },
    ] }] } });
    assert.equal(added.success, true, JSON.stringify(added));
  });
  after(async () => fe.close());

  it("the layer JSON returns each field's domain as it was given", async () => {
    assert.deepEqual((await layerField("kind")).domain, kinds);
    assert.deepEqual((await layerField("height")).domain, { type: "range", name: "Heights", range: [0, 40] });
    assert.equal((await layerField("code")).domain, undefined);
  });

  it("updateDefinition changes a domain and null clears one", async () => {
    const more = { ...kinds, codedValues: [...kinds.codedValues, { name: "Metro", code: 3 }] };
    assert.equal((await fe.post(admin("/0/updateDefinition"), { updateDefinition: { fields: [{ name: "kind", domain: more }] } })).success, true);
    assert.deepEqual((await layerField("kind")).domain, more);
    assert.equal((await fe.post(admin("/0/updateDefinition"), { updateDefinition: { fields: [{ name: "height", domain: null }] } })).success, true);
    assert.equal((await layerField("height")).domain, undefined);
  });

  it("a domain that cannot be is a 400 in the envelope, naming the field and the rule; nothing changes", async () => {
    const refused = async (field: object) => {
      const r = await fe.post(admin("/0/addToDefinition"), { addToDefinition: { fields: [field] } });
      assert.equal(r.error?.code, 400, JSON.stringify(r));
      return r.error.message as string;
    };
    assert.match(await refused({ name: "k2", type: "esriFieldTypeInteger", domain: { type: "codedValue", name: "K", codedValues: [{ name: "A", code: 1 }, { name: "B", code: 1 }] } }), /field k2 has an invalid domain: duplicate code 1/);
    assert.match(await refused({ name: "r2", type: "esriFieldTypeDouble", domain: { type: "range", name: "R", range: [5, 1] } }), /field r2 has an invalid domain: the range's minimum 5 is greater than its maximum 1/);
    assert.match(await refused({ name: "g2", type: "esriFieldTypeGUID", domain: { type: "codedValue", name: "K", codedValues: [{ name: "A", code: "a" }] } }), /field g2 has an invalid domain: a codedValue domain cannot apply to a field of type esriFieldTypeGUID/);
    assert.match(await refused({ name: "s2", type: "esriFieldTypeString", domain: { type: "range", name: "R", range: [0, 1] } }), /a range domain cannot apply to a field of type esriFieldTypeString/);
    assert.match(await refused({ name: "s3", type: "esriFieldTypeString", domain: { type: "codedValue", name: "K", codedValues: [{ name: "A", code: 1 }] } }), /each coded value needs a name and a string code/);
    const r = await fe.post(admin("/0/updateDefinition"), { updateDefinition: { fields: [{ name: "kind", domain: { type: "range", name: "R", range: [3, 2] } }] } });
    assert.equal(r.error?.code, 400);
    const names = (await fe.post(fe.url("Lines", "/0"), {})).fields.map((f: { name: string }) => f.name);
    assert.deepEqual(names, ["OBJECTID", "code", "kind", "height"]);
    assert.equal((await layerField("kind")).domain.type, "codedValue");
  });

  it("an appended value outside the coded values is stored, as the hosted service does", async () => {
    const id = await fe.upload("Lines", fe.file("stops.csv", "code,kind,latitude,longitude\nS1,1,50,10\nS9,9,51,11\n"));
    const job = await fe.append("Lines", 0, { appendUploadId: id, appendUploadFormat: "csv", appendSourceInfo: {} });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    const rows = await fe.features("Lines", 0);
    assert.deepEqual(rows.map((r: { attributes: Record<string, unknown> }) => [r.attributes.code, r.attributes.kind]), [["S1", 1], ["S9", 9]]);
  });

  it("a services fixture may give a field's domain; one that cannot be is refused naming the layer and field", async () => {
    const layer = (domain: object) => ({ id: 0, name: "stops", geometryType: "esriGeometryPoint", fields: [{ name: "kind", type: "esriFieldTypeSmallInteger", domain }] });
    const fx = await FeatureEmulator.start({ services: [service("Fixed", [layer(kinds)])] });
    try {
      const json = await fx.post(fx.url("Fixed", "/0"), {});
      assert.deepEqual(json.fields.find((f: { name: string }) => f.name === "kind").domain, kinds);
    } finally {
      await fx.close();
    }
    await assert.rejects(FeatureEmulator.start({ services: [service("Bad", [layer({ type: "range", name: "R", range: [2, 1] })])] }), /services fixture: layer stops: field kind has an invalid domain: the range's minimum 2 is greater than its maximum 1/);
  });
});
