// FeatureService adoption at the provider level, against the emulator: a service made out of band,
// declared as the portal holds it (the export's shape), previews as an adopt with no change and its
// create sends no write; a program that differs previews and applies exactly the differences; an
// item that is missing, not a hosted service, or of another service name is refused at preview.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { createPortalClient, hostedServices, ops, resolvePortalConfig } from "../../../provider";
import { resourceProviders } from "../../../provider/resources";
import { addWebMap, clearRequestLog, requestLog } from "./portalCalls";
import { makeService, THREE_SERVICES } from "./serviceCalls";

const { featureService } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const plan = (r: { inputs?: Record<string, any> }) => (r.inputs?.plannedChanges ?? []) as string[];
const reasons = (r: { failures?: Array<{ property: string; reason: string }> }) => (r.failures ?? []).map((f) => `${f.property}: ${f.reason}`);

describe("provider FeatureService adoption (adoptItemId) against the emulator", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const made: Record<string, { itemId: string; url: string }> = {};
  /** The export's arguments for a service, read as export reads it. */
  const exported = async (itemId: string) => {
    const client = createPortalClient(resolvePortalConfig(undefined, { PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin }));
    try {
      return hostedServices.exportedService(await hostedServices.readHeldService(client, await ops.getItem(client, itemId)));
    } finally {
      await client.close();
    }
  };
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => q.path);

  before(async () => {
    emu = await startEmulator({ port: 0 });
    for (const s of THREE_SERVICES) made[s.name] = await makeService(emu, "dev_admin", s);
    await featureService.configure!(configFor(emu, "dev_admin") as any);
  });
  after(() => emu.close());

  it("exports a service in the declared shape: defaults left out, the portal's own values kept", async () => {
    assert.deepEqual(await exported(made.Parcels!.itemId), {
      name: "Parcels",
      title: "Parcels",
      description: "<p>Cadastre</p>",
      capabilities: "Query",
      maxRecordCount: 2000,
      spatialReference: { wkid: 3857 },
      allowGeometryUpdates: true,
      layers: {
        parcels: {
          geometryType: "esriGeometryPolygon",
          fields: [
            { name: "parcel_no", type: "esriFieldTypeInteger", alias: "Parcel number", nullable: false },
            { name: "zone", type: "esriFieldTypeString", length: 8, defaultValue: "R1" },
          ],
          indexes: [{ fields: "parcel_no", isUnique: true }],
          objectIdField: "FID",
          globalIdField: "GlobalID",
        },
      },
    });
  });

  it("adopts each of three services as exported with no change and no write", async () => {
    for (const s of THREE_SERVICES) {
      const { itemId, url } = made[s.name]!;
      const inputs = { adoptItemId: itemId, ...(await exported(itemId)) };
      await clearRequestLog(emu);
      const c = await featureService.check!({}, inputs);
      assert.deepEqual(reasons(c), []);
      assert.deepEqual(plan(c), [`= adopt feature service ${s.name} (${itemId}): no change`]);
      const r = await featureService.create(c.inputs!);
      assert.equal(r.id, itemId);
      assert.equal(r.outs.serviceUrl, url);
      assert.equal(r.outs.itemId, itemId);
      const first = Object.keys(r.outs.layers ?? r.outs.tables)[0]!;
      assert.equal((r.outs.layers ?? r.outs.tables)[first].url, `${url}/0`);
      assert.deepEqual(await writes(), [], `${s.name}: an adopt that agrees sends no write`);
      // the state then diffs as no change against the same program
      const again = await featureService.check!(c.inputs!, inputs);
      const d = await featureService.diff!(itemId, r.outs, again.inputs!);
      assert.equal(d.changes, false, `${s.name}: ${JSON.stringify(d)}`);
      // a refresh reads back what was adopted: no drift
      const read = await featureService.read!(itemId, r.outs);
      const rd = await featureService.diff!(itemId, read.props!, again.inputs!);
      assert.equal(rd.changes, false, `${s.name}: refresh ${JSON.stringify(rd)}`);
    }
  });

  it("adopts the emulator's own hosted service (editor-tracking fields, a global id) with no write", async () => {
    const hit = (await (await fetch(`${emu.sharingUrl}/search?f=json&q=${encodeURIComponent('type:"Feature Service" owner:dev_publisher')}&token=${emu.tokens.dev_admin}`)).json()) as any;
    const item = hit.results.find((r: any) => r.title === "Stations");
    assert.ok(item, JSON.stringify(hit));
    const inputs = { adoptItemId: item.id, ...(await exported(item.id)) };
    await clearRequestLog(emu);
    const c = await featureService.check!({}, inputs);
    assert.deepEqual([reasons(c), plan(c)], [[], [`= adopt feature service Stations (${item.id}): no change`]]);
    await featureService.create(c.inputs!);
    assert.deepEqual(await writes(), []);
  });

  it("plans and applies only what differs: a capability, an alias, a new field and index", async () => {
    const { itemId, url } = made.WeatherStations!;
    const inputs: any = { adoptItemId: itemId, ...(await exported(itemId)) };
    inputs.capabilities = "Query,Create,Update,Delete,Editing,Extract";
    const stations = inputs.layers.stations;
    stations.fields = stations.fields.map((f: any) => (f.name === "name" ? { ...f, alias: "Name" } : f));
    stations.fields.push({ name: "kind", type: "esriFieldTypeString", length: 30 });
    stations.indexes.push({ fields: "kind" });
    const c = await featureService.check!({}, inputs);
    assert.deepEqual(reasons(c), []);
    assert.deepEqual(plan(c), [
      `= adopt feature service WeatherStations (${itemId})`,
      '~ capabilities: "Query,Create,Update,Delete,Editing" → "Query,Create,Update,Delete,Editing,Extract"',
      "~ layer stations",
      "+ field kind (string)",
      "+ index on kind",
      '~ field name: alias "Station name" → "Name"',
    ]);
    await clearRequestLog(emu);
    await featureService.create(c.inputs!);
    assert.deepEqual((await writes()).map((p) => p.replace(/^.*\/admin\/services\//, "")), [
      "WeatherStations/FeatureServer/updateDefinition",
      "WeatherStations/FeatureServer/0/addToDefinition",
      "WeatherStations/FeatureServer/0/updateDefinition",
    ]);
    const layer: any = await (await fetch(`${url}/0?f=json&token=${emu.tokens.dev_admin}`)).json();
    assert.deepEqual(layer.fields.map((f: any) => f.name), ["OBJECTID", "station_id", "name", "elevation", "kind"]);
    assert.equal(layer.fields.find((f: any) => f.name === "name").alias, "Name");
    assert.equal(layer.capabilities, "Query,Create,Update,Delete,Editing,Extract");
  });

  it("after adoption: removing adoptItemId changes nothing, another id replaces, a rename with adoptItemId kept is refused", async () => {
    const { itemId } = made.Parcels!;
    const inputs: any = { adoptItemId: itemId, ...(await exported(itemId)) };
    const c = await featureService.check!({}, inputs);
    const { outs } = await featureService.create(c.inputs!);
    const { adoptItemId: _dropped, ...without } = inputs;
    const kept = await featureService.check!(c.inputs!, without);
    assert.deepEqual([reasons(kept), plan(kept)], [[], []]);
    assert.equal((await featureService.diff!(itemId, outs, kept.inputs!)).changes, false);
    const other = await featureService.check!(c.inputs!, { ...inputs, adoptItemId: made.Inspections!.itemId });
    assert.match(reasons(other).join("\n"), /^name: item \w+'s service is named Inspections, not Parcels/);
    assert.deepEqual((await featureService.diff!(itemId, outs, { ...inputs, adoptItemId: made.Inspections!.itemId })).replaces, ["adoptItemId"]);
    const renamed = await featureService.check!(c.inputs!, { ...inputs, name: "Lots" });
    assert.match(reasons(renamed).join("\n"), /^adoptItemId: this change replaces the adopted service Parcels, and a replacement creates a new service: remove adoptItemId/);
  });

  it("refuses at preview: a missing item, a web map, another service name, another geometry type", async () => {
    const base = await exported(made.Parcels!.itemId);
    const missing = await featureService.check!({}, { ...base, adoptItemId: "0123456789abcdef0123456789abcdef" });
    assert.match(reasons(missing).join("\n"), /^adoptItemId: no item 0123456789abcdef0123456789abcdef in the portal/);
    const mapId = await addWebMap(emu, "dev_admin", "Not a service");
    const map = await featureService.check!({}, { ...base, adoptItemId: mapId });
    assert.match(reasons(map).join("\n"), /^adoptItemId: item \w+ "Not a service" is a "Web Map" item; FeatureService adopts the item of a hosted feature service/);
    const renamed = await featureService.check!({}, { ...base, name: "Lots", adoptItemId: made.Parcels!.itemId });
    assert.match(reasons(renamed).join("\n"), /^name: item \w+'s service is named Parcels, not Lots, and the portal cannot rename a service; set name: "Parcels"/);
    const geometry: any = { ...base, adoptItemId: made.Parcels!.itemId, layers: { parcels: { ...(base.layers as any).parcels, geometryType: "esriGeometryPoint" } } };
    const g = await featureService.check!({}, geometry);
    assert.match(reasons(g).join("\n"), /^layers: layers\.parcels: the service holds it as polygon, object-id field FID, global-id field GlobalID, the program declares point/);
    const sr = await featureService.check!({}, { ...base, adoptItemId: made.Parcels!.itemId, spatialReference: { wkid: 4326 } });
    assert.match(reasons(sr).join("\n"), /^spatialReference: service Parcels has spatial reference 3857, not 4326/);
  });

  it("a field the program leaves out is a data loss: counted, refused unless allowDataLoss lists it", async () => {
    const { itemId, url } = made.Inspections!;
    const rows = [1, 0, 1].map((passed, i) => ({ attributes: { inspector: `I${i}`, passed } }));
    const body = new URLSearchParams({ f: "json", token: emu.tokens.dev_admin!, edits: JSON.stringify({ features: rows }) });
    const start: any = await (await fetch(`${url}/0/append`, { method: "POST", body })).json();
    assert.ok(start.statusUrl, JSON.stringify(start));
    const status = async () => ((await (await fetch(`${start.statusUrl}?f=json&token=${emu.tokens.dev_admin}`)).json()) as any).status;
    for (let i = 0; i < 500 && (await status()) !== "Completed"; i++) await new Promise((r) => setTimeout(r, 10));
    const inputs: any = { adoptItemId: itemId, ...(await exported(itemId)) };
    inputs.tables.inspections.fields = inputs.tables.inspections.fields.filter((f: any) => f.name !== "passed");
    const c = await featureService.check!({}, inputs);
    assert.deepEqual(plan(c), [`= adopt feature service Inspections (${itemId})`, "~ table inspections", "- field passed (small integer): 3 values"]);
    assert.deepEqual(reasons(c), ['allowDataLoss: tables.inspections.fields.passed: this change drops 3 values it holds; to allow it, list "tables.inspections.fields.passed" in allowDataLoss']);
    const allowed = await featureService.check!({}, { ...inputs, allowDataLoss: ["tables.inspections.fields.passed"] });
    assert.deepEqual(reasons(allowed), []);
  });
});
