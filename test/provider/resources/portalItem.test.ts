// PortalItem ResourceProvider methods against the emulator: check, diff, create from text and url,
// the relationship in both directions and its rollback (spec.md#add-with-relationship), update, delete, read.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { addWebMap, clearRequestLog, portalGet, portalPost, requestLog } from "./portalCalls";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
  const r = await p.check!(olds, news);
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

/** GET with query parameters as `user`. */
async function portalQuery(emu: RunningEmulator, user: string, route: string, params: Record<string, string>): Promise<any> {
  const q = new URLSearchParams({ f: "json", token: emu.tokens[user], ...params });
  return (await fetch(`${emu.sharingUrl}/${route}?${q}`)).json();
}

/** The user's items with this title (proves no duplicate, and that a rollback left nothing). */
async function itemsTitled(emu: RunningEmulator, user: string, title: string): Promise<any[]> {
  const r = await portalQuery(emu, user, "search", { q: `owner:${user}`, num: "100" });
  assert.ok(Array.isArray(r.results), JSON.stringify(r));
  return r.results.filter((i: any) => i.title === title);
}

describe("provider PortalItem against the emulator", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  let tmp: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-item-"));
  });
  after(async () => {
    await emu.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu, "dev_publisher") as any);
  });

  it("2.1/part 8: check names every limit by the resource's own properties, without a request", async () => {
    await clearRequestLog(emu);
    const r = await p.check!({}, {
      type: "Web Map",
      title: "t".repeat(257),
      snippet: "s".repeat(2049),
      description: "d".repeat(64 * 1024),
      itemIdToCreate: "short",
      culture: "english",
      serviceProxyFilter: { hitsPerInterval: 0 },
      classification: { reviewDate: "not a date" },
      servicePassword: "hunter2-secret",
      relationship: { type: "Map2Service", originItemId: "a".repeat(32), destinationItemId: "b".repeat(32) },
      file: path.join(tmp, "missing.json"),
    });
    const byProperty = Object.fromEntries(r.failures!.map((f) => [f.property, f.reason]));
    assert.match(byProperty.title, /257 characters; at most 256/);
    assert.match(byProperty.snippet, /2049 characters; at most 2048/);
    assert.match(byProperty.description, /65536 bytes/);
    assert.match(byProperty.itemIdToCreate, /exactly 32/);
    assert.match(byProperty.culture, /xx-YY/);
    assert.ok(byProperty["serviceProxyFilter"] || byProperty["serviceProxyFilter.hitsPerInterval"], JSON.stringify(r.failures));
    assert.ok(Object.keys(byProperty).some((k) => k.startsWith("classification")), JSON.stringify(r.failures));
    assert.match(byProperty.servicePassword, /only Map Service, Feature Service, Image Service/);
    assert.match(byProperty["relationship.destinationItemId"], /exactly one/);
    assert.match(byProperty.file, /no such file: .*missing\.json \(a relative path is taken from the program.s directory\)/);
    assert.doesNotMatch(JSON.stringify(r.failures), /hunter2-secret/);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("4.6 rule 1: a relationship needs one end; file, text and dataUrl exclude each other", async () => {
    const r = await p.check!({}, { type: "Web Map", title: "x", text: {}, dataUrl: "http://127.0.0.1/a.csv", relationship: { type: "Map2Service" } });
    assert.deepEqual(r.failures!.map((f) => f.property).sort(), ["dataUrl", "relationship"]);
  });

  it("spec.md#design-item-create-retry: itemIdToCreate is generated once per generation and renewed only by a replace", async () => {
    const first = await checked({ type: "Web Map", title: "A", text: {} });
    assert.match(first.itemIdToCreate, /^[A-Za-z0-9]{32}$/);
    assert.equal(first.generatedItemIdToCreate, true);
    const again = await checked({ type: "Web Map", title: "B", text: {} }, first);
    assert.equal(again.itemIdToCreate, first.itemIdToCreate);
    const retyped = await checked({ type: "Web Mapping Application", title: "B", url: "https://apps.example.com/a" }, first);
    assert.notEqual(retyped.itemIdToCreate, first.itemIdToCreate);
    const given = await checked({ type: "Web Map", title: "B", text: {}, itemIdToCreate: "c".repeat(32) }, first);
    assert.equal(given.itemIdToCreate, "c".repeat(32));
    const ungiven = await checked({ type: "Web Map", title: "B", text: {} }, given);
    assert.notEqual(ungiven.itemIdToCreate, "c".repeat(32));
    assert.deepEqual((await p.diff!("x", { ...first, owner: "dev_publisher" }, retyped)).replaces!.sort(), ["itemIdToCreate", "type"]);
  });

  it("spec.md#design-create-delete-read: a refresh without out-of-band edits keeps the id and shows no change", async () => {
    const inputs = await checked({ type: "Feature Service", title: "Quiet", url: "https://services.example.com/Quiet/FeatureServer", tags: "a,b", typeKeywords: ["Quiet"] });
    const c = await p.create(inputs);
    const r = await p.read!(c.id, c.outs);
    const again = await checked({ type: "Feature Service", title: "Quiet", url: "https://services.example.com/Quiet/FeatureServer", tags: "a,b", typeKeywords: ["Quiet"] }, r.inputs);
    assert.equal(again.itemIdToCreate, inputs.itemIdToCreate);
    assert.deepEqual(await p.diff!(c.id, r.props!, again), { changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("issue 29 scope 3: after a refresh, an update that leaves owner and protected unset carries them (no `- owner` in preview --diff), sends no request for them; a replace does not", async () => {
    const program = { type: "Web Map", title: "Held", text: {} };
    const c = await p.create(await checked(program));
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}/protect`);
    // the state's inputs take the outputs read before (so a second refresh holds protected: true)
    const r = await p.read!(c.id, (await p.read!(c.id, c.outs)).props!);
    assert.equal(r.inputs!.owner, "dev_publisher");
    assert.equal(r.inputs!.protected, true);
    await clearRequestLog(emu);
    const next = await checked({ ...program, title: "Held v2" }, r.inputs);
    assert.equal(next.owner, "dev_publisher");
    assert.equal(next.protected, true);
    assert.deepEqual(next.plannedChanges, ['~ title: "Held" → "Held v2"']);
    assert.deepEqual((await requestLog(emu)).filter((q) => q.method !== "GET"), [], "the check writes nothing");
    assert.deepEqual(await p.diff!(c.id, r.props!, next), { changes: true, replaces: [], deleteBeforeReplace: false });
    const replacing = await checked({ ...program, type: "Web Mapping Application" }, r.inputs);
    assert.equal(replacing.owner, undefined, "a replacement takes the program's owner (unset: the configured user)");
    assert.equal(replacing.protected, undefined);
  });

  it("diff: an unset owner is the configured one; a different owner is an update (a reassign), not a replace; protected:false cannot undo an authoritative status", async () => {
    const olds = { ...(await checked({ type: "Web Map", title: "T", text: {} })), owner: "dev_publisher", protected: true, contentStatus: "org_authoritative" };
    const news = { ...olds, owner: undefined, protected: undefined, contentStatus: undefined };
    assert.deepEqual(await p.diff!("x", olds, news), { changes: false, replaces: [], deleteBeforeReplace: false });
    assert.deepEqual(await p.diff!("x", olds, { ...news, owner: "dev_admin" }), { changes: true, replaces: [], deleteBeforeReplace: false });
    assert.equal((await p.diff!("x", olds, { ...news, protected: false })).changes, false);
    assert.equal((await p.diff!("x", { ...olds, contentStatus: "" }, { ...news, protected: false })).changes, true);
  });

  it("4.6: create from text reads back what the portal stored, with the id it was asked for", async () => {
    const inputs = await checked({ type: "Web Map", title: "Parcels map", text: { operationalLayers: [] }, tags: "parcels, city", snippet: "Parcels", description: "All parcels" });
    await clearRequestLog(emu);
    const c = await p.create(inputs);
    assert.equal(c.id, inputs.itemIdToCreate);
    assert.equal(c.outs.owner, "dev_publisher");
    assert.deepEqual(c.outs.tags, ["parcels", "city"]);
    assert.equal(c.outs.protected, false);
    assert.equal(c.outs.schemaVersion, 1);
    const adds = (await requestLog(emu)).filter((q) => /addItem$/.test(q.path));
    assert.equal(adds.length, 1);
    const item = await portalGet(emu, "dev_publisher", `content/items/${c.id}`);
    assert.equal(item.title, "Parcels map");
    assert.deepEqual(await portalGet(emu, "dev_publisher", `content/items/${c.id}/data`), { operationalLayers: [] });
    assert.deepEqual(await p.diff!(c.id, c.outs, inputs), { changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("3.5/4.6 rule 1: a URL item made the origin (destinationItemId) and another the destination (originItemId)", async () => {
    const data = await addWebMap(emu, "dev_publisher", "Parcels data");
    const service = await p.create(await checked({ type: "Feature Service", title: "Parcels service", url: "https://services.example.com/arcgis/rest/services/Parcels/FeatureServer", relationship: { type: "Service2Data", destinationItemId: data } }));
    assert.deepEqual(service.outs.relatedItemIds, [data]);
    assert.equal(service.outs.url, "https://services.example.com/arcgis/rest/services/Parcels/FeatureServer");
    const map = await p.create(await checked({ type: "Web Map", title: "Parcels viewer", text: {}, relationship: { type: "Map2Service", originItemId: service.id } }));
    assert.deepEqual(map.outs.relatedItemIds, [service.id]);
    const forward = await portalQuery(emu, "dev_publisher", `content/items/${service.id}/relatedItems`, { relationshipType: "Map2Service", direction: "forward" });
    assert.deepEqual(forward.relatedItems.map((i: any) => i.id), [map.id]);
  });

  it("3.5: a bad relationship type fails at check; past it, create fails and leaves no item", async () => {
    const data = await addWebMap(emu, "dev_publisher", "Target");
    const refused = await p.check!({}, { type: "Web Map", title: "Doomed", text: {}, relationship: { type: "NoSuch2Thing", destinationItemId: data } });
    assert.match(refused.failures?.find((f) => f.property === "relationship.type")?.reason ?? "", /"NoSuch2Thing" is not a relationship type the portal knows/);
    // the portal's own rule (spec.md#add-with-relationship) still holds when a type passes check but not the portal
    const inputs: Record<string, any> = { ...(await checked({ type: "Web Map", title: "Doomed", text: {}, relationship: { type: "Service2Data", destinationItemId: data } })), relationship: { type: "NoSuch2Thing", destinationItemId: data } };
    await assert.rejects(p.create(inputs), /relationship|NoSuch2Thing/i);
    assert.deepEqual(await itemsTitled(emu, "dev_publisher", "Doomed"), []);
    assert.equal((await itemsTitled(emu, "dev_publisher", "Target")).length, 1);
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${inputs.itemIdToCreate}`)).error?.code, 404);
  });

  it("update: changed fields, a removed description, a new relationship end and protection", async () => {
    const a = await addWebMap(emu, "dev_publisher", "A");
    const b = await addWebMap(emu, "dev_publisher", "B");
    const v1 = await checked({ type: "Feature Service", title: "Roads", url: "https://services.example.com/Roads/FeatureServer", description: "old", relationship: { type: "Service2Data", destinationItemId: a } });
    const c = await p.create(v1);
    const v2 = await checked({ type: "Feature Service", title: "Roads (2025)", url: "https://services.example.com/Roads/FeatureServer", relationship: { type: "Service2Data", destinationItemId: b }, protected: true }, v1);
    const d = await p.diff!(c.id, c.outs, v2);
    assert.deepEqual(d.replaces, []);
    assert.equal(d.changes, true);
    const u = await p.update!(c.id, c.outs, v2);
    assert.equal(u.outs.title, "Roads (2025)");
    assert.equal(u.outs.protected, true);
    assert.deepEqual(u.outs.relatedItemIds, [b]);
    const item = await portalGet(emu, "dev_publisher", `content/items/${c.id}`);
    assert.ok(!item.description, `description still ${item.description}`);
    assert.deepEqual(await p.diff!(c.id, u.outs, v2), { changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("delete of a protected item fails clearly and names what to do; an authoritative one says why", async () => {
    const c = await p.create(await checked({ type: "Web Map", title: "Kept", text: {}, protected: true }));
    await assert.rejects(p.delete!(c.id, c.outs), (e: Error) => {
      assert.match(e.message, /is protected; set protected: false and run pulumi up first, or unprotect it in the portal/);
      assert.doesNotMatch(e.message, /authoritative/);
      return true;
    });
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}/unprotect`);
    await portalPost(emu, "dev_publisher", `content/items/${c.id}/setContentStatus`, { status: "org_authoritative" });
    await assert.rejects(p.delete!(c.id, c.outs), /org_authoritative: authoritative items are protected automatically; clear its status first/);
    await portalPost(emu, "dev_publisher", `content/items/${c.id}/setContentStatus`, { status: "", clearEmptyFields: "true" });
    await p.delete!(c.id, c.outs);
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${c.id}`)).error?.code, 404);
    await p.delete!(c.id, c.outs); // not found is done
  });

  it("plan: a replace names the item it deletes, its status and protection, and its related items, with reads only", async () => {
    const mapInputs = await checked({ type: "Web Map", title: "City map", text: {}, protected: true });
    const map = await p.create(mapInputs);
    const app = await p.create(await checked({ type: "Web Mapping Application", title: "City app", url: "https://apps.example.com/city", relationship: { type: "Map2AppConfig", originItemId: map.id } }));
    await portalPost(emu, "dev_publisher", `content/items/${map.id}/setContentStatus`, { status: "org_authoritative" });
    await clearRequestLog(emu);
    const moved = await checked({ type: "Dashboard", title: "City map", text: {}, protected: true }, mapInputs);
    const lines: string[] = moved.plannedChanges;
    assert.ok(lines.includes(`! replace deletes item ${map.id} "City map" after its replacement is created`), lines.join("\n"));
    assert.ok(lines.includes("! old item is org_authoritative; the status does not move to the new item"), lines.join("\n"));
    assert.ok(lines.some((l) => /^! old item is protected: its delete will be refused/.test(l)), lines.join("\n"));
    assert.ok(lines.includes(`! related: → destination ${app.id} "City app" (Web Mapping Application)`), lines.join("\n"));
    assert.deepEqual((await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => q.path), [], "check only reads");
    const retitled = await checked({ type: "Web Map", title: "Town map", text: {}, protected: true }, mapInputs);
    assert.ok(!retitled.plannedChanges.some((l: string) => l.startsWith("!")), "an update names no deletion");
  });

  it("replace as the engine runs it (check, diff, check without olds, create, delete): a new item, the old one deleted, the plan says why", async () => {
    const urn = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:PortalItem::moved";
    const first = await checked({ __urn: urn, type: "Web Map", title: "Moved", text: {} });
    const old = await p.create(first);
    const news = { __urn: urn, type: "Dashboard", title: "Moved", text: {} };
    const planned = await checked(news, first);
    assert.ok((await p.diff!(old.id, old.outs, planned)).replaces!.includes("type"));
    const replacement = await checked(news); // the engine's second check: no old inputs
    assert.equal(replacement.itemIdToCreate, planned.itemIdToCreate, "the preview's id is the one up creates");
    assert.notEqual(replacement.itemIdToCreate, first.itemIdToCreate, "a new generation, not the item being replaced");
    assert.ok(replacement.plannedChanges.some((l: string) => /^~ type: .* \(replaces the item\)$/.test(l)), replacement.plannedChanges.join("\n"));
    assert.ok(replacement.plannedChanges.includes(`! replace deletes item ${old.id} "Moved" after its replacement is created`), replacement.plannedChanges.join("\n"));
    const made = await p.create(replacement);
    assert.notEqual(made.id, old.id);
    await p.delete!(old.id, old.outs);
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${old.id}`)).error?.code, 404, "the replaced item is deleted");
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${made.id}`)).title, "Moved", "its replacement stays");
  });

  it("a targeted replace (check without olds and no diff) takes over the same item, and the replaced state does not delete it", async () => {
    const urn = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:PortalItem::forced";
    const first = await checked({ __urn: urn, type: "Web Map", title: "Forced", text: {} });
    const old = await p.create(first);
    const again = await checked({ __urn: urn, type: "Web Map", title: "Forced", text: {} });
    const made = await p.create(again);
    assert.equal(made.id, old.id, "the derived id is the same");
    await p.delete!(old.id, old.outs);
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${old.id}`)).title, "Forced", "the item stays");
  });

  it("read: a title, description and tags edited in the portal, and a removed relationship, are drift; a deleted item is gone", async () => {
    const data = await addWebMap(emu, "dev_publisher", "Data");
    const inputs = await checked({ type: "Feature Service", title: "Water", url: "https://services.example.com/Water/FeatureServer", description: "Pipes", tags: ["water"], relationship: { type: "Service2Data", destinationItemId: data } });
    const c = await p.create(inputs);
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}/update`, { title: "Water (edited)", description: "Edited in the UI", tags: "water,ui" });
    await portalPost(emu, "dev_publisher", "content/users/dev_publisher/deleteRelationship", { originItemId: c.id, destinationItemId: data, relationshipType: "Service2Data" });
    const r = await p.read!(c.id, c.outs);
    assert.equal(r.inputs!.title, "Water (edited)");
    assert.equal(r.inputs!.description, "Edited in the UI");
    assert.deepEqual(r.inputs!.tags, ["water", "ui"]);
    assert.equal(r.inputs!.relationship, undefined);
    assert.deepEqual(r.props!.relatedItemIds, []);
    const d = await p.diff!(c.id, r.props!, inputs);
    assert.equal(d.changes, true);
    assert.deepEqual(d.replaces, []);
    const u = await p.update!(c.id, r.props!, inputs);
    assert.equal(u.outs.title, "Water");
    assert.deepEqual(u.outs.relatedItemIds, [data]);
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${c.id}/delete`);
    assert.deepEqual(await p.read!(c.id, u.outs), {});
  });
});
