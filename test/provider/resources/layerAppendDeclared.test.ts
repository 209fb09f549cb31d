// LayerAppend with `layer: service.layers["x"]`: the declared layer (fields, indexes) checked at preview,
// before the service exists and without a request; `layer` kept in the state as its id and URL only.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { PLAN_KEY } from "../../../provider/resources/machinery/plan";
import { UNKNOWN } from "../../../provider/rules/unknown";
import { TARGET_FROM_OUTPUT } from "../../../provider/resources/layerAppend/table";
import { writeJournal } from "../../../provider/resources/layerAppend/journal";

const p = resourceProviders.layerAppend;
const FIELDS = [
  { name: "station_id", type: "esriFieldTypeString", length: 20 },
  { name: "name", type: "esriFieldTypeString" },
  { name: "capacity", type: "esriFieldTypeInteger" },
];
/** The layer as a FeatureService outputs it at the preview of its create: declared, no id or url yet. */
const declared = (indexes: unknown[] = [], more: Record<string, unknown> = {}) => ({ geometryType: "esriGeometryPoint", fields: FIELDS, indexes, displayField: "name", ...more });
const UNIQUE = [{ fields: "station_id", isUnique: true }];
const URL = "http://portal.test/arcgis/rest/services/Stations/FeatureServer/0";

describe("provider LayerAppend: layer given as a FeatureService's layer, checked against its declared schema", () => {
  let emu: RunningEmulator;
  let dir: string;
  let csv: string;
  before(async () => {
    // the declared layer is checked without a request to it; the provider still reaches the portal once (its probe)
    emu = await startEmulator({ port: 0 });
    const config: Record<string, string> = { "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher!, "portal:serviceUrl": emu.serviceUrl };
    await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
    dir = mkdtempSync(join(tmpdir(), "append-declared-"));
    csv = join(dir, "stations.csv");
    writeFileSync(csv, "station_id,name,capacity,latitude,longitude\nS1,One,4,45.5,-73.6\n");
  });
  after(async () => {
    await emu?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = (news: Record<string, unknown>) => p.check!({}, { file: csv, upsert: true, upsertMatchingField: "station_id", ...news });
  const reasons = (r: { failures?: { property: string; reason: string }[] }) => (r.failures ?? []).map((f) => `${f.property}: ${f.reason}`);

  it("an upsert whose match field has no unique index in the declared layer fails, naming the field and the index to add", async () => {
    const r = await check({ layer: declared() });
    const [reason, ...rest] = reasons(r);
    assert.equal(rest.length, 0, reasons(r).join("\n"));
    assert.match(reason!, /^upsertMatchingField: "station_id" has no unique index in the declared point layer \(fields station_id, name, capacity\) of a feature service not created yet/);
    assert.ok(reason!.includes('add indexes: [{ fields: "station_id", isUnique: true }] to that layer in the FeatureService'), reason);
    assert.ok(reason!.includes("it can be matched on now: OBJECTID"), reason);
  });

  it("with the unique index declared, the check passes and the plan says where the rows go before the service exists", async () => {
    const r = await check({ layer: declared(UNIQUE) });
    assert.deepEqual(reasons(r), []);
    const plan = r.inputs[PLAN_KEY] as string[];
    assert.match(plan[0]!, /^\+ load file .*stations\.csv.*: upsert matching on station_id$/);
    assert.equal(plan[1], "  into the declared point layer (fields station_id, name, capacity) of a feature service not created yet");
    assert.equal(r.inputs.targetLayerUrl, undefined);
  });

  it("a match field the layer does not declare is named as such, with the declared fields", async () => {
    const r = await check({ layer: declared(UNIQUE), upsertMatchingField: "code" });
    assert.deepEqual(reasons(r), ['upsertMatchingField: "code" is not a field of the declared point layer (fields station_id, name, capacity) of a feature service not created yet; its fields: station_id, name, capacity, OBJECTID. Declare the field and a unique index on it in the FeatureService, or match on another field']);
  });

  it("once the service exists the layer is named by its URL; the state keeps its id and URL only", async () => {
    const bad = await check({ layer: { ...declared(), id: 0, url: URL } });
    assert.match(reasons(bad)[0]!, new RegExp(`has no unique index in the layer ${URL}, so the upsert could not match rows`));
    const ok = await check({ layer: { ...declared(UNIQUE), id: 0, url: URL } });
    assert.deepEqual(reasons(ok), []);
    assert.deepEqual(ok.inputs.layer, { id: 0, url: URL }, "the schema is not kept in the state");
    assert.equal(ok.inputs.targetLayerUrl, URL);
  });

  it("the layer's name, when the output gives it, is named in the reasons and the plan line", async () => {
    const before = await check({ layer: declared([], { name: "stations" }) });
    assert.match(reasons(before)[0]!, /^upsertMatchingField: "station_id" has no unique index in the declared point layer stations \(fields station_id, name, capacity\) of a feature service not created yet/);
    const plan = (await check({ layer: declared(UNIQUE, { name: "stations" }) })).inputs[PLAN_KEY] as string[];
    assert.equal(plan[1], "  into the declared point layer stations (fields station_id, name, capacity) of a feature service not created yet");
    const table = await check({ layer: { name: "readings", fields: FIELDS, indexes: [] } });
    assert.match(reasons(table)[0]!, /has no unique index in the declared table readings \(fields/);
    const made = await check({ layer: { ...declared([], { name: "stations" }), id: 0, url: URL } });
    assert.ok(reasons(made)[0]!.includes(`has no unique index in the layer stations at ${URL}, so the upsert could not match rows`), reasons(made)[0]);
    const kept = await check({ layer: { ...declared(UNIQUE, { name: "stations" }), id: 0, url: URL } });
    assert.deepEqual(kept.inputs.layer, { id: 0, url: URL }, "the name is not kept in the state either");
  });

  it("the object-id and global-id fields can be matched on without an index; useGlobalIds needs a declared globalIdField", async () => {
    assert.deepEqual(reasons(await check({ layer: declared(), upsertMatchingField: "OBJECTID", file: undefined, edits: { features: [] } })), []);
    const r = await check({ layer: declared(), upsertMatchingField: undefined, useGlobalIds: true });
    assert.match(reasons(r)[0]!, /^useGlobalIds: the declared point layer .* declares no globalIdField/);
    assert.deepEqual(reasons(await check({ layer: declared([], { globalIdField: "GlobalID" }), upsertMatchingField: undefined, useGlobalIds: true })), []);
  });

  it("fieldMappings and appendFields naming fields the layer lacks fail; a CSV without the match column fails", async () => {
    const r = await check({ layer: declared(UNIQUE), fieldMappings: [{ source: "cap", name: "capacty" }], appendFields: ["station_id", "nme"] });
    assert.deepEqual(reasons(r).map((x) => x.split(":")[0]), ["fieldMappings[0].name", "appendFields[1]"]);
    assert.ok(reasons(r)[0]!.includes('"capacty" is not a field of the declared point layer'), reasons(r)[0]);
    const other = join(dir, "other.csv");
    writeFileSync(other, "id,name\nS1,One\n");
    const noColumn = await check({ layer: declared(UNIQUE), file: other });
    assert.match(reasons(noColumn)[0]!, /^upsertMatchingField: the CSV ".*other\.csv" has no column "station_id" to match station_id on \(its columns: id, name\); add the column or map one to station_id with fieldMappings$/);
    assert.deepEqual(reasons(await check({ layer: declared(UNIQUE), file: other, fieldMappings: [{ source: "id", name: "station_id" }] })), []);
  });

  it("an unknown layer (computed at apply) or unknown indexes do not fail the preview", async () => {
    const whole = await check({ layer: UNKNOWN });
    assert.deepEqual(reasons(whole), []);
    assert.match((whole.inputs[PLAN_KEY] as string[])[0]!, /into the layer another resource gives \(known at apply\)/);
    assert.deepEqual(reasons(await check({ layer: declared(UNKNOWN as unknown as unknown[]) })), []);
    assert.deepEqual(reasons(await check({ layer: { ...declared(), fields: UNKNOWN } })), []);
  });

  it("exactly one target: layer, layerUrl or serviceName/layerId", async () => {
    const both = await check({ layer: declared(UNIQUE), layerUrl: URL });
    assert.deepEqual(reasons(both), ["layer: layer and layerUrl are both set; give one target"]);
    const none = await check({});
    assert.ok(reasons(none).includes("serviceName: no target layer; set layer (a FeatureService's layer), layerUrl, or serviceName and layerId"), reasons(none).join("\n"));
  });

  it("a target given as an output that holds nothing yet: layerUrl is planned (known at apply), layer names no layer", async () => {
    const url = await check({ [TARGET_FROM_OUTPUT]: "layerUrl" });
    assert.deepEqual(reasons(url), []);
    assert.match((url.inputs[PLAN_KEY] as string[])[0]!, / into the layerUrl another resource gives once it creates the layer: upsert matching on station_id$/);
    assert.equal(url.inputs[TARGET_FROM_OUTPUT], undefined, "the marker is not kept");
    const layer = await check({ [TARGET_FROM_OUTPUT]: "layer" });
    assert.deepEqual(reasons(layer), ['layer: the output given holds no layer: is the name in service.layers["<name>"] (or tables) one the FeatureService declares?']);
    assert.ok(reasons(await check({})).some((r) => r.includes("no target layer")), "without the marker a missing target is a mistake");
    await assert.rejects(p.create!({ file: csv, upsert: true, upsertMatchingField: "station_id" }), /layerUrl holds no URL/);
  });

    it("an interrupted run's journal record is found by the check of the same append given the full declared layer", async () => {
    process.env.PORTAL_APPEND_JOURNAL_DIR = join(dir, "journal");
    try {
      const urn = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/portal:LayerAppend::load";
      const news = { __urn: urn, layer: { ...declared(UNIQUE), id: 0, url: URL } };
      const { __urn: _urn, ...created } = (await check(news)).inputs; // what create gets
      await writeJournal(urn, created, { layer: URL, state: "started", jobId: "job1" });
      const plan = (await check(news)).inputs[PLAN_KEY] as string[];
      assert.ok(plan.some((l) => l.includes("an interrupted run started job job1")), plan.join("\n"));
    } finally {
      delete process.env.PORTAL_APPEND_JOURNAL_DIR;
    }
  });

    it("a schema change of the layer at the same URL is not a change of the append; another URL is", async () => {
    const olds = (await check({ layer: { ...declared(UNIQUE), id: 0, url: URL } })).inputs;
    const grown = { ...declared([...UNIQUE, { fields: "name" }]), fields: [...FIELDS, { name: "kind", type: "esriFieldTypeString" }], id: 0, url: URL };
    const same = await p.diff!("x", olds, (await check({ layer: grown })).inputs);
    assert.equal(same.changes, false);
    const moved = await p.diff!("x", olds, (await check({ layer: { ...declared(UNIQUE), id: 1, url: URL.replace(/0$/, "1") } })).inputs);
    assert.deepEqual(moved.replaces, ["layer"]);
  });
});
