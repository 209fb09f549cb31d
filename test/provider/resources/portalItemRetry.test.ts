// PortalItem create is safe to retry (spec.md#design-retries, spec.md#item-fields itemIdToCreate): dropped connections on
// addItem never leave a duplicate; an answer lost after the portal made the item adopts that item;
// an id taken by someone else's item fails clearly.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { addItemProxy, itemsTitled } from "./addItemProxy";
import { addWebMap, clearRequestLog, requestLog } from "./portalCalls";

const configFor = (portalUrl: string, token: string) => ({ config: { get: (k: string) => ({ "portal:url": portalUrl, "portal:token": token })[k], require: () => "" } });

async function checked(news: Record<string, any>): Promise<Record<string, any>> {
  const r = await p.check!({}, news);
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

describe("provider PortalItem create retry safety against the emulator", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    await p.configure!(configFor(emu.portalUrl, emu.tokens.dev_publisher) as any);
  });

  it("spec.md#design-retries: dropped connections on every addItem repeat the same itemIdToCreate and leave no item; the next run makes exactly one", async () => {
    const inputs = await checked({ type: "Web Map", title: "Dropped", text: {} });
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, dropConnections: true, paths: "addItem$" }) });
    await clearRequestLog(emu);
    await assert.rejects(p.create(inputs));
    const adds = ((await requestLog(emu)) as unknown as Array<{ path: string; status: number }>).filter((q) => /addItem$/.test(q.path));
    assert.ok(adds.length >= 2, `addItem was sent ${adds.length} time(s): it is safe to retry with itemIdToCreate`);
    assert.ok(adds.every((q) => q.status === 0));
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    assert.deepEqual(await itemsTitled(emu, "dev_publisher", "Dropped"), []);
    const c = await p.create(inputs);
    assert.equal(c.id, inputs.itemIdToCreate);
    assert.equal((await itemsTitled(emu, "dev_publisher", "Dropped")).length, 1);
  });

  it("spec.md#design-resources: an addItem answer lost after the item was made is retried, answered 'id exists', and the item adopted", async () => {
    const proxy = await addItemProxy(emu.url, { dropFirstAnswer: true });
    try {
      const data = await addWebMap(emu, "dev_publisher", "Lost answer data");
      await p.configure!(configFor(proxy.url, emu.tokens.dev_publisher) as any);
      const inputs = await checked({ type: "Feature Service", title: "Lost answer", url: "https://services.example.com/Lost/FeatureServer", relationship: { type: "Service2Data", destinationItemId: data } });
      await clearRequestLog(emu);
      const c = await p.create(inputs);
      assert.equal(proxy.dropped(), 1);
      assert.equal(c.id, inputs.itemIdToCreate);
      assert.deepEqual(c.outs.relatedItemIds, [data]);
      const adds = ((await requestLog(emu)) as unknown as Array<{ path: string; status: number }>).filter((q) => /addItem$/.test(q.path));
      assert.deepEqual(adds.map((q) => q.status), [200, 409]);
      assert.equal((await itemsTitled(emu, "dev_publisher", "Lost answer")).length, 1);
    } finally {
      await proxy.close();
    }
  });

  it("spec.md#design-item-create-retry: an itemIdToCreate taken by a different item fails clearly and touches nothing", async () => {
    const other = await checked({ type: "Web Map", title: "Someone else's", text: {} });
    const made = await p.create(other);
    const mine = await checked({ type: "Web Map", title: "Mine", text: {}, itemIdToCreate: made.id });
    await assert.rejects(p.create(mine), /already exists .*not this resource's item.*itemIdToCreate/);
    assert.deepEqual(await itemsTitled(emu, "dev_publisher", "Mine"), []);
    assert.equal((await itemsTitled(emu, "dev_publisher", "Someone else's")).length, 1);
  });
});
