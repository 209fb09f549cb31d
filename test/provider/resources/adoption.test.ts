// Adoption (issue "export, adoption on the first up"; docs/adopting.md) against the emulator: an
// adopted PortalItem, CategorySchema and ItemStatus plan "adopt" at check (reads only), and their
// create writes only what differs — nothing at all when nothing does. A missing item, or one another
// stack or resource already manages, is refused at check with the input named.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, contentSchemaOf, portalGet, portalPost, requestLog } from "./portalCalls";

type Props = Record<string, any>;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const urn = (name: string, stack = "dev") => `urn:pulumi:${stack}::adopt-test::pulumi-nodejs:dynamic/portal:PortalItem::${name}`;
const item = resourceProviders.portalItem;
const schema = resourceProviders.categorySchema;
const status = resourceProviders.itemStatus;

async function writes(emu: RunningEmulator): Promise<string[]> {
  return (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => q.path);
}

/** check then create, as the engine runs a create step; returns the check result and create's. */
async function adoptStep(p: typeof item, news: Props) {
  const checked = await p.check!({}, news);
  assert.deepEqual(checked.failures ?? [], []);
  return { checked: checked.inputs, created: await p.create(checked.inputs) };
}

describe("provider adoption against the emulator", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  let tmp: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-adopt-"));
  });
  after(async () => {
    await emu.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    for (const p of [item, schema, status]) await p.configure!(configFor(emu, "dev_publisher") as any);
  });

  const webMap = async (title = "Streets", text: unknown = { operationalLayers: [], version: "2.31" }) =>
    (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/addItem", { title, type: "Web Map", text: JSON.stringify(text), tags: "a,b", snippet: "s" })).id as string;

  it("PortalItem: an item as the program says adopts with 'no change', a known id, and no write", async () => {
    const id = await webMap();
    const held = await portalGet(emu, "dev_publisher", `content/items/${id}`);
    await clearRequestLog(emu);
    const news = { type: "Web Map", title: "Streets", owner: "dev_publisher", tags: ["a", "b"], snippet: "s", typeKeywords: held.typeKeywords, text: { version: "2.31", operationalLayers: [] }, adoptItemId: id, __urn: urn("streets") };
    const { checked, created } = await adoptStep(item, news);
    assert.deepEqual(checked.plannedChanges, [`= adopt item ${id} "Streets" (Web Map, owner dev_publisher): no change`]);
    assert.equal(checked.itemId, id, "the adopted id is known at preview");
    assert.equal(created.id, id);
    assert.equal(created.outs.itemId, id);
    assert.deepEqual(await writes(emu), [], "no write reaches the portal");
    const d = await item.diff!(id, created.outs, (await item.check!(created.outs, news)).inputs);
    assert.equal(d.changes, false, "the next preview shows no change");
  });

  it("PortalItem: differing fields are planned and written in one update that also marks the item", async () => {
    const id = await webMap();
    await clearRequestLog(emu);
    const news = { type: "Web Map", title: "Streets v2", text: { version: "2.31", operationalLayers: [{ id: "x" }] }, adoptItemId: id, __urn: urn("streets") };
    const { checked } = await adoptStep(item, news);
    const lines: string[] = checked.plannedChanges;
    assert.equal(lines[0], `= adopt item ${id} "Streets" (Web Map, owner dev_publisher): 2 fields change`);
    assert.ok(lines.includes('~ title: "Streets" → "Streets v2"'), lines.join("\n"));
    assert.ok(lines.some((l) => l.startsWith("~ text: ")), lines.join("\n"));
    assert.deepEqual(await writes(emu), [`/sharing/rest/content/users/dev_publisher/items/${id}/update`]);
    const after = await portalGet(emu, "dev_publisher", `content/items/${id}`);
    assert.equal(after.title, "Streets v2");
    assert.equal(after.snippet, "s", "a field the program does not set is left as it is");
    assert.deepEqual(after.tags, ["a", "b"]);
    assert.ok(after.typeKeywords.some((k: string) => k.startsWith("pulumigisportalr")), "marked as this resource's");
    assert.ok(after.typeKeywords.includes("Web Map") || after.typeKeywords.length > 2, "the portal's own keywords stay");
  });

  it("PortalItem: a missing item and an item another stack manages are refused at check, naming adoptItemId", async () => {
    const missing = await item.check!({}, { type: "Web Map", title: "x", adoptItemId: "0".repeat(32), __urn: urn("x") });
    assert.deepEqual(missing.failures?.map((f) => f.property), ["adoptItemId"]);
    assert.match(missing.failures![0].reason, /no item 0{32}/);
    const id = await webMap();
    const first = await adoptStep(item, { type: "Web Map", title: "Mine now", adoptItemId: id, __urn: urn("streets", "prod") });
    assert.equal(first.created.id, id);
    const second = await item.check!({}, { type: "Web Map", title: "Mine now", adoptItemId: id, __urn: urn("streets", "dev") });
    assert.deepEqual(second.failures?.map((f) => f.property), ["adoptItemId"]);
    assert.match(second.failures![0].reason, /already managed by another Pulumi stack or resource/);
    const again = await item.check!({}, { type: "Web Map", title: "Mine now", adoptItemId: id, __urn: urn("streets", "prod") });
    assert.deepEqual(again.failures ?? [], [], "the resource that marked it may adopt it again (a lost state)");
    const wrongType = await item.check!({}, { type: "CSV", title: "Mine now", adoptItemId: id, __urn: urn("t") });
    assert.ok(wrongType.failures?.some((f) => f.property === "type"));
  });

  it("PortalItem: a file item is compared by SHA-256 (streamed); the same file is no write, another is uploaded", async () => {
    const file = path.join(tmp, "roads.csv");
    fs.writeFileSync(file, "id,name\n1,Main\n");
    const form = new FormData();
    for (const [k, v] of Object.entries({ f: "json", token: emu.tokens.dev_publisher, title: "Roads", type: "CSV" })) form.append(k, v);
    form.append("file", new Blob([fs.readFileSync(file)]), "roads.csv");
    const id = (await (await fetch(`${emu.sharingUrl}/content/users/dev_publisher/addItem`, { method: "POST", body: form })).json() as any).id;
    await clearRequestLog(emu);
    const same = await adoptStep(item, { type: "CSV", title: "Roads", file, adoptItemId: id, __urn: urn("roads") });
    assert.match(same.checked.plannedChanges[0], /: no change$/);
    assert.deepEqual(await writes(emu), []);
    fs.writeFileSync(file, "id,name\n1,Main\n2,High\n");
    const changed = await item.check!({}, { type: "CSV", title: "Roads", file, adoptItemId: id, __urn: urn("roads2") });
    assert.ok(changed.inputs.plannedChanges.some((l: string) => l.startsWith("~ file: the portal's file (sha256 ")), changed.inputs.plannedChanges.join("\n"));
  });

  it("PortalItem diff: adoptItemId naming the held item, or dropped, is no change; another id replaces", async () => {
    const id = await webMap();
    const { created } = await adoptStep(item, { type: "Web Map", title: "Streets", adoptItemId: id, __urn: urn("s") });
    const diff = async (news: Props) => item.diff!(id, created.outs, (await item.check!(created.outs, { __urn: urn("s"), ...news })).inputs);
    assert.equal((await diff({ type: "Web Map", title: "Streets", adoptItemId: id })).changes, false);
    assert.equal((await diff({ type: "Web Map", title: "Streets" })).changes, false);
    assert.deepEqual((await diff({ type: "Web Map", title: "Streets", adoptItemId: "b".repeat(32) })).replaces, ["adoptItemId"]);
  });

  it("CategorySchema adopt: the plan compares with the portal's tree; an equal tree is not assigned", async () => {
    await schema.configure!(configFor(emu, "dev_admin") as any);
    const tree = [{ title: "Categories", description: "", categories: [{ title: "Water", description: "Hydrology", categories: [] }] }];
    const orgId = (await portalGet(emu, "dev_admin", "portals/self")).id;
    await portalPost(emu, "dev_admin", `portals/${orgId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: tree }) });
    await clearRequestLog(emu);
    const r = await schema.check!({}, { categorySchema: tree, adopt: true });
    assert.deepEqual(r.inputs.plannedChanges, ["= adopt the organization's CategorySchema (2 nodes): no change"]);
    assert.equal(r.inputs.portalId, orgId, "the portal id is known at preview");
    const created = await schema.create(r.inputs);
    assert.equal(created.id, orgId);
    assert.deepEqual(await writes(emu), [], "an equal tree is not assigned again");
    const edited = [{ ...tree[0], categories: [{ title: "Water", description: "Hydrology", categories: [] }, { title: "Air" }] }];
    const lines = (await schema.check!({}, { categorySchema: edited, adopt: true })).inputs.plannedChanges;
    assert.deepEqual(lines, ["= adopt the organization's CategorySchema (2 nodes)", "+ add Categories/Air"]);
    await schema.create((await schema.check!({}, { categorySchema: edited, adopt: true })).inputs);
    assert.equal((await contentSchemaOf(emu, "dev_admin"))[0].categories.length, 2);
  });

  it("ItemStatus adopt: a status the item holds plans 'no change' and create writes nothing", async () => {
    const id = await webMap();
    await portalPost(emu, "dev_publisher", `content/items/${id}/setContentStatus`, { status: "deprecated" });
    await clearRequestLog(emu);
    const r = await status.check!({}, { itemId: id, status: "deprecated", adopt: true });
    assert.deepEqual(r.inputs.plannedChanges, [`= adopt the status of item "${id}" (deprecated): no change`]);
    const created = await status.create(r.inputs);
    assert.equal(created.outs.status, "deprecated");
    assert.deepEqual(await writes(emu), []);
    const other = await status.check!({}, { itemId: id, status: "org_authoritative", adopt: true });
    assert.deepEqual(other.inputs.plannedChanges, [`= adopt the status of item "${id}" (deprecated)`, `~ status: "deprecated" → "org_authoritative" on item "${id}"`]);
  });
});
