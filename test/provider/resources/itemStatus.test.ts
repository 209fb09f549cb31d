// ItemStatus ResourceProvider methods against the emulator (spec.md#item-status, spec.md#status-transitions, spec.md#set-content-status, spec.md#errors CONT_0163).
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { addWebMap, clearRequestLog, contentStatusOf, orgOf, portalPost, requestLog, setOrgFlags } from "./portalCalls";

const p = resourceProviders.itemStatus;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

describe("provider ItemStatus against the emulator", () => {
  let emu: RunningEmulator;
  let orgId: string;
  let itemId: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    orgId = await orgOf(emu, "dev_admin");
    itemId = await addWebMap(emu, "dev_publisher", "Basemap");
    await p.configure!(configFor(emu, "dev_admin") as any);
  });

  it("2.2: check lists a bad item id and a bad status, without a request", async () => {
    await clearRequestLog(emu);
    const r = await p.check!({}, { itemId: "abc", status: "authoritative" });
    assert.deepEqual(r.failures?.map((f) => f.property), ["itemId", "status"]);
    assert.match(r.failures![1].reason, /org_authoritative/);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("3.1/4.5: create sets org_authoritative and reads it back; id is the item id", async () => {
    const c = await p.create({ itemId, status: "org_authoritative" });
    assert.equal(c.id, itemId);
    assert.deepEqual(c.outs, { schemaVersion: 1, itemId, status: "org_authoritative", portalStatus: "org_authoritative" });
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), "org_authoritative");
  });

  it("3.1: the automatic move to public_authoritative (org verified) is not drift", async () => {
    const c = await p.create({ itemId, status: "org_authoritative" });
    await setOrgFlags(emu, orgId, { public: true, identityVerified: true });
    const r = await p.read!(itemId, c.outs);
    assert.equal(r.props.status, "org_authoritative");
    assert.equal(r.props.portalStatus, "public_authoritative");
    assert.deepEqual(await p.diff!(itemId, r.props, { itemId, status: "org_authoritative" }), { changes: false, replaces: [] });
  });

  it("3.1: a status changed or cleared out of band is drift", async () => {
    const c = await p.create({ itemId, status: "deprecated" });
    await portalPost(emu, "dev_admin", `content/items/${itemId}/setContentStatus`, { status: "", clearEmptyFields: "true" });
    const r = await p.read!(itemId, c.outs);
    assert.deepEqual(r.inputs, { itemId, status: "" });
    assert.equal((await p.diff!(itemId, r.props, { itemId, status: "deprecated" })).changes, true);
    await p.update!(itemId, r.props, { itemId, status: "deprecated" });
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), "deprecated");
  });

  it("part 7 CONT_0163: public_authoritative in a private, unverified org explains what the org needs", async () => {
    await assert.rejects(p.create({ itemId, status: "public_authoritative" }), (e: Error) => {
      assert.match(e.message, /CONT_0163/);
      assert.match(e.message, /public and identity-verified/);
      assert.match(e.message, /portals\/self/);
      assert.doesNotMatch(e.message, new RegExp(emu.tokens.dev_admin));
      return true;
    });
    await setOrgFlags(emu, orgId, { public: true, identityVerified: true });
    const c = await p.create({ itemId, status: "public_authoritative" });
    assert.equal(c.outs.portalStatus, "public_authoritative");
  });

  it("a new itemId replaces; a new status updates", async () => {
    const olds = { itemId, status: "org_authoritative" };
    assert.deepEqual(await p.diff!(itemId, olds, { itemId: "b".repeat(32), status: "org_authoritative" }), { changes: true, replaces: ["itemId"] });
    assert.deepEqual(await p.diff!(itemId, olds, { itemId, status: "deprecated" }), { changes: true, replaces: [] });
  });

  it("a replace as the engine runs it (check, diff, check without olds): the plan moves the status from one item to the other", async () => {
    const urn = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:ItemStatus::moving";
    const [a, b] = [await addWebMap(emu, "dev_admin", "A"), await addWebMap(emu, "dev_admin", "B")];
    const first = (await p.check!({}, { __urn: urn, itemId: a, status: "org_authoritative" })).inputs;
    const made = await p.create(first);
    const news = { __urn: urn, itemId: b, status: "org_authoritative" };
    const planned = (await p.check!(first, news)).inputs;
    assert.deepEqual((await p.diff!(made.id, made.outs, planned)).replaces, ["itemId"]);
    const replacement = (await p.check!({}, news)).inputs;
    assert.deepEqual(replacement.plannedChanges, [`± move status: clear "org_authoritative" on item "${a}", set "org_authoritative" on item "${b}" (replaces)`]);
  });

  it("3.1: delete clears the status with clearEmptyFields=true; a deleted item is gone and its delete is done", async () => {
    const c = await p.create({ itemId, status: "org_authoritative" });
    await clearRequestLog(emu);
    await p.delete!(itemId, c.outs);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), undefined);
    assert.ok((await requestLog(emu)).some((q) => /setContentStatus$/.test(q.path)));
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${itemId}/delete`);
    assert.deepEqual(await p.read!(itemId, c.outs), {});
    await p.delete!(itemId, c.outs);
  });
});
