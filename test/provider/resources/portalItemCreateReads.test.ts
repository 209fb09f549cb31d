// Issue 28 scope 3: the reads a PortalItem create makes, counted in the emulator's request log. A
// new item's sharing is known (private, no groups: spec.md#add-item), so sharing it needs no read
// first; the relationship it was made with is its only one, so its other end needs no relatedItems
// read. The item itself is still read back (created, modified and access are the portal's; addItem
// answers `{success, id, folder}`). The outputs are the full read-back's, compared key by key.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { readBack } from "../../../provider/resources/portalItem/read";
import { portalClient } from "../../../provider/resources/machinery/client";
import { addWebMap, clearRequestLog, portalGet, portalPost, requestLog } from "./portalCalls";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

async function checked(news: Record<string, any>): Promise<Record<string, any>> {
  const r = await p.check!({}, news);
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

/** The requests of the log as `METHOD path` with the ids cut to `:id` (no query). */
const shapes = (log: { method: string; path: string }[]) => log.map((q) => `${q.method} ${q.path.split("?")[0].replace(/\b[A-Za-z0-9]{32}\b/g, ":id")}`);

describe("provider PortalItem create: reads after the write (issue 28 scope 3)", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  let group = "";

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu, "dev_publisher") as any);
    group = (await portalPost(emu, "dev_publisher", "community/createGroup", { title: "Crews", access: "org" })).group.id;
  });

  it("a new item shared with a group and related to another: addItem, share, one read of the item; outputs as the full read-back's", async () => {
    const data = await addWebMap(emu, "dev_publisher", "Roads data");
    const inputs = await checked({ type: "Feature Service", title: "Roads", url: "https://services.example.com/Roads/FeatureServer", relationship: { type: "Service2Data", destinationItemId: data }, sharing: { access: "org", groups: [group] } });
    await portalClient().username(); // the connection read (portals/self) is not what this counts
    await clearRequestLog(emu);
    const c = await p.create(inputs);
    const log = shapes(await requestLog(emu)).filter((l) => !l.endsWith("/portals/self") && !l.includes("/community/groups"));
    assert.deepEqual(log, ["POST /sharing/rest/content/users/dev_publisher/addItem", "POST /sharing/rest/content/users/dev_publisher/items/:id/share", "GET /sharing/rest/content/items/:id"]);

    assert.deepEqual((await portalGet(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}`)).sharing, { access: "org", groups: [group] });
    assert.deepEqual(c.outs.relatedItemIds, [data]);
    assert.equal(c.outs.access, "org");
    assert.deepEqual(c.outs, await readBack(portalClient(), c.id, inputs), "the outputs the skipped reads would have given");
  });

  it("a relationship destination inherits its origin's sharing: that is read before sharing; an adopting create reads the relationships", async () => {
    const origin = await addWebMap(emu, "dev_publisher", "Public origin");
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${origin}/share`, { everyone: "true", org: "true" });
    const inputs = await checked({ type: "CSV", title: "Destination", text: "{}", relationship: { type: "Map2Service", originItemId: origin }, sharing: { access: "org" } });
    await portalClient().username();
    await clearRequestLog(emu);
    const c = await p.create(inputs);
    const log = shapes(await requestLog(emu)).filter((l) => !l.endsWith("/portals/self"));
    assert.ok(log.includes("GET /sharing/rest/content/users/dev_publisher/items/:id"), `the inherited sharing is read: ${log.join(", ")}`);
    assert.ok(!log.some((l) => l.endsWith("/share")), "public is above org: nothing to share");
    assert.equal(c.outs.access, "public");
    assert.deepEqual(c.outs, await readBack(portalClient(), c.id, inputs));

    // adopting the item: its relationships are the portal's to say
    const adopt = await checked({ type: "CSV", title: "Destination", adoptItemId: c.id, relationship: { type: "Map2Service", originItemId: origin }, __urn: "urn:pulumi:dev::reads::pulumi-nodejs:dynamic/portal:PortalItem::adopted" });
    await clearRequestLog(emu);
    const a = await p.create(adopt);
    assert.ok(shapes(await requestLog(emu)).some((l) => l.endsWith("/relatedItems")), "an adopted item's relationships are read");
    assert.deepEqual(a.outs.relatedItemIds, [origin]);
  });
});
