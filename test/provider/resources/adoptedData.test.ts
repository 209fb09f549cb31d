// PortalItem `adoptedData` (written by export) against the emulator as a real server: when the item's
// `modified` is the recorded one and the declared text hashes to the recorded hash, the adopt takes
// the portal's text as equal without reading it (0 data reads, 0 writes); a change on either side
// since the export reads and plans as before. The record is never compared: changing or dropping it
// plans nothing. The export writes it (text and files), and its program adopts with no data read.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createHash } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { adoptedDataRecord, adoptedFileRecord } from "../../../provider/resources/portalItem/adoptedData";
import { clearRequestLog, portalGet, portalPost, requestLog } from "./portalCalls";
import { exportInProcess } from "../cli/exportRun";

type Props = Record<string, any>;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const urn = (name: string) => `urn:pulumi:dev::adopted-data-test::pulumi-nodejs:dynamic/portal:PortalItem::${name}`;
const item = resourceProviders.portalItem;
const TEXT = { version: "2.31", operationalLayers: [{ url: "https://example.com/roads", id: "roads" }] };
/** The text as the engine hands a program's object to the provider: its keys in another order. */
const REORDERED = { operationalLayers: [{ id: "roads", url: "https://example.com/roads" }], version: "2.31" };

describe("PortalItem adoptedData: the adopting up skips the data read when neither side changed", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  let tmp: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-adopted-data-"));
  });
  after(async () => {
    await emu.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    // a fresh client each test: no read kept from the last one
    await item.configure!(configFor(emu, "dev_publisher") as any);
  });

  const log = async () => {
    const all = await requestLog(emu);
    return { dataReads: all.filter((q) => q.method === "GET" && q.path.split("?")[0].endsWith("/data")).length, writes: all.filter((q) => q.method !== "GET").map((q) => q.path) };
  };
  /** A web map as export finds it, and the record export writes for it. */
  const exported = async () => {
    const id = (await portalPost(emu, "dev_publisher", "content/users/dev_publisher/addItem", { title: "Streets", type: "Web Map", text: JSON.stringify(TEXT) })).id as string;
    const held = await portalGet(emu, "dev_publisher", `content/items/${id}`);
    return { id, held, record: adoptedDataRecord(held.modified, TEXT)! };
  };
  const newsOf = (id: string, text: unknown, record: unknown): Props => ({ type: "Web Map", title: "Streets", owner: "dev_publisher", text, adoptedData: record, adoptItemId: id, __urn: urn("streets") });

  it("a matching record: no data read, no write, no change; a changed, dropped or missing record plans nothing", async () => {
    const { id, record } = await exported();
    assert.equal(typeof record.modified, "number");
    await clearRequestLog(emu);
    const news = newsOf(id, REORDERED, record);
    const checked = await item.check!({}, news);
    assert.deepEqual(checked.failures ?? [], []);
    assert.deepEqual(checked.inputs.plannedChanges, [`= adopt item ${id} "Streets" (Web Map, owner dev_publisher): no change`]);
    const created = await item.create(checked.inputs);
    assert.equal(created.id, id);
    assert.deepEqual(await log(), { dataReads: 0, writes: [] }, "the record answers for the data: nothing read, nothing written");
    const diff = async (olds: Props, n: Props) => item.diff!(id, olds, (await item.check!(olds, n)).inputs);
    assert.equal((await diff(created.outs, news)).changes, false);
    assert.equal((await diff(created.outs, { ...news, adoptedData: { modified: 1, sha256: "0".repeat(64) } })).changes, false, "a new record is no update");
    const { adoptedData: _dropped, ...without } = news;
    assert.equal((await diff(created.outs, without)).changes, false, "a dropped record is no update");
    const { adoptedData: _old, ...oldState } = created.outs;
    assert.equal((await diff(oldState, news)).changes, false, "a state written before the record previews with no change");
    assert.deepEqual((await log()).writes, []);
  });

  it("the portal's data changed since the export (modified moved): the data is read and the plan shows the change", async () => {
    const { id, held, record } = await exported();
    const edited = { ...TEXT, version: "2.32" };
    await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${id}/update`, { text: JSON.stringify(edited) });
    const after = await portalGet(emu, "dev_publisher", `content/items/${id}`);
    assert.ok(after.modified > held.modified, "an update of the text moves the item's modified");
    await clearRequestLog(emu);
    const checked = await item.check!({}, newsOf(id, TEXT, record));
    const lines: string[] = checked.inputs.plannedChanges;
    assert.equal(lines[0], `= adopt item ${id} "Streets" (Web Map, owner dev_publisher): 1 field change`, lines.join("\n"));
    assert.ok(lines[1].startsWith("~ text: "), lines.join("\n"));
    assert.equal((await log()).dataReads, 1, "the portal's data is read to compare");
    await item.create(checked.inputs);
    assert.deepEqual((await portalGet(emu, "dev_publisher", `content/items/${id}/data`)).version, "2.31", "the adopt writes the program's text back");
  });

  it("the program's text edited since the export (hash differs): the data is read and the plan shows the change", async () => {
    const { id, record } = await exported();
    await clearRequestLog(emu);
    const checked = await item.check!({}, newsOf(id, { ...TEXT, version: "2.40" }, record));
    const lines: string[] = checked.inputs.plannedChanges;
    assert.equal(lines[0], `= adopt item ${id} "Streets" (Web Map, owner dev_publisher): 1 field change`, lines.join("\n"));
    assert.ok(lines[1].startsWith("~ text: "), lines.join("\n"));
    assert.equal((await log()).dataReads, 1);
  });

  it("a file item: the same local file is not downloaded again; another local file is", async () => {
    const body = "id,name\n1,Main\n";
    const form = new FormData();
    for (const [k, v] of Object.entries({ f: "json", token: emu.tokens.dev_publisher, title: "Roads", type: "CSV" })) form.append(k, v);
    form.append("file", new Blob([body]), "roads.csv");
    const id = ((await (await fetch(`${emu.sharingUrl}/content/users/dev_publisher/addItem`, { method: "POST", body: form })).json()) as any).id as string;
    const held = await portalGet(emu, "dev_publisher", `content/items/${id}`);
    const record = adoptedFileRecord(held.modified, createHash("sha256").update(body).digest("hex"))!;
    const file = path.join(tmp, "roads.csv");
    fs.writeFileSync(file, body);
    const news = (name: string) => ({ type: "CSV", title: "Roads", owner: "dev_publisher", file, adoptedData: record, adoptItemId: id, __urn: urn(name) });
    await clearRequestLog(emu);
    const same = await item.check!({}, news("same"));
    assert.match(same.inputs.plannedChanges[0], /: no change$/);
    await item.create(same.inputs);
    assert.deepEqual(await log(), { dataReads: 0, writes: [] });
    fs.writeFileSync(file, "id,name\n1,Main\n2,High\n");
    const edited = await item.check!({}, news("edited"));
    assert.ok(edited.inputs.plannedChanges.some((l: string) => l.startsWith("~ file: the portal's file (sha256 ")), edited.inputs.plannedChanges.join("\n"));
    assert.equal((await log()).dataReads, 1, "another local file: the portal's is hashed to compare");
  });

  it("a record that is not {modified, sha256} fails the preview, naming adoptedData", async () => {
    const bad = await item.check!({}, { type: "Web Map", title: "x", text: TEXT, adoptedData: { modified: "yesterday", sha256: "abc" }, __urn: urn("x") });
    assert.deepEqual([...new Set(bad.failures?.map((f) => f.property.split(".")[0]))], ["adoptedData"], JSON.stringify(bad.failures));
  });

  it("export writes the record of each text item; its program adopts with no data read and no change", async () => {
    const { id, held } = await exported();
    const parent = fs.mkdtempSync(path.join(tmp, "export-"));
    const run = await exportInProcess(emu, parent, ["--no-members", "--no-groups", "--no-schemas"]);
    assert.equal(run.code, 0, run.err);
    const out = path.join(parent, fs.readdirSync(parent)[0]);
    const block = run.program.split("new portal.PortalItem(").find((b) => b.includes(`adoptItemId: "${id}"`))!;
    const m = /adoptedData: \{ modified: (\d+), sha256: "([0-9a-f]{64})" \},/.exec(block);
    assert.ok(m, block);
    assert.equal(Number(m[1]), held.modified);
    const name = /^"([^"]+)"/.exec(block)![1];
    const text = JSON.parse(fs.readFileSync(path.join(out, "items", `${name}.json`), "utf8"));
    await item.configure!(configFor(emu, "dev_publisher") as any);
    await clearRequestLog(emu);
    const checked = await item.check!({}, newsOf(id, text, { modified: Number(m[1]), sha256: m[2] }));
    assert.deepEqual(checked.inputs.plannedChanges, [`= adopt item ${id} "Streets" (Web Map, owner dev_publisher): no change`]);
    assert.deepEqual(await log(), { dataReads: 0, writes: [] });
  });
});
