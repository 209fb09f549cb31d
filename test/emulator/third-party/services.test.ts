// arcgis-rest-js 4.x, unchanged, against hosted feature services made as code: isServiceNameAvailable,
// createFeatureService and addToServiceDefinition make a service the way rest-js users script it, and
// getService, getLayer and queryFeatures read a service the FeatureService provider created.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager } from "@esri/arcgis-rest-request";
import { isServiceNameAvailable } from "@esri/arcgis-rest-portal";
import { addToServiceDefinition, createFeatureService, getLayer, getService, queryFeatures } from "@esri/arcgis-rest-feature-service";
import { resourceProviders } from "../../../provider/resources";
import { as, request, start, stop, until } from "./support";

describe("arcgis-rest-js: hosted feature services made as code", () => {
  let emu: RunningEmulator;
  before(async () => (emu = await start()));
  after(async () => stop(emu));

  it("isServiceNameAvailable, createFeatureService and addToServiceDefinition make a service", async () => {
    const session = await ArcGISIdentityManager.signIn({ username: "dev_publisher", password: "dev_publisher-password", portal: emu.sharingUrl });
    assert.deepEqual(await isServiceNameAvailable("Gauges", "featureService", session), { available: true });
    const made = await createFeatureService({ ...as(emu, "dev_publisher"), item: { name: "Gauges", capabilities: "Query,Create,Update,Delete,Editing", spatialReference: { wkid: 4326 } } });
    assert.equal(made.success, true);
    assert.equal(made.serviceurl, `${emu.serviceUrl}/Gauges/FeatureServer`);
    assert.deepEqual(await isServiceNameAvailable("Gauges", "featureService", session), { available: false });
    const added = await addToServiceDefinition(made.serviceurl, {
      authentication: session,
      layers: [{ name: "gauges", type: "Feature Layer", geometryType: "esriGeometryPoint", fields: [{ name: "gauge_id", type: "esriFieldTypeString", length: 20 }], indexes: [{ name: "gauge_uq", fields: "gauge_id", isUnique: true, isAscending: true, description: "" }] }] as any,
    });
    assert.deepEqual(added.layers, [{ name: "gauges", id: 0 }]);
    const layer = await getLayer({ ...as(emu, "dev_publisher"), url: `${made.serviceurl}/0` });
    assert.deepEqual(layer.fields?.map((f) => f.name), ["OBJECTID", "gauge_id"]);
  });

  it("getService, getLayer and queryFeatures read a service the FeatureService provider created", async () => {
    const { featureService } = resourceProviders;
    await featureService.configure!({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher })[k], require: () => "" } } as any);
    const c = await featureService.check!({}, {
      name: "Rivers",
      capabilities: "Query,Create,Update,Delete,Editing",
      layers: { rivers: { geometryType: "esriGeometryPolyline", fields: [{ name: "river_id", type: "esriFieldTypeString", length: 12 }, { name: "length_km", type: "esriFieldTypeDouble" }], indexes: [{ fields: "river_id", isUnique: true }] } },
      tables: { flows: { fields: [{ name: "river_id", type: "esriFieldTypeString" }, { name: "flow", type: "esriFieldTypeDouble" }] } },
    });
    assert.deepEqual(c.failures ?? [], []);
    const { outs } = await featureService.create(c.inputs!);
    const service = await getService({ ...as(emu, "dev_publisher"), url: outs.serviceUrl });
    assert.deepEqual(service.layers.map((l) => [l.id, l.name]), [[0, "rivers"]]);
    assert.deepEqual(service.tables.map((t) => [t.id, t.name]), [[1, "flows"]]);
    assert.equal(service.capabilities, "Query,Create,Update,Delete,Editing");
    const layer = await getLayer({ ...as(emu, "dev_publisher"), url: outs.layers.rivers.url });
    assert.equal(layer.geometryType, "esriGeometryPolyline");
    assert.deepEqual(layer.fields?.map((f) => f.name), ["OBJECTID", "river_id", "length_km"]);
    assert.deepEqual((layer as { indexes?: Array<{ fields: string; isUnique: boolean }> }).indexes?.map((i) => [i.fields, i.isUnique]), [["river_id", true]]);
    const started = await request(`${outs.layers.rivers.url}/append`, { ...as(emu, "dev_publisher"), params: { edits: JSON.stringify({ features: [{ attributes: { river_id: "R1", length_km: 12.5 }, geometry: { paths: [[[0, 0], [1, 1]]] } }] }) } });
    await until(() => request(started.statusUrl, { ...as(emu, "dev_publisher"), httpMethod: "GET" }), (j) => /^(completed|failed)$/i.test(j.status), "the append job");
    const rows = (await queryFeatures({ ...as(emu, "dev_publisher"), url: outs.layers.rivers.url, where: "river_id = 'R1'", outFields: "*" })) as { features: Array<{ attributes: Record<string, unknown> }> };
    assert.deepEqual(rows.features.map((f) => [f.attributes.river_id, f.attributes.length_km]), [["R1", 12.5]]);
  });
});
