// FeatureService's preview of an in-place update without portal:serviceUrl: the kept layers' ids and
// URLs are read under the services root discovered from the portal, and the URLs are the ones the
// service answers at (its item's), so what reads them (a LayerAppend's layer) sees at preview what
// apply gives, also on the emulator's first organization, whose services keep their legacy URL form.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";

const { featureService } = resourceProviders;
const declared = (extra: object = {}) => ({
  name: "Depots",
  capabilities: "Query",
  spatialReference: { wkid: 4326 },
  layers: { depots: { geometryType: "esriGeometryPoint", fields: [{ name: "code", type: "esriFieldTypeString", length: 10 }, ...[extra].filter((e) => Object.keys(e).length > 0)] } },
});

describe("provider FeatureService: kept layers under the discovered services root", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0, jobDelayMs: 1 });
    const config: Record<string, string> = { "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher! };
    await featureService.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
  });
  after(() => emu.close());

  it("an in-place change plans the kept layer with the id and URL apply gives", async () => {
    const c = await featureService.check!({}, declared());
    const made = await featureService.create(c.inputs!);
    assert.equal(made.outs.layers.depots.url, `${emu.serviceUrl}/Depots/FeatureServer/0`, "the first organization's legacy form");
    // the engine hands check the old inputs (no layer URL in them yet)
    const c2 = await featureService.check!(c.inputs!, declared({ name: "note", type: "esriFieldTypeString" }));
    assert.deepEqual(c2.failures ?? [], []);
    assert.deepEqual([c2.inputs!.layers.depots.id, c2.inputs!.layers.depots.url], [0, made.outs.layers.depots.url]);
    const up = await featureService.update!(made.id, made.outs, c2.inputs!);
    assert.equal(up.outs!.layers.depots.url, c2.inputs!.layers.depots.url);
  });
});
