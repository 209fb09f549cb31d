// Item operations against the emulator (spec.md#item-fields, spec.md#item-status, spec.md#status-transitions, spec.md#set-content-status, spec.md#add-item; spec.md#gap-read-item).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ops from "../../../provider/ops";
import { NotFoundError, PortalError } from "../../../provider/rest/errors";
import { newItemId, useEmulator } from "./emulator";

describe("ops: items (spec.md#add-item, spec.md#set-content-status; spec.md#gap-read-item Items)", () => {
  const env = useEmulator();
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "ops-items-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("4.6: addItem with text and itemIdToCreate; getItem and getItemData read it back", async () => {
    const c = env.client("dev_publisher");
    const id = newItemId();
    const r = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Stations map", type: "Web Map", text: { operationalLayers: [] }, tags: ["a", "b"], itemIdToCreate: id, snippet: "s" } });
    assert.deepEqual([r.success, r.id], [true, id]);
    const item = await ops.getItem(c, id);
    assert.deepEqual([item.title, item.type, item.owner, item.tags], ["Stations map", "Web Map", "dev_publisher", ["a", "b"]]);
    assert.deepEqual(JSON.parse((await ops.getItemData(c, id)).toString("utf8")), { operationalLayers: [] });
  });

  it("4.6: addItem streams a file as multipart; the stored bytes are the file's", async () => {
    const c = env.client("dev_publisher");
    const path = join(dir, "stations.csv");
    const csv = "station_id,name\n" + Array.from({ length: 5000 }, (_, i) => `s${i},Station ${i}`).join("\n");
    writeFileSync(path, csv);
    const r = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Stations CSV", type: "CSV" }, file: { path, contentType: "text/csv" } });
    assert.equal(r.success, true);
    assert.equal((await ops.getItemData(c, r.id!)).toString("utf8"), csv);
  });

  it("spec.md#gap-update-item: updateItem changes fields; read shows them", async () => {
    const c = env.client("dev_publisher");
    const { id } = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Before", type: "Web Map", text: "{}" } });
    assert.equal((await ops.updateItem(c, { owner: "dev_publisher", itemId: id!, item: { title: "After", snippet: "new" } })).success, true);
    const item = await ops.getItem(c, id!);
    assert.deepEqual([item.title, item.snippet], ["After", "new"]);
  });

  it("spec.md#gap-protect: a protected item cannot be deleted; unprotect then delete; then NotFoundError", async () => {
    const c = env.client("dev_publisher");
    const { id } = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Protected", type: "Web Map", text: "{}" } });
    const ref = { owner: "dev_publisher", itemId: id! };
    assert.equal((await ops.protectItem(c, ref)).success, true);
    assert.equal((await ops.getItem(c, id!)).protected, true);
    await assert.rejects(ops.deleteItem(c, ref), (e: PortalError) => e.operation === "deleteItem" && e.code >= 400);
    assert.equal((await ops.unprotectItem(c, ref)).success, true);
    assert.equal((await ops.deleteItem(c, ref)).success, true);
    await assert.rejects(ops.getItem(c, id!), NotFoundError);
  });

  it("4.5/3.1: setContentStatus sets org_authoritative, then '' clears it", async () => {
    const c = env.client("dev_admin");
    const p = env.client("dev_publisher");
    const { id } = await ops.addItem(p, { owner: "dev_publisher", item: { title: "Status", type: "Web Map", text: "{}" } });
    assert.deepEqual(await ops.setContentStatus(c, { itemId: id!, status: "org_authoritative" }), { success: true, itemId: id });
    assert.equal((await ops.getItem(c, id!)).contentStatus, "org_authoritative");
    await ops.setContentStatus(c, { itemId: id!, status: "" });
    assert.equal((await ops.getItem(c, id!)).contentStatus, undefined);
  });

  it("3.1: public_authoritative in an org that is not public and verified is CONT_0163", async () => {
    const c = env.client("dev_admin");
    const { id } = await ops.addItem(c, { owner: "dev_admin", item: { title: "Public", type: "Web Map", text: "{}" } });
    await assert.rejects(ops.setContentStatus(c, { itemId: id!, status: "public_authoritative" }), (e: PortalError) => e.messageCode === "CONT_0163");
  });

  it("spec.md#gap-share: shareItem with everyone=true makes it public; unshareItem makes it private", async () => {
    const c = env.client("dev_publisher");
    const { id } = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Shared", type: "Web Map", text: "{}" } });
    await ops.shareItem(c, { owner: "dev_publisher", itemId: id!, everyone: true, org: true });
    assert.equal((await ops.getItem(c, id!)).access, "public");
    await ops.unshareItem(c, { owner: "dev_publisher", itemId: id!, everyone: true });
    assert.notEqual((await ops.getItem(c, id!)).access, "public");
  });
});
