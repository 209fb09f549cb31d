import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Harness, eventually } from "./harness";
import { CHUNKED_UPLOAD_MAX_BYTES, MULTIPART } from "../../spec/limits";

describe("emulator: async adds, multipart mode and chunked uploads (spec.md#async-add, spec.md#add-item-data-url, spec.md#add-item-multipart, spec.md#add-item-chunked, spec.md#limits)", () => {
  let h: Harness;
  let dir: string;
  before(async () => {
    h = await Harness.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-uploads-"));
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const t = () => h.token("dev_user");
  /** A sparse file of `size` bytes whose first bytes are `head`. */
  const file = (name: string, size: number, head = "") => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, head);
    fs.truncateSync(p, size);
    return p;
  };
  const status = (id: string) => h.call(`content/users/dev_user/items/${id}/status`, {}, { token: t() });

  it("3.2: async addItem answers {status, statusMessage, itemId}; status moves processing → completed", async () => {
    await h.control("jobs/mode", { kind: "addItem", mode: "manual" });
    try {
      const r = await h.call("content/users/dev_user/addItem", { title: "A", type: "CSV", async: true }, { token: t(), files: { file: { data: Buffer.from("a,b\n1,2\n"), filename: "a.csv" } } });
      assert.deepEqual(Object.keys(r).sort(), ["itemId", "status", "statusMessage"]);
      assert.equal(r.status, "processing");
      assert.deepEqual(await status(r.itemId), { itemId: r.itemId, status: "processing", statusMessage: "processing" });
      assert.equal((await h.call(`content/items/${r.itemId}`, {}, { token: t() })).error.code, 404, "not an item until completed");
      await h.control(`jobs/${r.itemId}/step`);
      assert.equal((await status(r.itemId)).status, "completed");
      const data = await h.raw(`content/items/${r.itemId}/data`, {}, { token: t() });
      assert.equal(await data.text(), "a,b\n1,2\n");
    } finally {
      await h.control("jobs/mode", { kind: "addItem", mode: "auto" });
    }
  });

  it("3.2: an async add completes on its own in auto mode", async () => {
    const r = await h.call("content/users/dev_user/addItem", { title: "A", type: "Web Map", text: "{}", async: true }, { token: t() });
    await eventually(async () => ((await status(r.itemId)).status === "completed" ? true : undefined), "async add to complete");
  });

  it("4.6 rule 2: dataUrl without async=true is refused", async () => {
    const r = await h.call("content/users/dev_user/addItem", { title: "A", type: "CSV", dataUrl: "http://127.0.0.1:9/a.csv" }, { token: t() });
    assert.match(r.error.message, /dataUrl requires async=true/);
  });

  it("4.6 rule 3: multipart=true needs only filename; other parameters are ignored; status is partial", async () => {
    assert.match((await h.call("content/users/dev_user/addItem", { multipart: true }, { token: t() })).error.message, /'filename'/);
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "big.csv", title: "t".repeat(300), type: "Bogus" }, { token: t() });
    assert.equal(r.success, true);
    assert.equal((await status(r.id)).status, "partial");
  });

  it("multipart: itemIdToCreate is honoured (unconfirmed, docs/emulator.md); a taken id is 409", async () => {
    const id = "0123456789abcdef0123456789abcdef";
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "keyed.csv", itemIdToCreate: id }, { token: t() });
    assert.equal(r.id, id);
    assert.equal((await h.call(`content/users/dev_user/items/${id}/status`, {}, { token: t() })).status, "partial");
    assert.equal((await h.call("content/users/dev_user/addItem", { multipart: true, filename: "keyed.csv", itemIdToCreate: id }, { token: t() })).error.code, 409);
  });

  it("spec.md#gap-multipart multipart: parts are listed; re-sending a number replaces it; commit assembles in order", async () => {
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "joined.csv" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    const p1 = file("p1", MULTIPART.minPartBytes, "first");
    assert.deepEqual(await h.call(`${base}/addPart`, { partNum: 2 }, { token: t(), files: { file: { data: Buffer.from("wrong"), filename: "p2" } } }), { success: true });
    await h.call(`${base}/addPart`, { partNum: 2 }, { token: t(), files: { file: { data: Buffer.from("LAST"), filename: "p2" } } });
    await h.call(`${base}/addPart`, { partNum: 1 }, { token: t(), files: { file: { path: p1, filename: "p1" } } });
    assert.deepEqual(await h.call(`${base}/parts`, {}, { token: t() }), { parts: ["1", "2"] });
    assert.deepEqual(await h.call(`${base}/commit`, { title: "Joined", tags: "a" }, { token: t() }), { success: true, id: r.id });
    await eventually(async () => ((await status(r.id)).status === "completed" ? true : undefined), "commit");
    const item = await h.call(`content/items/${r.id}`, {}, { token: t() });
    assert.equal(item.title, "Joined");
    assert.equal(item.type, "CSV");
    assert.equal(item.size, MULTIPART.minPartBytes + 4);
    const bytes = Buffer.from(await (await h.raw(`content/items/${r.id}/data`, {}, { token: t() })).arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString(), "first");
    assert.equal(bytes.subarray(bytes.length - 4).toString(), "LAST");
  });

  it("part 8: a non-last part of 5 MB − 1 byte is refused at commit; a last part of any size is fine", async () => {
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "x.bin" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    await h.call(`${base}/addPart`, { partNum: 1 }, { token: t(), files: { file: { path: file("small", MULTIPART.minPartBytes - 1), filename: "p" } } });
    await h.call(`${base}/addPart`, { partNum: 2 }, { token: t(), files: { file: { data: Buffer.from("z"), filename: "p" } } });
    const refused = await h.call(`${base}/commit`, {}, { token: t() });
    assert.match(refused.error.message, /Part 1 is 5242879 bytes; every part but the last must be at least 5242880/);
    assert.equal((await status(r.id)).status, "partial");
  });

  it("part 8: part numbers 1 and 10000 are accepted; 0 and 10001 are refused", async () => {
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "n.bin" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    const send = (n: number) => h.call(`${base}/addPart`, { partNum: n }, { token: t(), files: { file: { data: Buffer.from("x"), filename: "p" } } });
    assert.equal((await send(1)).success, true);
    assert.equal((await send(MULTIPART.maxParts)).success, true);
    assert.match((await send(0)).error.message, /from 1 to 10000; got 0/);
    assert.match((await send(MULTIPART.maxParts + 1)).error.message, /got 10001/);
  });

  it("spec.md#gap-multipart multipart: cancel drops the uncommitted item; a committed item cannot take parts", async () => {
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "c.csv" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    assert.deepEqual(await h.call(`${base}/cancel`, {}, { token: t() }), { success: true });
    assert.equal((await status(r.id)).error.code, 404);
    const done = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "d.csv" }, { token: t() });
    const dbase = `content/users/dev_user/items/${done.id}`;
    await h.call(`${dbase}/addPart`, { partNum: 1 }, { token: t(), files: { file: { data: Buffer.from("a"), filename: "p" } } });
    await h.call(`${dbase}/commit`, {}, { token: t() });
    await eventually(async () => ((await status(done.id)).status === "completed" ? true : undefined), "commit");
    assert.match((await h.call(`${dbase}/addPart`, { partNum: 2 }, { token: t(), files: { file: { data: Buffer.from("b"), filename: "p" } } })).error.message, /not a multipart upload in progress/);
    assert.match((await h.call(`${dbase}/commit`, {}, { token: t() })).error.message, /not a multipart upload in progress/);
  });

  it("part 5: another user cannot add parts to my multipart item", async () => {
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "m.csv" }, { token: t() });
    const other = await h.call(`content/users/dev_user/items/${r.id}/addPart`, { partNum: 1 }, { token: h.token("dev_publisher"), files: { file: { data: Buffer.from("x"), filename: "p" } } });
    assert.equal(other.error.code, 404);
  });

  /** Sends a multipart addItem with chunked transfer encoding (a stream body with no length). */
  async function chunkedAdd(p: string): Promise<any> {
    const form = new FormData();
    for (const [k, v] of Object.entries({ f: "json", token: t(), title: "Chunked", type: "CSV" })) form.append(k, v);
    form.append("file", await fs.openAsBlob(p), "big.csv");
    const encoded = new Response(form);
    const res = await fetch(`${h.emu.sharingUrl}/content/users/dev_user/addItem`, {
      method: "POST",
      body: encoded.body,
      headers: { "content-type": encoded.headers.get("content-type")! },
      duplex: "half",
    } as RequestInit);
    return res.json();
  }

  it("4.6 rule 4 / part 8: a chunked upload of exactly 50 MB is accepted, 50 MB + 1 byte refused", async function () {
    this.timeout(60_000);
    const ok = await chunkedAdd(file("50mb.csv", CHUNKED_UPLOAD_MAX_BYTES));
    assert.equal(ok.success, true, JSON.stringify(ok));
    assert.equal((await h.call(`content/items/${ok.id}`, {}, { token: t() })).size, CHUNKED_UPLOAD_MAX_BYTES);
    const refused = await chunkedAdd(file("50mb1.csv", CHUNKED_UPLOAD_MAX_BYTES + 1));
    assert.equal(refused.error.code, 400);
    assert.match(refused.error.message, /chunked transfer encoding are limited to 50 MB/);
  });

  it("4.6 rule 4: the same 50 MB + 1 byte file with a Content-Length is accepted", async function () {
    this.timeout(60_000);
    const r = await h.call("content/users/dev_user/addItem", { title: "Sized", type: "CSV" }, { token: t(), files: { file: { path: file("sized.csv", CHUNKED_UPLOAD_MAX_BYTES + 1), filename: "sized.csv" } } });
    assert.equal(r.success, true);
  });
});
