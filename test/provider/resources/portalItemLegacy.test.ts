// PortalItem create on a portal before 10.8.1 (spec.md#versions: no itemIdToCreate). The emulator started at
// release 10.8 reports currentVersion 10.8 and ignores itemIdToCreate as such a portal does; the
// provider sends none there, searches for the item carrying this resource's marker before addItem,
// and adopts it: a create whose answer was lost (SIGKILL before the state write, or a dropped
// answer) leaves one item, not two.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { itemIdToCreateSupported } from "../../../provider/ops/portal";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { resourceMarker, stackMarker } from "../../../provider/resources/portalItem/identity";
import { addItemProxy, itemsTitled } from "./addItemProxy";
import { clearRequestLog, requestLog } from "./portalCalls";

const URN = "urn:pulumi:dev::legacyproj::pulumi-nodejs:dynamic:Resource::map";
const configFor = (portalUrl: string, token: string) => ({ config: { get: (k: string) => ({ "portal:url": portalUrl, "portal:token": token })[k], require: () => "" } });

async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
  const r = await p.check!(olds, { __urn: URN, ...news });
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

describe("provider PortalItem create on a portal before 10.8.1 (marker search instead of itemIdToCreate)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ port: 0, release: "10.8" });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu.portalUrl, emu.tokens.dev_publisher) as any);
  });

  it("spec.md#versions: portals/self currentVersion decides; sharing API versions and years are read as well as releases", () => {
    for (const v of ["10.8", "10.7.1", "10.6", "8.1", "7.1", "5.2", "", undefined, "x"]) assert.equal(itemIdToCreateSupported(v), false, String(v));
    for (const v of ["10.8.1", "10.9", "11.4", "8.2", "8.4", "9.2", "10.3", "2024.1", 2023.2]) assert.equal(itemIdToCreateSupported(v), true, String(v));
  });

  it("create sends no itemIdToCreate, and the item carries this resource's and this stack's markers", async () => {
    const proxy = await addItemProxy(emu.url, { dropFirstAnswer: false });
    try {
      await p.configure!(configFor(proxy.url, emu.tokens.dev_publisher) as any);
      const inputs = await checked({ type: "Web Map", title: "Old portal map", text: {} });
      const c = await p.create(inputs);
      assert.notEqual(c.id, inputs.itemIdToCreate, "the portal made its own id");
      assert.equal(proxy.bodies.length, 1);
      assert.ok(!proxy.bodies[0].includes("itemIdToCreate"), proxy.bodies[0]);
      const [item] = await itemsTitled(emu, "dev_publisher", "Old portal map");
      assert.equal(item.id, c.id);
      assert.ok(item.typeKeywords.includes(resourceMarker(URN)) && item.typeKeywords.includes(stackMarker("legacyproj/dev")), JSON.stringify(item.typeKeywords));
    } finally {
      await proxy.close();
    }
  });

  it("a create whose result was lost (killed before the state write) is run again: the marked item is adopted, one item", async () => {
    const inputs = await checked({ type: "Web Map", title: "Lost checkpoint", text: {} });
    const first = await p.create(inputs); // the item exists; the engine never records the answer
    const again = await checked({ type: "Web Map", title: "Lost checkpoint", snippet: "now with a snippet", text: {} });
    await clearRequestLog(emu);
    const second = await p.create(again);
    assert.equal(second.id, first.id);
    const held = await itemsTitled(emu, "dev_publisher", "Lost checkpoint");
    assert.equal(held.length, 1);
    assert.equal(held[0].snippet, "now with a snippet", "the adopted item is brought to what the program says");
    const ops = (await requestLog(emu)).map((q) => q.path.split("?")[0]);
    assert.ok(!ops.some((path) => /addItem$/.test(path)), ops.join("\n"));
    assert.ok(ops.some((path) => /\/search$/.test(path)), ops.join("\n"));
  });

  it("an addItem answer dropped after the portal made the item is not sent again; the marked item is adopted", async () => {
    const proxy = await addItemProxy(emu.url, { dropFirstAnswer: true });
    try {
      await p.configure!(configFor(proxy.url, emu.tokens.dev_publisher) as any);
      const inputs = await checked({ type: "Web Map", title: "Dropped answer", text: {} });
      const c = await p.create(inputs);
      assert.equal(proxy.dropped(), 1);
      assert.equal(proxy.bodies.length, 1, "addItem without itemIdToCreate is not repeated blindly");
      const held = await itemsTitled(emu, "dev_publisher", "Dropped answer");
      assert.deepEqual(held.map((i) => i.id), [c.id]);
    } finally {
      await proxy.close();
    }
  });

  it("a replacement (next generation) does not adopt the item it replaces", async () => {
    const first = await checked({ type: "Web Map", title: "Replaced", text: {} });
    const made = await p.create(first);
    const olds = { ...first, ...made.outs };
    const next = await checked({ type: "Web Mapping Application", title: "Replaced", url: "https://apps.example.com/app" }, olds);
    assert.equal(next.__generation, 1);
    const replacement = await p.create(next);
    assert.notEqual(replacement.id, made.id);
    assert.equal((await itemsTitled(emu, "dev_publisher", "Replaced")).length, 2);
    // and the replacement's own lost answer is adopted on the next try
    assert.equal((await p.create(next)).id, replacement.id);
    assert.equal((await itemsTitled(emu, "dev_publisher", "Replaced")).length, 2);
  });

  it("another resource's marked item is never adopted", async () => {
    const other = await p.check!({}, { __urn: `${URN}-other`, type: "Web Map", title: "Same title", text: {} });
    const a = await p.create(other.inputs);
    const mine = await checked({ type: "Web Map", title: "Same title", text: {} });
    const b = await p.create(mine);
    assert.notEqual(a.id, b.id);
  });
});
