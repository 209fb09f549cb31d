// Issue 28 scope 4, found by test/network/flakyAllKinds.test.ts: createGroup and createFolder are not
// sent twice (no key), so when the portal makes the group or folder and the connection drops before
// its answer, the create must not fail and leave it behind: the next preview would refuse the title
// as taken and the stack would never converge. The create finds what its request made and goes on
// with it; nothing is made twice. The emulator runs the request, then drops the connection.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { portalGet, requestLog, clearRequestLog } from "./portalCalls";

const { group, folder } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

describe("provider Group and Folder: a create whose answer is lost takes what its request made (issue 28)", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  const get = (route: string) => portalGet(emu, "dev_admin", route);
  const dropAnswer = (paths: string) =>
    fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, dropConnections: true, after: true, count: 1, paths }) });
  const groupsTitled = async (title: string) => {
    const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_admin, q: "owner:dev_admin", num: "100" });
    return ((await (await fetch(`${emu.sharingUrl}/community/groups?${q}`)).json()) as any).results.filter((g: any) => g.title === title);
  };
  const posts = async (op: string) => (await requestLog(emu)).filter((r) => r.method === "POST" && r.path.replace(/\?.*/, "").endsWith(op)).length;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    for (const p of [group, folder]) await p.configure!(configFor(emu, "dev_admin") as any);
  });
  afterEach(() => fetch(`${emu.controlUrl}/faults`, { method: "DELETE" }));

  it("Group: createGroup made the group and its answer was lost: create returns that group; one group; the next preview has nothing to refuse", async () => {
    const news = { title: "Lost answer crews", access: "org", snippet: "crews", __urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/portal:Group::crews" };
    const c = await group.check!({}, news);
    assert.deepEqual(c.failures ?? [], []);
    await clearRequestLog(emu);
    await dropAnswer("createGroup$");
    const made = await group.create(c.inputs);
    assert.equal(await posts("/createGroup"), 1, "createGroup sent once");
    const mine = await groupsTitled(news.title);
    assert.deepEqual(mine.map((g: any) => g.id), [made.id], "the group once, and it is the resource's");
    assert.equal(made.outs.groupId, made.id);
    assert.equal((await get(`community/groups/${made.id}`)).snippet, "crews");
    assert.deepEqual(await group.diff!(made.id, made.outs, c.inputs), { changes: false, replaces: [] });
  });

  it("Folder: createFolder made the folder and its answer was lost: create returns that folder; one folder", async () => {
    const c = await folder.check!({}, { title: "Lost answer drafts", __urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/portal:Folder::drafts" });
    assert.deepEqual(c.failures ?? [], []);
    await clearRequestLog(emu);
    await dropAnswer("createFolder$");
    const made = await folder.create(c.inputs);
    assert.equal(await posts("/createFolder"), 1, "createFolder sent once");
    assert.deepEqual((await get("content/users/dev_admin")).folders.map((f: any) => [f.id, f.title]), [[made.id, "Lost answer drafts"]]);
    assert.equal(made.outs.folderId, made.id);
  });

  it("a connection dropped before the request ran: nothing was made, so the create fails as before and the next one makes it", async () => {
    const c = await group.check!({}, { title: "Never made", access: "private" });
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, dropConnections: true, count: 1, paths: "createGroup$" }) });
    await assert.rejects(group.create(c.inputs), /createGroup failed \(0\): network error/);
    assert.deepEqual(await groupsTitled("Never made"), []);
    const again = await group.check!({}, { title: "Never made", access: "private" });
    assert.deepEqual(again.failures ?? [], []);
    assert.equal((await group.create(again.inputs)).outs.groupId !== undefined, true);
  });
});

describe("provider PortalItem: a folder listing that fails is not a missing folder (issue 28)", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());

  it("check of an item in a folder, the owner's listing failing: the check fails on the read, not with 'has no folder'", async () => {
    const { folder, portalItem } = resourceProviders;
    for (const p of [folder, portalItem]) await p.configure!(configFor(emu, "dev_admin") as any);
    const f = await folder.create((await folder.check!({}, { title: "Listed" })).inputs);
    await portalItem.configure!(configFor(emu, "dev_admin") as any); // a new run: nothing read yet
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, codes: [503], count: 20, paths: "/content/users/dev_admin$" }) });
    try {
      const news = { type: "Web Map", title: "In listed", text: {}, folder: f.id, __urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/portal:PortalItem::in-listed" };
      await assert.rejects(portalItem.check!({}, news), (e: Error) => {
        assert.match(e.message, /503/);
        assert.doesNotMatch(e.message, /has no folder/);
        return true;
      });
    } finally {
      await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    }
  });
});
