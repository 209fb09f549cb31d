// Issue 24 at the provider level, against the emulator: an adopting up and a refresh of many items,
// groups and a folder count their requests through the emulator's request log. An item's read is
// answered by its owner's folder listing (ops/bulk.ts), a group's by the organization's group
// search; only a shared item's sharing and an item's data are read one by one. Drift is still
// seen: a second refresh asks the portal again, and a shared item's groups are read per item.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, portalPost, requestLog } from "./portalCalls";

const { group, folder, portalItem, groupMembership } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
type Props = Record<string, any>;

/** "GET content/items/{id}" → count: where the requests went, ids folded. */
async function breakdown(emu: RunningEmulator): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const q of await requestLog(emu)) {
    const key = `${q.method} ${q.path.split("?")[0].replace(/^\/sharing\/rest\//, "").replace(/[0-9a-f]{32}/gi, "{id}")}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const shown = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ×${v}`).join(", ");

describe("provider bulk reads: an adopting up and a refresh of many resources (issue 24)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  const ITEMS = 150; // two listing pages of the root, and a folder
  const text = (i: number) => ({ operationalLayers: [], version: "2.31", title: `m${i}` });

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    for (const p of [group, folder, portalItem]) await p.configure!(configFor(emu, "dev_admin") as any);
  });

  /** 150 Web Maps of dev_publisher (every 10th in a folder of dev_admin's instead), 3 groups, every 25th item shared with one. */
  async function seed() {
    const groups: string[] = [];
    for (let g = 0; g < 3; g++) groups.push((await portalPost(emu, "dev_admin", "community/createGroup", { title: `Crew ${g}`, access: "org" })).group.id);
    await portalPost(emu, "dev_admin", `community/groups/${groups[0]}/addUsers`, { users: "dev_publisher" });
    const fid = (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: "Maps" })).folder.id as string;
    const items: Props[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const [owner, where] = i % 10 === 0 ? ["dev_admin", `${fid}/`] : ["dev_publisher", ""];
      const id = (await portalPost(emu, owner, `content/users/${owner}/${where}addItem`, { title: `Map ${i}`, type: "Web Map", text: JSON.stringify(text(i)) })).id as string;
      const shared = i % 25 === 1;
      if (shared) await portalPost(emu, owner, `content/users/${owner}/items/${id}/share`, { groups: groups[0], org: "true" });
      items.push({ adoptItemId: id, owner, folder: where ? fid : undefined, type: "Web Map", title: `Map ${i}`, text: text(i), sharing: shared ? { access: "org", groups: [groups[0]] } : { access: "private", groups: [] }, __urn: `urn:pulumi:dev::bulk::pulumi-nodejs:dynamic/portal:PortalItem::m${i}` });
    }
    return { groups, fid, items, shared: items.filter((p) => p.sharing.access !== "private").length };
  }

  it("the adopting up reads each item once (its data), shared items' sharing once, nothing else per item, and writes nothing", async () => {
    const { groups, fid, items, shared } = await seed();
    await clearRequestLog(emu);
    const outs: Props[] = [];
    for (const g of groups) {
      const c = await group.check!({}, { title: `Crew ${groups.indexOf(g)}`, access: "org", adoptGroupId: g });
      assert.deepEqual(c.failures ?? [], []);
      await group.create(c.inputs!);
    }
    const f = await folder.check!({}, { title: "Maps", owner: "dev_admin", adoptFolderId: fid });
    assert.deepEqual(f.failures ?? [], []);
    await folder.create(f.inputs!);
    for (const news of items) {
      const c = await portalItem.check!({}, news);
      assert.deepEqual(c.failures ?? [], [], JSON.stringify(news));
      assert.match(c.inputs.plannedChanges[0], /: no change$/, c.inputs.plannedChanges.join("\n"));
      outs.push((await portalItem.create(c.inputs)).outs);
    }
    const log = await breakdown(emu);
    assert.deepEqual([...log.keys()].filter((k) => !k.startsWith("GET")), [], "no write");
    assert.equal(log.get("GET content/items/{id}") ?? 0, 0, `an item's read is answered by its listing: ${shown(log)}`);
    assert.equal(log.get("GET content/items/{id}/data"), ITEMS, "each item's text is read once, and compared");
    assert.equal((log.get("GET content/users/dev_publisher/items/{id}") ?? 0) + (log.get(`GET content/users/dev_admin/${fid}/items/{id}`) ?? 0), shared, `only a shared item's sharing is read one by one: ${shown(log)}`);
    assert.equal(log.get("GET community/groups/{id}") ?? 0, 0, `a group's read is answered by the group search: ${shown(log)}`);
    const resources = ITEMS + groups.length + 1;
    assert.ok(total(log) <= 1.1 * resources, `${total(log)} requests for ${resources} resources: ${shown(log)}`);
  });

  it("a refresh of every resource sends fewer requests than resources, and a second refresh still sees drift", async () => {
    const { groups, fid, items } = await seed();
    const states: Array<{ p: typeof portalItem; id: string; props: Props }> = [];
    for (const g of groups) {
      const made = await group.create((await group.check!({}, { title: `Crew ${groups.indexOf(g)}`, access: "org", adoptGroupId: g })).inputs!);
      states.push({ p: group, id: made.id, props: made.outs });
    }
    const f = await folder.create((await folder.check!({}, { title: "Maps", owner: "dev_admin", adoptFolderId: fid })).inputs!);
    states.push({ p: folder, id: f.id, props: f.outs });
    for (const news of items) {
      const made = await portalItem.create((await portalItem.check!({}, news)).inputs);
      states.push({ p: portalItem, id: made.id, props: made.outs });
    }
    const refresh = () => Promise.all(states.map((s) => s.p.read!(s.id, s.props)));

    await clearRequestLog(emu);
    const first = await refresh();
    const log = await breakdown(emu);
    assert.ok(total(log) <= states.length, `${total(log)} requests for ${states.length} resources: ${shown(log)}`);
    assert.equal(log.get("GET content/items/{id}") ?? 0, 0, shown(log));
    assert.equal(first.at(-1)!.props!.title, items.at(-1)!.title);

    // drift out of band: a title, a private item shared, a shared item's group removed, a folder renamed
    const [plain, nowShared, wasShared] = [items[2], items[3], items[1]];
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${plain.adoptItemId}/update`, { title: "Edited in the web UI" });
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${nowShared.adoptItemId}/share`, { groups: groups[0] });
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${wasShared.adoptItemId}/unshare`, { groups: groups[0] });
    await portalPost(emu, "dev_admin", `content/users/dev_admin/${fid}/updateFolder`, { title: "Maps (old)" });
    const second = await refresh();
    const byId = new Map(second.map((r, i) => [states[i].id, r]));
    assert.equal(byId.get(plain.adoptItemId)!.inputs!.title, "Edited in the web UI");
    assert.deepEqual(byId.get(nowShared.adoptItemId)!.inputs!.sharing, { access: "private", groups: [groups[0]] });
    assert.deepEqual(byId.get(wasShared.adoptItemId)!.inputs!.sharing, { access: "org", groups: [] });
    assert.equal(byId.get(fid)!.inputs!.title, "Maps (old)");
  });

  it("a refresh reads the rosters of the groups it read once, ahead of their memberships; a group gone is still seen", async () => {
    await groupMembership.configure!(configFor(emu, "dev_admin") as any);
    const groups: Array<{ id: string; group: Props; members: Props }> = [];
    for (let g = 0; g < 9; g++) {
      const id = (await portalPost(emu, "dev_admin", "community/createGroup", { title: `Team ${g}`, access: "org" })).group.id as string;
      if (g % 2 === 0) await portalPost(emu, "dev_admin", `community/groups/${id}/addUsers`, { users: "dev_publisher" });
      const group_ = (await group.create((await group.check!({}, { title: `Team ${g}`, access: "org", adoptGroupId: id })).inputs!)).outs;
      const c = await groupMembership.check!({}, { groupId: id, users: g % 2 === 0 ? ["dev_publisher"] : [], admins: [] });
      assert.deepEqual(c.failures ?? [], []);
      groups.push({ id, group: group_, members: (await groupMembership.create(c.inputs!)).outs });
    }
    const rosters = async () => (await requestLog(emu)).filter((q) => /^\/sharing\/rest\/community\/groups\/[0-9a-f]{32}\/users\b/.test(q.path.split("?")[0])).length;
    const refresh = async () => {
      for (const g of groups) await group.read!(g.id, g.group); // the engine's order: every group, then every membership
      const first = await groupMembership.read!(groups[0].id, groups[0].members);
      for (let waited = 0; (await rosters()) < groups.length && waited < 100; waited++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(await rosters(), groups.length, "the other rosters were read ahead");
      return [first, ...(await Promise.all(groups.slice(1).map((g) => groupMembership.read!(g.id, g.members))))];
    };
    await clearRequestLog(emu);
    const read = await refresh();
    assert.equal(await rosters(), groups.length, "one roster read per group");
    read.forEach((r, g) => assert.deepEqual(r.props!.users, g % 2 === 0 ? ["dev_publisher"] : [], `group ${g}`));

    // out of band: a member added, a group deleted; the next refresh reads again and sees both
    await portalPost(emu, "dev_admin", `community/groups/${groups[1].id}/addUsers`, { users: "dev_publisher" });
    await portalPost(emu, "dev_admin", `community/groups/${groups[2].id}/delete`, {});
    await clearRequestLog(emu);
    const again = await Promise.all(groups.map((g) => groupMembership.read!(g.id, g.members)));
    assert.deepEqual(again[1].props!.users, ["dev_publisher"]);
    assert.deepEqual(again[2], {}, "a group gone: its membership is gone");

    // the read cache off: nothing would keep what is read ahead, so each membership reads its own roster only
    process.env.PORTAL_READ_CACHE_MS = "0";
    try {
      for (const p of [group, groupMembership]) await p.configure!(configFor(emu, "dev_admin") as any);
      await clearRequestLog(emu);
      const live = groups.filter((_, g) => g !== 2);
      for (const g of live) await group.read!(g.id, g.group);
      for (const g of live) await groupMembership.read!(g.id, g.members);
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(await rosters(), live.length, "one roster read per membership read, none ahead");
    } finally {
      delete process.env.PORTAL_READ_CACHE_MS;
      for (const p of [group, groupMembership]) await p.configure!(configFor(emu, "dev_admin") as any);
    }
  });

  it("another resource type configured with the same settings keeps the run's shared reads; a provider configured again starts afresh", async () => {
    const { items } = await seed();
    const [a, b] = [items[2], items[3]];
    const listings = async () => (await requestLog(emu)).filter((q) => q.path.startsWith("/sharing/rest/content/users/dev_publisher?")).length;
    const read = async (news: Props) => portalItem.read!(news.adoptItemId, { ...news, itemId: news.adoptItemId });
    await clearRequestLog(emu);
    await read(a);
    const once = await listings();
    assert.ok(once >= 1);
    // the engine's host configures each type's provider (deserialized: an object of its own) when its first resource comes
    const another = { ...groupMembership };
    await another.configure!(configFor(emu, "dev_admin") as any);
    await read(b);
    assert.equal(await listings(), once, "the listing read for a answers b's read");
    await portalItem.configure!(configFor(emu, "dev_admin") as any); // configured again: a new client
    await read(b);
    assert.equal(await listings(), 2 * once, "a new client reads the listing again");
  });
});
