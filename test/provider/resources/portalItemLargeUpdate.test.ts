// PortalItem large data against the emulator (issue 15 scope 4): a changed file above the multipart
// threshold (8 MiB in tests, test/uploadSizes.ts) replaces the item's data through updateItem
// multipart=true + addPart + commit, at the threshold through one update; a failed part leaves the
// old data; a dataUrl item's async add reports progress while it is polled (spec.md#async-add).
import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resetProgressForTests } from "../../../provider/progress";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { firstJob, setJobMode, stepJob } from "./layerAppendCalls";
import { clearRequestLog, requestLog } from "./portalCalls";

const USER = "dev_publisher";
const URN = "urn:pulumi:dev::large::pulumi-nodejs:dynamic:Resource::parcels";
const MiB = 1024 * 1024;
const configFor = (emu: RunningEmulator) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[USER] })[k], require: () => "" } });
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
  const r = await p.check!(olds, { __urn: URN, ...news });
  assert.deepEqual(r.failures ?? [], []);
  return r.inputs;
}

function writeRandomFile(file: string, bytes: number): void {
  const fd = fs.openSync(file, "w");
  for (let left = bytes; left > 0; left -= MiB) fs.writeSync(fd, randomBytes(Math.min(MiB, left)));
  fs.closeSync(fd);
}

async function dataHash(emu: RunningEmulator, itemId: string): Promise<string> {
  const res = await fetch(`${emu.sharingUrl}/content/items/${itemId}/data?token=${emu.tokens[USER]}`);
  return sha256(Buffer.from(await res.arrayBuffer()));
}

async function itemJson(emu: RunningEmulator, itemId: string): Promise<any> {
  return (await fetch(`${emu.sharingUrl}/content/items/${itemId}?f=json&token=${emu.tokens[USER]}`)).json();
}

/** The item operations the provider sent, in order (status polls folded into one). */
async function itemOps(emu: RunningEmulator): Promise<string[]> {
  const ops = (await requestLog(emu)).map((q) => q.path.split("?")[0].split("/").pop()!).filter((v) => /^(addItem|update|addPart|commit|status|cancel)$/.test(v));
  return ops.filter((v, i) => !(v === "status" && ops[i - 1] === "status"));
}

describe("provider PortalItem large file updates and dataUrl progress (issue 15)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let tmp: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-item-large-update-"));
  });
  after(async () => {
    await emu.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    await p.configure!(configFor(emu) as any);
  });

  it("a changed file above the threshold goes as update(multipart) + addPart×3 + commit; at the threshold as one update", async () => {
    const file = path.join(tmp, "parcels.zip");
    writeRandomFile(file, 1 * MiB);
    const v1 = await checked({ type: "Shapefile", title: "Parcels", file });
    const c = await p.create(v1);

    writeRandomFile(file, 11 * MiB); // above 8 MiB: parts of 5, 5 and 1 MiB
    const v2 = await checked({ type: "Shapefile", title: "Parcels v2", file }, c.outs);
    await clearRequestLog(emu);
    const lines: [string, string][] = [];
    resetProgressForTests(async (m, urn) => void lines.push([m, urn]));
    const u2 = await p.update!(c.id, c.outs, v2).finally(() => resetProgressForTests());
    assert.match(lines.at(-1)![0], /^uploading 11\.0 of 11\.0 MiB \(100%\), [\d.]+ MiB\/s, parts 3\/3$/, "the last part's line, on the resource's row");
    assert.equal(lines.at(-1)![1], URN);
    assert.deepEqual(await itemOps(emu), ["status", "update", "addPart", "addPart", "addPart", "commit", "status", "update"]);
    assert.equal(await dataHash(emu, c.id), v2.fileSha256, "the item holds the new file");
    assert.equal(u2.outs.fileSize, 11 * MiB);
    assert.equal((await itemJson(emu, c.id)).title, "Parcels v2", "the changed title rides in the update after the commit");

    writeRandomFile(file, 8 * MiB); // exactly the threshold: one request
    const v3 = await checked({ type: "Shapefile", title: "Parcels v2", file }, u2.outs);
    await clearRequestLog(emu);
    await p.update!(c.id, u2.outs, v3);
    assert.deepEqual(await itemOps(emu), ["update"]);
    assert.equal(await dataHash(emu, c.id), v3.fileSha256);
  });

  it("a part that fails twice cancels the multipart update: the item keeps its old file and is not partial", async () => {
    const file = path.join(tmp, "roads.zip");
    writeRandomFile(file, 2 * MiB);
    const v1 = await checked({ type: "Shapefile", title: "Roads", file });
    const c = await p.create(v1);
    writeRandomFile(file, 9 * MiB);
    const v2 = await checked({ type: "Shapefile", title: "Roads", file }, c.outs);
    await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 1, codes: [400], paths: "addPart$" }) });
    await assert.rejects(p.update!(c.id, c.outs, v2), /part \d of 2 of the multipart upload of item \w+ failed \(addPart, sent twice\)/);
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    assert.ok((await itemOps(emu)).includes("cancel"));
    assert.equal(await dataHash(emu, c.id), v1.fileSha256, "old data kept");
    const status: any = await (await fetch(`${emu.sharingUrl}/content/users/${USER}/items/${c.id}/status?f=json&token=${emu.tokens[USER]}`)).json();
    assert.equal(status.status, "completed");
    // the next run sends it again and it lands
    await p.update!(c.id, c.outs, v2);
    assert.equal(await dataHash(emu, c.id), v2.fileSha256);
  });

  it("an update left partial by a killed run is cancelled and sent again whole", async () => {
    const file = path.join(tmp, "lots.zip");
    writeRandomFile(file, 1 * MiB);
    const v1 = await checked({ type: "Shapefile", title: "Lots", file });
    const c = await p.create(v1);
    // a run that died after update(multipart) and one part
    const post = (op: string, fields: Record<string, string>) => fetch(`${emu.sharingUrl}/content/users/${USER}/items/${c.id}/${op}`, { method: "POST", body: new URLSearchParams({ f: "json", token: emu.tokens[USER], ...fields }) }).then((r) => r.json() as any);
    assert.equal((await post("update", { multipart: "true", filename: "lots.zip" })).success, true);
    assert.equal(await dataHash(emu, c.id), v1.fileSha256, "an item mid multipart update stays readable with its old data");
    writeRandomFile(file, 10 * MiB);
    const v2 = await checked({ type: "Shapefile", title: "Lots", file }, c.outs);
    await clearRequestLog(emu);
    await p.update!(c.id, c.outs, v2);
    assert.deepEqual((await itemOps(emu)).slice(0, 3), ["status", "cancel", "update"]);
    assert.equal(await dataHash(emu, c.id), v2.fileSha256);
  });

  it("spec.md#async-add: a dataUrl item reports the async add's status and time waited on the resource's row while it is polled", async () => {
    const server = http.createServer((_req, res) => res.end("id,name\n1,Main St\n"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const lines: [string, string][] = [];
    resetProgressForTests(async (m, urn) => void lines.push([m, urn]));
    await setJobMode(emu, "dataUrl", "manual");
    try {
      const inputs = await checked({ type: "CSV", title: "Streets", dataUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/streets.csv`, timeoutSeconds: 30 });
      const created = p.create(inputs);
      const job = await firstJob(emu, "dataUrl");
      for (let i = 0; i < 200 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      for (let s = 0; s < 10 && (await stepJob(emu, job.id))?.status !== "completed"; s++);
      const c = await created;
      assert.ok(lines.length >= 1, "at least one progress line while polling");
      assert.match(lines[0][0], new RegExp(`^async add \\(dataUrl download\\) of item ${c.id} \\w+, \\d+ s$`));
      assert.equal(lines[0][1], URN);
      assert.equal(await dataHash(emu, c.id), sha256(Buffer.from("id,name\n1,Main St\n")));
    } finally {
      resetProgressForTests();
      await setJobMode(emu, "dataUrl", "auto");
      await new Promise((r) => server.close(r));
    }
  });
});
