// Multipart and async adds against the emulator (spec.md#async-add, spec.md#add-item-multipart; spec.md#gap-item-status-read,
// "Add part", "List parts", "Commit", "Cancel").
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MULTIPART } from "../../../spec/limits";
import * as ops from "../../../provider/ops";
import { fileParts } from "../../../provider/rest/body";
import { useEmulator } from "./emulator";

describe("ops: multipart and async adds (spec.md#async-add, spec.md#add-item)", () => {
  const env = useEmulator();
  let dir: string;
  let bigPath: string;
  let bigHash: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "ops-multipart-"));
    bigPath = join(dir, "big.csv");
    const data = Buffer.alloc(MULTIPART.minPartBytes + 1234, "a,b\n");
    writeFileSync(bigPath, data);
    bigHash = createHash("sha256").update(data).digest("hex");
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("4.6 rule 3: multipart add → addPart ×2 → parts → commit → status completed; the data is whole", async () => {
    const c = env.client("dev_publisher");
    const start = await ops.addItem(c, { owner: "dev_publisher", item: { multipart: true, filename: "big.csv" } });
    const itemId = (start.id ?? start.itemId)!;
    const ref = { owner: "dev_publisher", itemId };
    assert.equal((await ops.getItemStatus(c, ref)).status, "partial");
    const parts = await fileParts(bigPath, MULTIPART.minPartBytes);
    assert.equal(parts.length, 2);
    for (const [i, part] of parts.entries()) assert.equal((await ops.addItemPart(c, { ...ref, partNum: i + 1, file: part })).success, true);
    assert.deepEqual(await ops.listItemParts(c, ref), { parts: ["1", "2"] });
    assert.equal((await ops.commitItem(c, { ...ref, item: { title: "Big CSV", type: "CSV" } })).success, true);
    const done = await ops.waitForItemStatus(c, { ...ref, what: "commit", timeoutMs: 20_000 });
    assert.equal(done.status, "completed");
    const data = await ops.getItemData(c, itemId);
    assert.equal(createHash("sha256").update(data).digest("hex"), bigHash);
    assert.equal((await ops.getItem(c, itemId)).title, "Big CSV");
  });

  it("spec.md#gap-multipart Cancel: an uncommitted multipart item is dropped", async () => {
    const c = env.client("dev_publisher");
    const start = await ops.addItem(c, { owner: "dev_publisher", item: { multipart: true, filename: "x.csv" } });
    const ref = { owner: "dev_publisher", itemId: (start.id ?? start.itemId)! };
    assert.equal((await ops.cancelItem(c, ref)).success, true);
    await assert.rejects(ops.getItemStatus(c, ref), /404|not exist|inaccessible/i);
  });

  it("3.2: an async add answers processing, then the status poll reaches completed", async () => {
    const c = env.client("dev_publisher");
    const path = join(dir, "small.csv");
    writeFileSync(path, "a,b\n1,2\n");
    const r = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Async CSV", type: "CSV", async: true }, file: { path } });
    assert.equal(r.status, "processing");
    const done = await ops.waitForItemStatus(c, { owner: "dev_publisher", itemId: r.itemId!, what: "async add", timeoutMs: 20_000 });
    assert.equal(done.status, "completed");
  });

  it("3.2: a job held in manual mode times out with what was awaited and the last status", async () => {
    const c = env.client("dev_publisher");
    await fetch(`${env.emu.controlUrl}/jobs/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "addItem", mode: "manual" }) });
    try {
      const r = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Held", type: "Web Map", text: "{}", async: true } });
      await assert.rejects(ops.waitForItemStatus(c, { owner: "dev_publisher", itemId: r.itemId!, what: "async add", timeoutMs: 400 }), /waiting for async add of item \w+ \(owner dev_publisher\); last status seen: "processing"/);
    } finally {
      await fetch(`${env.emu.controlUrl}/jobs/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "addItem", mode: "auto" }) });
    }
  });
});
