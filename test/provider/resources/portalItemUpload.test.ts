// PortalItem data from files and URLs against the emulator: a small file in one streamed addItem,
// an 11 MB file in multipart mode (spec.md#add-item-multipart), a failed part cancelling the item, a changed
// file as an update, and dataUrl through an async add (spec.md#async-add, spec.md#add-item-data-url).
import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { clearRequestLog, requestLog } from "./portalCalls";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
  const r = await p.check!(olds, news);
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

async function itemsTitled(emu: RunningEmulator, user: string, title: string): Promise<any[]> {
  const r: any = await (await fetch(`${emu.sharingUrl}/search?${new URLSearchParams({ f: "json", token: emu.tokens[user], q: `owner:${user}`, num: "100" })}`)).json();
  assert.ok(Array.isArray(r.results), JSON.stringify(r));
  return r.results.filter((i: any) => i.title === title);
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function itemData(emu: RunningEmulator, user: string, itemId: string): Promise<Buffer> {
  const res = await fetch(`${emu.sharingUrl}/content/items/${itemId}/data?token=${emu.tokens[user]}`);
  return Buffer.from(await res.arrayBuffer());
}

describe("provider PortalItem uploads against the emulator", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  let tmp: string;
  let large: string;
  let server: http.Server;
  let serverUrl: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-item-upload-"));
    large = path.join(tmp, "parcels.zip");
    const fd = fs.openSync(large, "w");
    for (let i = 0; i < 11; i++) fs.writeSync(fd, randomBytes(1024 * 1024)); // 11 MB, written in 1 MB pieces
    fs.closeSync(fd);
    // a tiny file server for dataUrl (spec.md#item-fields: an unsecured URL)
    server = http.createServer((req, res) => {
      const body = Buffer.from("id,name\n1,Main St\n2,High St\n");
      res.writeHead(200, { "content-type": "text/csv", "content-length": String(body.length) });
      res.end(req.method === "HEAD" ? undefined : body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await emu.close();
    await new Promise((r) => server.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    await p.configure!(configFor(emu, "dev_publisher") as any);
  });

  it("2.1: a small file goes in one addItem; a changed file is a diff and an update", async () => {
    const file = path.join(tmp, "roads.csv");
    fs.writeFileSync(file, "id,name\n1,A\n");
    const v1 = await checked({ type: "CSV", title: "Roads CSV", file });
    assert.equal(v1.fileSize, 12);
    assert.equal(v1.fileSha256, sha256(fs.readFileSync(file)));
    await clearRequestLog(emu);
    const c = await p.create(v1);
    assert.deepEqual((await requestLog(emu)).filter((q) => /addItem|addPart|commit/.test(q.path)).map((q) => q.path.split("/").pop()), ["addItem"]);
    assert.equal(c.outs.fileSha256, v1.fileSha256);
    assert.equal((await itemData(emu, "dev_publisher", c.id)).toString(), "id,name\n1,A\n");

    fs.writeFileSync(file, "id,name\n1,A\n2,B\n");
    const v2 = await checked({ type: "CSV", title: "Roads CSV", file }, v1);
    assert.deepEqual(await p.diff!(c.id, c.outs, v2), { changes: true, replaces: [], deleteBeforeReplace: false });
    const u = await p.update!(c.id, c.outs, v2);
    assert.equal(u.outs.fileSize, 16);
    assert.equal((await itemData(emu, "dev_publisher", c.id)).toString(), "id,name\n1,A\n2,B\n");
  });

  it("4.6 rule 3: an 11 MB file goes in multipart mode — parts of 5 MB, commit with the properties, wait", async () => {
    const thumbnailFile = path.join(tmp, "thumb.png");
    fs.writeFileSync(thumbnailFile, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"));
    const inputs = await checked({ type: "Shapefile", title: "Parcels (large)", file: large, tags: ["parcels"], description: "Eleven megabytes", thumbnailFile });
    await clearRequestLog(emu);
    const c = await p.create(inputs);
    const verbs = (await requestLog(emu)).map((q) => q.path.split("/").pop());
    assert.equal(verbs.filter((v) => v === "addItem").length, 1);
    assert.equal(verbs.filter((v) => v === "addPart").length, 3);
    assert.equal(verbs.filter((v) => v === "commit").length, 1);
    assert.equal(c.outs.title, "Parcels (large)");
    assert.equal(c.outs.type, "Shapefile");
    assert.deepEqual(c.outs.tags, ["parcels"]);
    assert.equal(sha256(await itemData(emu, "dev_publisher", c.id)), inputs.fileSha256);
    assert.equal(inputs.fileSize, 11 * 1024 * 1024);
    const item: any = await (await fetch(`${emu.sharingUrl}/content/items/${c.id}?f=json&token=${emu.tokens.dev_publisher}`)).json();
    assert.ok(item.thumbnail, "the thumbnail, sent after the commit, is stored");
  });

  it("issue 13: up to the single-request threshold the same 11 MB file goes in one streamed addItem with a Content-Length; above it, multipart", async () => {
    const saved = { single: process.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES, part: process.env.PORTAL_UPLOAD_PART_BYTES };
    try {
      for (const [single, want] of [[11 * 1024 * 1024, ["addItem"]], [11 * 1024 * 1024 - 1, ["addItem", "addPart", "addPart", "commit"]]] as const) {
        process.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES = String(single);
        process.env.PORTAL_UPLOAD_PART_BYTES = String(6 * 1024 * 1024);
        const inputs = await checked({ type: "Shapefile", title: `Parcels (${single})`, file: large });
        await clearRequestLog(emu);
        const c = await p.create(inputs);
        const log = await requestLog(emu);
        assert.deepEqual(log.map((q) => q.path.split("?")[0].split("/").pop()).filter((v) => /^(addItem|addPart|commit)$/.test(v!)), want);
        assert.equal(sha256(await itemData(emu, "dev_publisher", c.id)), inputs.fileSha256);
      }
    } finally {
      process.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES = saved.single;
      process.env.PORTAL_UPLOAD_PART_BYTES = saved.part;
      if (saved.single === undefined) delete process.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES;
      if (saved.part === undefined) delete process.env.PORTAL_UPLOAD_PART_BYTES;
    }
  });

  it("4.6 rule 3: a part that fails twice cancels the half-made item", async () => {
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, codes: [400], paths: "addPart$" }) });
    const inputs = await checked({ type: "Shapefile", title: "Parcels (cancelled)", file: large });
    await clearRequestLog(emu);
    await assert.rejects(p.create(inputs), /addPart/);
    const log = await requestLog(emu);
    assert.ok(log.some((q) => /cancel$/.test(q.path)), JSON.stringify(log.map((q) => q.path)));
    const started = log.find((q) => /addItem$/.test(q.path))!;
    assert.ok(started);
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    assert.deepEqual(await itemsTitled(emu, "dev_publisher", "parcels.zip"), []);
    assert.deepEqual(await itemsTitled(emu, "dev_publisher", "Parcels (cancelled)"), []);
  });

  it("3.2/4.6 rule 2: dataUrl is an async add polled to completion, with the asked id", async () => {
    const inputs = await checked({ type: "CSV", title: "Streets from URL", dataUrl: `${serverUrl}/streets.csv`, timeoutSeconds: 30 });
    await clearRequestLog(emu);
    const c = await p.create(inputs);
    assert.equal(c.id, inputs.itemIdToCreate);
    const log = await requestLog(emu);
    assert.ok(log.some((q) => /\/status(\?|$)/.test(q.path)), JSON.stringify(log.map((q) => q.path)));
    assert.equal((await itemData(emu, "dev_publisher", c.id)).toString(), "id,name\n1,Main St\n2,High St\n");
  });

  it("3.2: a dataUrl the portal cannot download fails create with the portal's reason and leaves no item", async () => {
    const inputs = await checked({ type: "CSV", title: "Broken URL", dataUrl: "http://127.0.0.1:9/nothing.csv", timeoutSeconds: 30 });
    await assert.rejects(p.create(inputs), /failed/i);
    assert.deepEqual(await itemsTitled(emu, "dev_publisher", "Broken URL"), []);
  });
});
