// Issue 24 at the provider level, against the emulator: a refresh's reads that wait for a request of
// their own (a group's shared-item count, a folder's first page, an item's sharing) read their
// siblings' ahead (ops/readAhead.ts), in the order an export writes them, within a bound: reads made
// ahead that nothing asked for never number more than SPARE plus the reads asked for. Counted through
// the emulator's request log; a stack holding every sibling sends each request once.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { SPARE } from "../../../provider/ops/readAhead";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, portalPost, requestLog } from "./portalCalls";

const { group, folder, portalItem } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
type Props = Record<string, any>;
const N = 30;
const two = (i: number) => String(i).padStart(2, "0");

describe("provider read-ahead: a refresh's reads that wait read their siblings' ahead, within a bound (issue 24)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  const states = { groups: [] as Array<{ id: string; props: Props }>, folders: [] as Array<{ id: string; props: Props }>, items: [] as Array<{ id: string; props: Props }> };

  /** Requests whose path (ids folded to {id}) matches `re`, since the log was cleared. */
  const count = async (re: RegExp) => (await requestLog(emu)).filter((q) => re.test(q.path.split("?")[0].replace(/^\/sharing\/rest\//, "").replace(/[0-9a-f]{32}/gi, "{id}"))).length;
  const counts = () => count(/^content\/groups\/\{id\}$/);
  const pages = () => count(/^content\/users\/dev_admin\/\{id\}$/);
  const userItems = () => count(/^content\/users\/dev_publisher\/items\/\{id\}$/);
  /** Waits until nothing more is asked for (what was read ahead has landed). */
  async function settled(): Promise<void> {
    for (let last = -1, n = (await requestLog(emu)).length; n !== last; last = n, n = (await requestLog(emu)).length) await new Promise((r) => setTimeout(r, 150));
  }
  /** A new refresh: a provider configured again has a new client, with nothing read. */
  async function fresh(): Promise<void> {
    for (const p of [group, folder, portalItem]) await p.configure!(configFor(emu, "dev_admin") as any);
    await clearRequestLog(emu);
  }

  before(async () => {
    emu = await startEmulator({ port: 0 });
    // made out of title order, so the read-ahead's order is the export's, not the portal's
    const made: Array<{ group: string; folder: string; item: string }> = [];
    for (const i of [...Array(N).keys()].reverse()) {
      const item = (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/addItem", { title: `Map ${two(i)}`, type: "Web Map", text: "{}" })).id as string;
      await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${item}/share`, { org: "true" });
      made[i] = {
        group: (await portalPost(emu, "dev_admin", "community/createGroup", { title: `Crew ${two(i)}`, access: "org" })).group.id,
        folder: (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: `Folder ${two(i)}` })).folder.id,
        item,
      };
    }
    for (const p of [group, folder, portalItem]) await p.configure!(configFor(emu, "dev_admin") as any);
    for (const [i, m] of made.entries()) {
      states.groups[i] = { id: m.group, props: (await group.create((await group.check!({}, { title: `Crew ${two(i)}`, access: "org", adoptGroupId: m.group })).inputs!)).outs };
      states.folders[i] = { id: m.folder, props: (await folder.create((await folder.check!({}, { title: `Folder ${two(i)}`, owner: "dev_admin", adoptFolderId: m.folder })).inputs!)).outs };
      const c = await portalItem.check!({}, { adoptItemId: m.item, owner: "dev_publisher", type: "Web Map", title: `Map ${two(i)}`, sharing: { access: "org", groups: [] } });
      assert.deepEqual(c.failures ?? [], []);
      states.items[i] = { id: m.item, props: (await portalItem.create(c.inputs)).outs };
    }
  });
  after(() => emu.close());

  it("a stack holding every sibling sends each request once, read at the engine's parallelism", async () => {
    await fresh();
    const all = [...states.groups.map((s) => () => group.read!(s.id, s.props)), ...states.folders.map((s) => () => folder.read!(s.id, s.props)), ...states.items.map((s) => () => portalItem.read!(s.id, s.props))];
    const out: unknown[] = [];
    const lanes = Array.from({ length: 8 }, async () => {
      for (let next = all.shift(); next; next = all.shift()) out.push(await next());
    });
    await Promise.all(lanes);
    await settled();
    assert.equal(out.length, 3 * N);
    assert.equal(await counts(), N, "each group's count once");
    assert.equal(await pages(), N, "each folder's first page once");
    assert.equal(await userItems(), N, "each item's sharing once");
  });

  it("a stack holding one of many reads at most SPARE + 1 ahead; its siblings' reads then find their answers", async () => {
    await fresh();
    const g = await group.read!(states.groups[0].id, states.groups[0].props);
    assert.equal(g.props!.sharedItemCount, 0);
    await settled();
    assert.equal(await counts(), 1 + SPARE + 1, "its own, and SPARE + 1 ahead");
    await group.read!(states.groups[1].id, states.groups[1].props);
    await settled();
    assert.equal(await counts(), 1 + SPARE + 1 + 2, "the next sibling's answer was there; two more ahead (the bound grew by one, and one read ahead was used)");

    await folder.read!(states.folders[0].id, states.folders[0].props);
    await settled();
    assert.equal(await pages(), 1 + SPARE + 1);

    await portalItem.read!(states.items[0].id, states.items[0].props);
    await settled();
    assert.equal(await userItems(), 1 + SPARE + 1);
  });

  it("what was read ahead is the portal's answer of this refresh: drift between refreshes is seen", async () => {
    await fresh();
    await group.read!(states.groups[0].id, states.groups[0].props);
    await settled();
    // out of band, after this refresh read ahead: the next refresh must ask again
    const item = states.items[5].id;
    await portalPost(emu, "dev_admin", `community/groups/${states.groups[3].id}/addUsers`, { users: "dev_publisher" });
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${item}/share`, { groups: states.groups[3].id, org: "true" });
    // the next refresh, by the same provider (as `up --refresh` then `up` in one run): a resource read again begins it
    await clearRequestLog(emu);
    await group.read!(states.groups[0].id, states.groups[0].props);
    const g = await group.read!(states.groups[3].id, states.groups[3].props);
    assert.equal(g.props!.sharedItemCount, 1);
    const i = await portalItem.read!(item, states.items[5].props);
    assert.deepEqual(i.inputs!.sharing, { access: "org", groups: [states.groups[3].id] });
  });

  it("with shared reads off, nothing is read ahead", async () => {
    process.env.PORTAL_READ_CACHE_MS = "0";
    try {
      await fresh();
      await group.read!(states.groups[0].id, states.groups[0].props);
      await folder.read!(states.folders[0].id, states.folders[0].props);
      await portalItem.read!(states.items[0].id, states.items[0].props);
      await settled();
      assert.deepEqual([await counts(), await pages(), await userItems()], [1, 1, 1]);
    } finally {
      delete process.env.PORTAL_READ_CACHE_MS;
    }
  });
});
