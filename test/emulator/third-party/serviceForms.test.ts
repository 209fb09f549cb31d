// arcgis-rest-js 4.x, unchanged, against the URL forms of both deployments and names per organization:
// on Online (the default flavor) a second organization makes its own "Gauges" next to the first's, at
// <orgId>/arcgis/rest/services, changes it through addToServiceDefinition (rest-js's admin URL) with a
// coded-value domain and reads it with getService / getLayer / queryFeatures, also after a portal
// sign-in (rest/info of that root); on Enterprise the same calls work at server/rest/services/Hosted.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager } from "@esri/arcgis-rest-request";
import { isServiceNameAvailable } from "@esri/arcgis-rest-portal";
import { addToServiceDefinition, createFeatureService, getLayer, getService, queryFeatures } from "@esri/arcgis-rest-feature-service";
import { as, start, stop } from "./support";

const KINDS = { type: "codedValue", name: "Kinds", codedValues: [{ name: "River", code: 1 }, { name: "Lake", code: 2 }] };
const gauges = [{ name: "gauges", type: "Feature Layer", geometryType: "esriGeometryPoint", fields: [{ name: "gauge_id", type: "esriFieldTypeString", length: 20 }, { name: "kind", type: "esriFieldTypeSmallInteger", domain: KINDS }] }];

async function makeGauges(emu: RunningEmulator, user: string): Promise<string> {
  const session = await ArcGISIdentityManager.signIn({ username: user, password: `${user}-password`, portal: emu.sharingUrl });
  assert.deepEqual(await isServiceNameAvailable("Gauges", "featureService", session), { available: true });
  const made = await createFeatureService({ ...as(emu, user), item: { name: "Gauges", capabilities: "Query", spatialReference: { wkid: 4326 } } });
  assert.equal(made.success, true);
  assert.deepEqual((await addToServiceDefinition(made.serviceurl, { authentication: session, layers: gauges as any })).layers, [{ name: "gauges", id: 0 }]);
  const layer = await getLayer({ url: `${made.serviceurl}/0`, authentication: session });
  assert.deepEqual(layer.fields?.find((f) => f.name === "kind")?.domain, KINDS);
  assert.equal((await queryFeatures({ ...as(emu, user), url: `${made.serviceurl}/0`, where: "1=1", returnCountOnly: true }) as { count: number }).count, 0);
  return made.serviceurl;
}

describe("arcgis-rest-js: the service URL forms of ArcGIS Online and ArcGIS Enterprise", () => {
  describe("online", () => {
    let emu: RunningEmulator;
    before(async () => (emu = await start()));
    after(async () => stop(emu));

    it("two organizations each hold a Gauges; the second's has the Online form and is reached with a portal sign-in", async () => {
      const first = await makeGauges(emu, "dev_publisher");
      const prodOrg = Object.values(emu.orgs).find((o) => o.urlKey === "prod")!;
      const second = await makeGauges(emu, "prod_publisher");
      assert.equal(first, `${emu.serviceUrl}/Gauges/FeatureServer`);
      assert.equal(second, `${emu.url}/${prodOrg.id}/arcgis/rest/services/Gauges/FeatureServer`);
      const service = await getService({ ...as(emu, "prod_publisher"), url: second });
      assert.deepEqual(service.layers.map((l) => l.name), ["gauges"]);
    });
  });

  describe("enterprise", () => {
    let emu: RunningEmulator;
    before(async () => (emu = await start({ flavor: "enterprise" })));
    after(async () => stop(emu));

    it("a hosted service at server/rest/services/Hosted, changed at server/rest/admin/services/Hosted", async () => {
      assert.equal(await makeGauges(emu, "dev_publisher"), `${emu.url}/server/rest/services/Hosted/Gauges/FeatureServer`);
    });
  });
});
