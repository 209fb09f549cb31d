// Item data streamed to disk (provider/rest/download.ts, `saveTo`): the bytes, SHA-256 and file name
// of a file item; the data of a text item; an error envelope in place of the data still throws and
// a missing item is NotFoundError.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ops from "../../../provider/ops";
import { fileNameOf } from "../../../provider/rest/download";
import { NotFoundError } from "../../../provider/rest/errors";
import { newItemId, useEmulator } from "./emulator";

describe("ops: downloadItemData (streamed to disk)", () => {
  const env = useEmulator();
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-download-"));
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("a file item: the file on disk, its size, SHA-256 and the portal's file name", async () => {
    const src = path.join(tmp, "roads data.csv");
    const body = "id,name\n" + Array.from({ length: 5000 }, (_, i) => `${i},Road ${i}`).join("\n");
    fs.writeFileSync(src, body);
    const c = env.client();
    const { id } = await ops.addItem(c, { owner: "dev_admin", item: { title: "Roads", type: "CSV", itemIdToCreate: newItemId() }, file: { path: src } });
    const dest = path.join(tmp, "out.csv");
    const saved = await ops.downloadItemData(c, String(id), dest);
    assert.equal(fs.readFileSync(dest, "utf8"), body);
    assert.equal(saved.bytes, Buffer.byteLength(body));
    assert.equal(saved.sha256, createHash("sha256").update(body).digest("hex"));
    assert.equal(saved.fileName, "roads data.csv");
  });

  it("a text item's JSON is saved as it is; a missing item is NotFoundError", async () => {
    const c = env.client();
    const { id } = await ops.addItem(c, { owner: "dev_admin", item: { title: "Map", type: "Web Map", text: '{"operationalLayers":[]}' } });
    const dest = path.join(tmp, "map.json");
    await ops.downloadItemData(c, String(id), dest);
    assert.deepEqual(JSON.parse(fs.readFileSync(dest, "utf8")), { operationalLayers: [] });
    await assert.rejects(ops.downloadItemData(c, "0".repeat(32), path.join(tmp, "none")), (e) => e instanceof NotFoundError);
  });

  it("content-disposition file names: quoted, encoded, RFC 5987", () => {
    assert.equal(fileNameOf('attachment; filename="a%20b.csv"'), "a b.csv");
    assert.equal(fileNameOf("attachment; filename*=UTF-8''%C3%A1gua.csv"), "água.csv");
    assert.equal(fileNameOf("attachment; filename=plain.txt"), "plain.txt");
    assert.equal(fileNameOf(undefined), undefined);
  });
});
