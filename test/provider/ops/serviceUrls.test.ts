// The hosted feature service URL forms of ArcGIS Online and ArcGIS Enterprise through the provider's
// service operations against the emulator playing each (EmulatorOptions.flavor), and service names
// unique per organization on Online (two organizations each hold a "Sensors").
import assert from "node:assert/strict";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { createPortalClient, resolvePortalConfig } from "../../../provider/config";
import type { PortalClient } from "../../../provider/rest/client";
import { adminUrl, changeDefinition, createService, getServiceInfo, isServiceNameAvailable } from "../../../provider/ops/services";

const LAYER = { layers: [{ name: "stations", geometryType: "esriGeometryPoint", fields: [{ name: "code", type: "esriFieldTypeString" }] }] };

function clients(emu: () => RunningEmulator) {
  const made: PortalClient[] = [];
  after(async () => Promise.all(made.map((c) => c.close())));
  return (user: string) => {
    const c = createPortalClient(resolvePortalConfig({ get: (k) => ({ "portal:url": emu().portalUrl, "portal:token": emu().tokens[user] })[k] }, {}), {});
    made.push(c);
    return c;
  };
}

describe("ops: hosted feature service URL forms and names per organization", () => {
  it("adminUrl: /rest/services becomes /rest/admin/services in both public forms", () => {
    assert.equal(adminUrl("https://services7.arcgis.com/AbCdEf123/arcgis/rest/services/Sensors/FeatureServer"), "https://services7.arcgis.com/AbCdEf123/arcgis/rest/admin/services/Sensors/FeatureServer");
    assert.equal(adminUrl("https://gis.example.com/server/rest/services/Hosted/Sensors/FeatureServer/"), "https://gis.example.com/server/rest/admin/services/Hosted/Sensors/FeatureServer");
  });

  describe("ArcGIS Online (the default flavor)", () => {
    let emu: RunningEmulator;
    before(async () => (emu = await startEmulator({ port: 0, jobDelayMs: 1 })));
    after(async () => emu.close());
    const client = clients(() => emu);
    const [dev, prod] = ["dev", "prod"].map((k) => () => Object.values(emu.orgs).find((o) => o.urlKey === k)!);

    it("each organization holds its own Sensors, at <orgId>/arcgis/rest/services; the admin operations answer at <orgId>/arcgis/rest/admin/services", async () => {
      assert.equal(emu.flavor, "online");
      const d = client("dev_publisher");
      const p = client("prod_publisher");
      assert.deepEqual(await isServiceNameAvailable(d, "Sensors"), { available: true });
      const inDev = await createService(d, "dev_publisher", { name: "Sensors", capabilities: "Query" });
      assert.deepEqual(await isServiceNameAvailable(d, "sensors"), { available: false });
      assert.deepEqual(await isServiceNameAvailable(p, "Sensors"), { available: true }, "names are unique per organization");
      const inProd = await createService(p, "prod_publisher", { name: "Sensors", capabilities: "Query" });
      // the first organization's services stay under RunningEmulator.serviceUrl; any other's have the Online form
      assert.equal(inDev.serviceurl, `${emu.serviceUrl}/Sensors/FeatureServer`);
      assert.equal(dev().serviceUrl, emu.serviceUrl);
      assert.equal(inProd.serviceurl, `${emu.url}/${prod().id}/arcgis/rest/services/Sensors/FeatureServer`);
      assert.equal(prod().serviceUrl, `${emu.url}/${prod().id}/arcgis/rest/services`);
      assert.equal(adminUrl(inProd.serviceurl), `${emu.url}/${prod().id}/arcgis/rest/admin/services/Sensors/FeatureServer`);
      assert.equal((await changeDefinition(p, "addToDefinition", inProd.serviceurl, LAYER)).success, true);
      assert.equal((await changeDefinition(d, "addToDefinition", inDev.serviceurl, { layers: [{ ...LAYER.layers[0], name: "depots" }] })).success, true);
      const names = async (c: PortalClient, url: string) => ((await getServiceInfo(c, url)).layers as Array<{ name: string }>).map((l) => l.name);
      assert.deepEqual(await names(p, inProd.serviceurl), ["stations"]);
      assert.deepEqual(await names(d, inDev.serviceurl), ["depots"]);
      // the first organization's service also answers at the Online form, and another organization's path is not its
      assert.deepEqual(await names(d, `${emu.url}/${dev().id}/arcgis/rest/services/Sensors/FeatureServer`), ["depots"]);
      await assert.rejects(getServiceInfo(d, inProd.serviceurl), /permissions|403/i);
      await assert.rejects(createService(p, "prod_publisher", { name: "SENSORS" }), /already exists/);
    });
  });

  describe("ArcGIS Enterprise (flavor enterprise)", () => {
    let emu: RunningEmulator;
    before(async () => (emu = await startEmulator({ port: 0, jobDelayMs: 1, flavor: "enterprise" })));
    after(async () => emu.close());
    const client = clients(() => emu);

    it("services at server/rest/services/Hosted/<name>/FeatureServer, admin at server/rest/admin/services/Hosted/<name>/FeatureServer; one namespace on the server", async () => {
      const d = client("dev_publisher");
      const made = await createService(d, "dev_publisher", { name: "Sensors", capabilities: "Query" });
      assert.equal(made.serviceurl, `${emu.url}/server/rest/services/Hosted/Sensors/FeatureServer`);
      assert.equal(emu.serviceUrl, `${emu.url}/server/rest/services/Hosted`);
      assert.equal(adminUrl(made.serviceurl), `${emu.url}/server/rest/admin/services/Hosted/Sensors/FeatureServer`);
      assert.equal((await changeDefinition(d, "addToDefinition", made.serviceurl, LAYER)).success, true);
      assert.deepEqual(((await getServiceInfo(d, made.serviceurl)).layers as Array<{ name: string }>).map((l) => l.name), ["stations"]);
      const root = await getServiceInfo(d, `${emu.url}/server/rest/services`);
      assert.deepEqual(root.folders, ["Hosted"]);
      assert.ok(((await getServiceInfo(d, `${emu.url}/server/rest/services/Hosted`)).services as Array<{ name: string }>).some((s) => s.name === "Hosted/Sensors"));
      assert.deepEqual(await isServiceNameAvailable(client("prod_publisher"), "Sensors"), { available: false });
      // the Online paths are not served
      await assert.rejects(getServiceInfo(d, `${emu.url}/arcgis/rest/services/Sensors/FeatureServer`), /Unknown operation|404/);
    });
  });

  it("an unknown flavor is refused naming the choices", async () => {
    await assert.rejects(startEmulator({ port: 0, flavor: "cloud" as never }), /flavor "cloud" must be one of online, enterprise/);
  });
});
