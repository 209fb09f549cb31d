// Issue 29 scope 5: a relationship change adds the new relationship before it deletes the old one,
// so a failure between the two requests leaves the old one in place, and the state unchanged: the
// next preview still shows the change to do. A fault is injected on the second request.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { addWebMap } from "./portalCalls";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

describe("provider PortalItem: a relationship change that fails midway leaves the portal as it was (issue 29)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
    await p.configure!(configFor(emu, "dev_publisher") as any);
  });
  after(() => emu.close());

  it("Service2Data → Service2Layer with the delete of the old one refused: the old relationship stays; the next diff still has the change", async () => {
    const data = await addWebMap(emu, "dev_publisher", "Data");
    const base = { type: "Feature Service", title: "Water", url: "https://services.example.com/Water/FeatureServer" };
    const first = await p.check!({}, { ...base, relationship: { type: "Service2Data", destinationItemId: data } });
    const made = await p.create(first.inputs!);
    const next = await p.check!(first.inputs!, { ...base, relationship: { type: "Service2Layer", destinationItemId: data } });
    assert.deepEqual(next.failures ?? [], []);
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, codes: [400], paths: "deleteRelationship", count: 5 }) });
    try {
      await assert.rejects(p.update!(made.id, made.outs, next.inputs!));
    } finally {
      await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    }
    const related = async (type: string) => {
      const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher, relationshipType: type, direction: "forward" });
      const r: any = await (await fetch(`${emu.sharingUrl}/content/items/${made.id}/relatedItems?${q}`)).json();
      return (r.relatedItems ?? []).map((i: any) => i.id);
    };
    assert.deepEqual(await related("Service2Data"), [data], "the old relationship is still there");
    assert.deepEqual((await p.diff!(made.id, made.outs, next.inputs!)).changes, true, "the change is still to do");
    const done = await p.update!(made.id, made.outs, next.inputs!);
    assert.deepEqual(await related("Service2Data"), []);
    assert.deepEqual(await related("Service2Layer"), [data]);
    assert.deepEqual(done.outs.relatedItemIds, [data]);
  });
});
