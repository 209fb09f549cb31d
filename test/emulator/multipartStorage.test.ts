// A multipart commit stores no second copy (issue 13): the parts as they came are the item's data,
// served byte-identical; the item's folder holds the bytes once; a multipart update replaces them
// and a delete removes every part file. Over HTTP against the in-process emulator.
import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import AdmZip from "adm-zip";
import { Harness, eventually } from "./harness";
import { FeatureEmulator, pointLayer, service } from "./features/support";
import { MULTIPART } from "../../spec/limits";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Every regular file under `dir`, with its size. */
function filesUnder(dir: string): Array<{ file: string; bytes: number }> {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name);
      return { file, bytes: fs.statSync(file).size };
    });
}

describe("emulator: a multipart commit keeps the parts as the item's data (no copy)", () => {
  let h: Harness;
  before(async () => (h = await Harness.start()));
  after(async () => h.close());
  const t = () => h.token("dev_user");
  const status = async (id: string) => (await h.call(`content/users/dev_user/items/${id}/status`, {}, { token: t() })).status;
  const download = async (id: string) => Buffer.from(await (await h.raw(`content/items/${id}/data`, {}, { token: t() })).arrayBuffer());
  /** The item's folder on disk: the emulator's data dir is a portal-emulator-* temp folder. */
  const itemDir = (id: string) => {
    const found = fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith("portal-emulator-")).map((d) => path.join(os.tmpdir(), d, "items", id)).filter((d) => fs.existsSync(d));
    assert.equal(found.length, 1, `one folder for item ${id}`);
    return found[0];
  };
  async function sendParts(base: string, parts: Buffer[]): Promise<void> {
    for (const [i, data] of parts.entries()) {
      const r = await h.call(`${base}/addPart`, { partNum: i + 1 }, { token: t(), files: { file: { data, filename: `p${i + 1}` } } });
      assert.equal(r.success, true, JSON.stringify(r));
    }
  }
  async function commit(base: string, id: string, fields: Record<string, string> = {}): Promise<void> {
    assert.equal((await h.call(`${base}/commit`, fields, { token: t() })).success, true);
    await eventually(async () => ((await status(id)) === "completed" ? true : undefined), "commit");
  }

  it("three parts: the data downloads byte-identical and the item's folder holds each byte once, as the part files", async () => {
    const parts = [randomBytes(MULTIPART.minPartBytes), randomBytes(MULTIPART.minPartBytes + 3), randomBytes(1234)];
    const whole = Buffer.concat(parts);
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "three.bin" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    await sendParts(base, parts);
    await commit(base, r.id, { type: "CSV" });
    assert.equal((await h.call(`content/items/${r.id}`, {}, { token: t() })).size, whole.length);
    const res = await h.raw(`content/items/${r.id}/data`, {}, { token: t() });
    assert.equal(res.headers.get("content-length"), String(whole.length));
    assert.equal(sha(Buffer.from(await res.arrayBuffer())), sha(whole));
    const files = filesUnder(itemDir(r.id));
    assert.equal(files.reduce((s, f) => s + f.bytes, 0), whole.length, JSON.stringify(files));
    assert.deepEqual(files.map((f) => f.bytes).sort((a, b) => a - b), parts.map((p) => p.length).sort((a, b) => a - b));
  });

  it("a multipart update replaces the parts; a delete removes every part file", async () => {
    const first = [randomBytes(MULTIPART.minPartBytes), Buffer.from("tail one")];
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "upd.bin" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    await sendParts(base, first);
    await commit(base, r.id);
    const dir = itemDir(r.id);
    assert.equal((await h.call(`${base}/update`, { multipart: true, filename: "upd2.bin" }, { token: t() })).success, true);
    const second = [randomBytes(MULTIPART.minPartBytes), randomBytes(MULTIPART.minPartBytes), Buffer.from("tail two")];
    await sendParts(base, second);
    assert.equal(sha(await download(r.id)), sha(Buffer.concat(first)), "the old data is served while the update's parts arrive");
    await commit(base, r.id);
    assert.equal(sha(await download(r.id)), sha(Buffer.concat(second)));
    assert.equal(filesUnder(dir).reduce((s, f) => s + f.bytes, 0), Buffer.concat(second).length, "the old parts are gone");
    assert.equal((await h.call(`${base}/delete`, {}, { token: t() })).success, true);
    assert.deepEqual(filesUnder(dir), []);
  });

  it("a package whose zip spans two parts has its info folder extracted (read by range over the parts)", async () => {
    const zip = new AdmZip();
    zip.addFile("esriinfo/iteminfo.xml", Buffer.from("<ESRI_ItemInformation><snippet>From the card</snippet></ESRI_ItemInformation>"));
    zip.addFile("data/big.bin", randomBytes(MULTIPART.minPartBytes + 100_000));
    const bytes = zip.toBuffer();
    const r = await h.call("content/users/dev_user/addItem", { multipart: true, filename: "pkg.zip" }, { token: t() });
    const base = `content/users/dev_user/items/${r.id}`;
    await sendParts(base, [bytes.subarray(0, MULTIPART.minPartBytes), bytes.subarray(MULTIPART.minPartBytes)]);
    await commit(base, r.id, { type: "Code Attachment" });
    assert.equal((await h.call(`content/items/${r.id}`, {}, { token: t() })).snippet, "From the card");
    assert.equal(sha(await download(r.id)), sha(bytes));
  });
});

describe("emulator: an append from a multipart CSV item reads its parts in order (appendItemId)", () => {
  let fe: FeatureEmulator;
  before(async () => (fe = await FeatureEmulator.start([service("Sites", [pointLayer()])])));
  after(async () => fe.close());

  it("a row cut between part 1 and part 2 is read whole", async () => {
    const tail = "u1,";
    const top = "code,big\nu0,5\n";
    const part1 = top + "\n".repeat(MULTIPART.minPartBytes - top.length - tail.length) + tail; // blank lines are skipped
    const parts = [Buffer.from(part1), Buffer.from("7\nu2,9\n")];
    const sharing = `${fe.emu.sharingUrl}/content/users/dev_publisher`;
    const start = await fe.post(`${sharing}/addItem`, { multipart: true, filename: "rows.csv" });
    for (const [i, data] of parts.entries()) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ f: "json", token: fe.token("dev_publisher"), partNum: String(i + 1) })) form.append(k, v);
      form.append("file", new Blob([data]), `p${i + 1}`);
      assert.equal(((await (await fetch(`${sharing}/items/${start.id}/addPart`, { method: "POST", body: form })).json()) as any).success, true);
    }
    assert.equal((await fe.post(`${sharing}/items/${start.id}/commit`, {})).success, true);
    await eventually(async () => ((await fe.post(`${sharing}/items/${start.id}/status`, {})).status === "completed" ? true : undefined), "commit");
    const job = await fe.append("Sites", 0, { appendItemId: start.id, appendSourceInfo: {} });
    assert.equal(job.status, "Completed", JSON.stringify(job));
    assert.deepEqual((await fe.features("Sites", 0)).map((f) => [f.attributes.code, f.attributes.big]), [["u0", 5], ["u1", 7], ["u2", 9]]);
  });
});
