// PortalItem sharing as code against the emulator (issue 15 scope 2; spec.md#gap-share;
// spec.md#status-transitions, spec.md#add-item-relationship): check refuses bad sharing without a request, create and update share and
// unshare, refresh sees an out-of-band change as drift, the spec.md#status-transitions status move is in the plan and
// not drift, and a relationship destination's inherited sharing is not drift either.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { itemStatus } from "../../../provider/resources/itemStatus/provider";
import { addWebMap, clearRequestLog, orgOf, portalGet, portalPost, requestLog, setOrgFlags } from "./portalCalls";


const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
/** Two groups of the item's owner, made over REST for each test (G1 sorts before G2). */
let G1 = "";
let G2 = "";
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
  const r = await p.check!(olds, news);
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

/** The item's sharing as its owner reads it over REST (public API user item). */
async function sharingOf(emu: RunningEmulator, itemId: string): Promise<{ access: string; groups: string[] }> {
  return (await portalGet(emu, "dev_publisher", `content/users/dev_publisher/items/${itemId}`)).sharing;
}

describe("provider PortalItem sharing against the emulator", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu, "dev_publisher") as any);
    const made = await Promise.all(["Crews", "Editors"].map(async (title) => (await portalPost(emu, "dev_publisher", "community/createGroup", { title, access: "org" })).group.id as string));
    [G1, G2] = made.sort();
  });

  it("check refuses a wrong access word, groups that are not a list and a malformed group id, naming the path; no request", async () => {
    await clearRequestLog(emu);
    const base = { type: "Web Map", title: "Shared map", text: { operationalLayers: [] } };
    const bad = await p.check!({}, { ...base, sharing: { access: "everyone", groups: G1 } });
    assert.deepEqual(bad.failures!.map((f) => f.property), ["sharing.access", "sharing.groups"]);
    assert.match(bad.failures![0].reason, /"everyone" is not one of: "private", "org", "public"/);
    assert.match(bad.failures![1].reason, new RegExp(`expected array, got "${G1}"`));
    const badId = await p.check!({}, { ...base, sharing: { access: "org", groups: [G1, "sales-team"], everyone: true } });
    assert.deepEqual(badId.failures!.map((f) => f.property).sort(), ["sharing.everyone", "sharing.groups[1]"]);
    assert.match(badId.failures!.find((f) => f.property === "sharing.everyone")!.reason, /^unknown property \(known: access, groups\)/);
    const typo = await p.check!({}, { ...base, sharing: { acess: "org" } });
    assert.ok(typo.failures!.some((f) => f.property === "sharing.acess" && /did you mean "access"\?/.test(f.reason)), JSON.stringify(typo.failures));
    assert.match(badId.failures!.find((f) => f.property === "sharing.groups[1]")!.reason, /32 hexadecimal digits/);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("create shares with the org and groups; read gives it back (no drift); an out-of-band change is drift; update sets it back", async () => {
    const inputs = await checked({ type: "Web Map", title: "Shared map", text: { operationalLayers: [] }, sharing: { access: "org", groups: [G2, G1, G2] } });
    assert.deepEqual(inputs.sharing, { access: "org", groups: [G1, G2] }, "groups are kept once each, in one order");
    assert.deepEqual(inputs.plannedChanges.slice(-1), [`+ sharing: org with groups ${G1}, ${G2}`]);
    const c = await p.create(inputs);
    assert.deepEqual(await sharingOf(emu, c.id), { access: "org", groups: [G1, G2] });
    assert.equal(c.outs.access, "org");

    const r = await p.read!(c.id, c.outs);
    assert.deepEqual(r.inputs!.sharing, { access: "org", groups: [G1, G2] });
    const again = await checked({ type: "Web Map", title: "Shared map", text: { operationalLayers: [] }, sharing: { access: "org", groups: [G1, G2] }, itemIdToCreate: inputs.itemIdToCreate }, r.inputs);
    assert.deepEqual(await p.diff!(c.id, r.props!, again), NO_CHANGE);

    // someone shares it with the public and drops a group in the web UI
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}/share`, { everyone: "true", org: "true" });
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}/unshare`, { groups: G2 });
    const drifted = await p.read!(c.id, r.props!);
    assert.deepEqual(drifted.inputs!.sharing, { access: "public", groups: [G1] });
    const back = await checked({ ...again, plannedChanges: undefined }, drifted.inputs);
    assert.equal((await p.diff!(c.id, drifted.props!, back)).changes, true);
    assert.ok(back.plannedChanges.some((l: string) => l === `~ sharing: public with groups ${G1} → org with groups ${G1}, ${G2}`), back.plannedChanges.join("\n"));
    const u = await p.update!(c.id, drifted.props!, back);
    assert.deepEqual(await sharingOf(emu, c.id), { access: "org", groups: [G1, G2] });
    assert.equal(u.outs.access, "org");

    // to private with no groups: unshare from the groups, then access private
    const priv = await checked({ ...back, sharing: { access: "private", groups: [] }, plannedChanges: undefined }, r.inputs);
    await p.update!(c.id, u.outs, priv);
    assert.deepEqual(await sharingOf(emu, c.id), { access: "private", groups: [] });
  });

  it("spec.md#status-transitions: sharing an org_authoritative item with the public is in the plan, moves its status, and is drift neither of the item nor of its ItemStatus; unsharing moves it back", async () => {
    await setOrgFlags(emu, await orgOf(emu, "dev_admin"), { public: true, identityVerified: true });
    const news = { type: "Web Map", title: "Authoritative map", text: { operationalLayers: [] }, sharing: { access: "org" } };
    const inputs = await checked(news);
    const c = await p.create(inputs);
    await itemStatus.configure!(configFor(emu, "dev_publisher") as any);
    const status = await itemStatus.create({ itemId: c.id, status: "org_authoritative" });
    const before = (await p.read!(c.id, c.outs)).inputs!;

    const toPublic = await checked({ ...news, sharing: { access: "public" } }, before);
    assert.ok(toPublic.plannedChanges.includes("~ sharing: org → public"), toPublic.plannedChanges.join("\n"));
    assert.ok(toPublic.plannedChanges.some((l: string) => /^~ contentStatus: org_authoritative → public_authoritative .*\(shared with the public; an ItemStatus of org_authoritative stays satisfied, not drift\)$/.test(l)), toPublic.plannedChanges.join("\n"));
    const u = await p.update!(c.id, c.outs, toPublic);
    assert.equal(u.outs.contentStatus, "public_authoritative");
    assert.equal((await sharingOf(emu, c.id)).access, "public");

    const r = await p.read!(c.id, u.outs);
    assert.deepEqual(r.inputs!.sharing, { access: "public" });
    assert.deepEqual(await p.diff!(c.id, r.props!, await checked({ ...news, sharing: { access: "public" } }, r.inputs)), NO_CHANGE);
    const s = await itemStatus.read!(c.id, status.outs);
    assert.deepEqual(s.inputs, { itemId: c.id, status: "org_authoritative" });
    assert.equal((await itemStatus.diff!(c.id, s.props, { itemId: c.id, status: "org_authoritative" })).changes, false);

    const toOrg = await checked({ ...news, sharing: { access: "org" } }, r.inputs);
    assert.ok(toOrg.plannedChanges.some((l: string) => /^~ contentStatus: public_authoritative → org_authoritative .*unshared from the public/.test(l)), toOrg.plannedChanges.join("\n"));
    const back = await p.update!(c.id, r.props!, toOrg);
    assert.equal(back.outs.contentStatus, "org_authoritative");
    assert.equal((await sharingOf(emu, c.id)).access, "org");
  });

  it("adopt: an existing private item is shared as declared by the adopting create; the plan says so", async () => {
    const id = await addWebMap(emu, "dev_publisher", "Adopted map");
    const news = { type: "Web Map", title: "Adopted map", adoptItemId: id, sharing: { access: "public" }, __urn: "urn:pulumi:dev::sharing-test::pulumi-nodejs:dynamic/portal:PortalItem::adopted" };
    const inputs = await checked(news);
    assert.ok(inputs.plannedChanges.includes("+ sharing: public"), inputs.plannedChanges.join("\n"));
    assert.equal((await sharingOf(emu, id)).access, "private", "check sent nothing");
    const c = await p.create(inputs);
    assert.equal(c.id, id);
    assert.deepEqual(await sharingOf(emu, id), { access: "public", groups: [] });
  });

  it("spec.md#add-item-relationship: a relationship destination keeps the sharing it inherits from its origin; that is not drift", async () => {
    const origin = await addWebMap(emu, "dev_publisher", "Public origin");
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${origin}/share`, { everyone: "true", org: "true" });
    const news = { type: "CSV", title: "Destination", text: "{}", relationship: { type: "Map2Service", originItemId: origin }, sharing: { access: "org" } };
    const inputs = await checked(news);
    const c = await p.create(inputs);
    assert.equal((await sharingOf(emu, c.id)).access, "public", "the inherited public sharing is kept (sharing is a floor here)");
    const r = await p.read!(c.id, c.outs);
    assert.deepEqual(r.inputs!.sharing, { access: "org" });
    assert.deepEqual(await p.diff!(c.id, r.props!, await checked(news, r.inputs)), NO_CHANGE);
  });
  it("issue 29 scope 9: an origin shared wider after the relationship was made is drift of its destination at refresh; the plan says it and up shares the destination up to the origin's level", async () => {
    const origin = await addWebMap(emu, "dev_publisher", "Origin");
    const news = { type: "CSV", title: "Destination", text: "{}", relationship: { type: "Map2Service", originItemId: origin }, sharing: { access: "private" } };
    const c = await p.create(await checked(news));
    assert.equal((await sharingOf(emu, c.id)).access, "private");
    const quiet = await p.read!(c.id, c.outs);
    assert.equal(quiet.inputs!.__belowOrigin, undefined, "origin and destination both private: nothing recorded");
    assert.deepEqual(await p.diff!(c.id, quiet.props!, await checked(news, quiet.inputs)), NO_CHANGE);

    // the origin is shared with the organization in the web UI; the destination does not follow
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${origin}/share`, { everyone: "false", org: "true" });
    await clearRequestLog(emu);
    const r = await p.read!(c.id, quiet.props!);
    const reads = (await requestLog(emu)).filter((l) => l.path.includes(`/content/items/${origin}`) && !l.path.includes("relatedItems"));
    // the owner's root listing, read in this refresh, answers the origin's read (ops/bulk.ts): at most one request for it
    const listings = (await requestLog(emu)).filter((l) => l.path.startsWith("/sharing/rest/content/users/dev_publisher?"));
    assert.equal(reads.length + listings.length, 1, `one read of the origin: ${JSON.stringify(await requestLog(emu))}`);
    assert.deepEqual(r.inputs!.__belowOrigin, { originItemId: origin, originAccess: "org", access: "private" });
    const next = await checked(news, r.inputs);
    const line = `~ sharing: origin ${origin} is now org; this item is private (a relationship destination's sharing is a floor: up shares it with the organization)`;
    assert.ok(next.plannedChanges.includes(line), next.plannedChanges.join("\n"));
    assert.equal((await p.diff!(c.id, r.props!, next)).changes, true);
    assert.equal((await sharingOf(emu, c.id)).access, "private", "check and diff sent nothing");

    const u = await p.update!(c.id, r.props!, next);
    assert.equal((await sharingOf(emu, c.id)).access, "org");
    assert.equal(u.outs.__belowOrigin, undefined);
    const after = await p.read!(c.id, u.outs);
    assert.equal(after.inputs!.__belowOrigin, undefined);
    assert.deepEqual(await p.diff!(c.id, after.props!, await checked(news, after.inputs)), NO_CHANGE);

    // the origin lowered again: the destination keeps what it has (a floor), no drift
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${origin}/share`, { everyone: "false", org: "false" });
    const lowered = await p.read!(c.id, after.props!);
    assert.equal(lowered.inputs!.__belowOrigin, undefined);
    assert.deepEqual(await p.diff!(c.id, lowered.props!, await checked(news, lowered.inputs)), NO_CHANGE);
  });

  it("issue 29 scope 9: a destination whose sharing is not managed is not read against its origin, and an origin's change is not its drift", async () => {
    const origin = await addWebMap(emu, "dev_publisher", "Origin");
    const news = { type: "CSV", title: "Destination", text: "{}", relationship: { type: "Map2Service", originItemId: origin } };
    const c = await p.create(await checked(news));
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${origin}/share`, { everyone: "true", org: "true" });
    await clearRequestLog(emu);
    const r = await p.read!(c.id, c.outs);
    assert.deepEqual((await requestLog(emu)).filter((l) => l.path.includes(`/content/items/${origin}`)), []);
    assert.equal(r.inputs!.__belowOrigin, undefined);
    assert.deepEqual(await p.diff!(c.id, r.props!, await checked(news, r.inputs)), NO_CHANGE);
  });
});
