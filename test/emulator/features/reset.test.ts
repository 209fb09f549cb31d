// The control plane's reset reloads the services fixture (spec.md#design-emulator: control.ts).
import { strict as assert } from "node:assert";
import { FeatureEmulator, pointLayer, service } from "./support";

describe("control-plane reset of the feature side", () => {
  let fe: FeatureEmulator;
  const reset = async (body: object) => (await fetch(`${fe.emu.controlUrl}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  beforeEach(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer()])] })));
  afterEach(async () => fe.close());

  it("control: reset empties the layers and registers the service item again", async () => {
    await fe.append("Sites", 0, { edits: { features: [{ attributes: { code: "a" } }] } });
    assert.equal(await fe.count("Sites", 0), 1);
    const before = (await fe.post(fe.url("Sites"), {})).serviceItemId;
    await reset({});
    assert.equal(await fe.count("Sites", 0), 0);
    const after = (await fe.post(fe.url("Sites"), {})).serviceItemId;
    assert.match(after, /^[0-9a-f]{32}$/i);
    const item: any = await (await fetch(`${fe.emu.sharingUrl}/content/items/${after}?f=json&token=${fe.token("dev_publisher")}`)).json();
    assert.equal(item.url, fe.url("Sites"));
    assert.notEqual(after, before);
  });
});
