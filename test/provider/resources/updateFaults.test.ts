// Issue 29 scope 5: an update of several requests that fails between two of them leaves the state
// as it was, so the next diff still shows the change to do, and a retry converges. A fault (HTTP 400,
// never retried) is injected on the later request of each multi-request update path: sharing
// (unshare, then share), update → relationship → protect, and a folder move with a field update.
// The relationship change on its own: relationshipChange.test.ts.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { addWebMap, portalGet, portalPost } from "./portalCalls";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const RANK: Record<string, number> = { private: 0, shared: 0, org: 1, public: 2 };

describe("provider PortalItem: an update that fails between its requests (issue 29 scope 5)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const faults = (paths: string) => fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, codes: [400], paths, count: 5 }) });
  const noFaults = () => fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
  /** Runs the update with the fault on, expecting it to fail. */
  async function failingUpdate(paths: string, id: string, outs: any, news: any): Promise<void> {
    await faults(paths);
    try {
      await assert.rejects(p.update!(id, outs, news));
    } finally {
      await noFaults();
    }
  }
  async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
    const r = await p.check!(olds, news);
    assert.deepEqual(r.failures ?? [], []);
    return r.inputs;
  }
  const item = (id: string) => portalGet(emu, "dev_publisher", `content/items/${id}`);
  const related = async (id: string, type: string) => {
    const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher, relationshipType: type, direction: "forward" });
    const r: any = await (await fetch(`${emu.sharingUrl}/content/items/${id}/relatedItems?${q}`)).json();
    return (r.relatedItems ?? []).map((i: any) => i.id);
  };

  before(async () => {
    emu = await startEmulator({ port: 0 });
    await p.configure!(configFor(emu, "dev_publisher") as any);
  });
  after(() => emu.close());

  it("sharing org with G1 → private with G2, the share or the unshare refused: the item is shared no wider than before; the diff still has the change; a retry converges", async () => {
    const [g1, g2] = await Promise.all(["Crews", "Editors"].map(async (title) => (await portalPost(emu, "dev_publisher", "community/createGroup", { title, access: "org" })).group.id as string));
    const base = { type: "Web Map", title: "Shared map", text: { operationalLayers: [] } };
    const made = await p.create(await checked({ ...base, sharing: { access: "org", groups: [g1] } }));
    const next = await checked({ ...base, sharing: { access: "private", groups: [g2] } }, made.outs);
    // a fault on either request (whichever goes second is the one that matters)
    for (const path of ["/unshare$", "/share$"]) {
      await failingUpdate(path, made.id, made.outs, next);
      const held = (await portalGet(emu, "dev_publisher", `content/users/dev_publisher/items/${made.id}`)).sharing as { access: string; groups: string[] };
      const within = (access: string, groups: string[]) => RANK[held.access] <= RANK[access] && held.groups.every((g) => groups.includes(g));
      assert.ok(within("org", [g1]) || within("private", [g2]), `${path} refused: no wider than the old or the new declaration: ${JSON.stringify(held)}`);
    }
    assert.equal((await p.diff!(made.id, made.outs, next)).changes, true, "the change is still to do");
    const done = await p.update!(made.id, made.outs, next);
    assert.deepEqual((await portalGet(emu, "dev_publisher", `content/users/dev_publisher/items/${made.id}`)).sharing, { access: "shared", groups: [g2] });
    assert.equal((await p.diff!(made.id, done.outs, await checked({ ...base, sharing: { access: "private", groups: [g2] } }, next))).changes, false);
  });

  it("title + relationship type + protected in one update: refused at the relationship, then at protect; each time the diff still has the change; a retry converges", async () => {
    const data = await addWebMap(emu, "dev_publisher", "Data");
    const base = { type: "Feature Service", url: "https://services.example.com/Water/FeatureServer" };
    const made = await p.create(await checked({ ...base, title: "Water", relationship: { type: "Service2Data", destinationItemId: data } }));
    const next = await checked({ ...base, title: "Water mains", relationship: { type: "Service2Layer", destinationItemId: data }, protected: true }, made.outs);

    // between the update and the relationship
    await failingUpdate("/addRelationship$", made.id, made.outs, next);
    assert.deepEqual(await related(made.id, "Service2Data"), [data], "the old relationship is in place");
    assert.equal((await item(made.id)).protected, false);
    assert.equal((await p.diff!(made.id, made.outs, next)).changes, true);

    // between the relationship and protect
    await failingUpdate("/protect$", made.id, made.outs, next);
    assert.equal((await item(made.id)).protected, false);
    assert.equal((await p.diff!(made.id, made.outs, next)).changes, true, "state unchanged: protected and the relationship are still to do");

    const done = await p.update!(made.id, made.outs, next);
    const held = await item(made.id);
    assert.equal(held.title, "Water mains");
    assert.equal(held.protected, true);
    assert.deepEqual(await related(made.id, "Service2Data"), []);
    assert.deepEqual(await related(made.id, "Service2Layer"), [data]);
    assert.equal((await p.diff!(made.id, done.outs, next)).changes, false);
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${made.id}/unprotect`);
  });

  it("a folder move with a title change, the update refused after the move: the diff still has the change; a retry finishes from where the item is", async () => {
    const folder = (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/createFolder", { title: "Moved here" })).folder.id as string;
    const base = { type: "Web Map", text: { operationalLayers: [] } };
    const made = await p.create(await checked({ ...base, title: "Roads" }));
    const next = await checked({ ...base, title: "Roads (moved)", folder }, made.outs);
    await failingUpdate("/update$", made.id, made.outs, next);
    assert.equal((await item(made.id)).title, "Roads", "the fields were not written");
    assert.equal((await p.diff!(made.id, made.outs, next)).changes, true);
    const done = await p.update!(made.id, made.outs, next);
    const held = await item(made.id);
    assert.equal(held.title, "Roads (moved)");
    assert.equal(held.ownerFolder, folder);
    assert.equal((await p.diff!(made.id, done.outs, next)).changes, false);
  });
});
