// arcgis-rest-js multipart add against the emulator (spec.md#add-item-multipart, spec.md#gap-multipart,
// "List parts", "Commit", "Cancel", "Item status"): createItem({multipart}) → addItemPart →
// getItemParts → commitItemUpload → getItemStatus, and cancelItemUpload.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISRequestError } from "@esri/arcgis-rest-request";
import { addItemPart, cancelItemUpload, commitItemUpload, createItem, getItem, getItemData, getItemParts, getItemStatus } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, sentField, start, stop, until } from "./support";

const MIN_PART = 5 * 1024 * 1024; // spec.md#gap-multipart: every part but the last is at least 5 MB

describe("arcgis-rest-js: multipart item upload", () => {
  let emu: RunningEmulator;
  before(async () => (emu = await start()));
  after(async () => stop(emu));

  const startUpload = async (filename: string) => {
    const added = await createItem({ ...as(emu, "dev_user"), item: { title: "ignored in multipart mode", type: "CSV" }, multipart: true, filename });
    assert.equal(added.success, true);
    return added.id;
  };

  it("4.6 rule 3: two parts, committed with item properties, end completed with the bytes in order", async () => {
    const id = await startUpload("big.csv");
    const sent = lastSent("/addItem");
    assert.equal(sentField(sent, "multipart"), "true");
    assert.equal(sentField(sent, "filename"), "big.csv");
    assert.equal((await getItemStatus({ ...as(emu, "dev_user"), id })).status, "partial");

    const first = Buffer.alloc(MIN_PART, "a");
    const last = Buffer.from("tail\n");
    assert.deepEqual(await addItemPart({ ...as(emu, "dev_user"), id, partNum: 2, file: new Blob([last]) }), { success: true });
    assert.deepEqual(await addItemPart({ ...as(emu, "dev_user"), id, partNum: 1, file: new Blob([first]) }), { success: true });
    const part = lastSent(`/items/${id}/addPart`);
    assert.equal(part.url.searchParams.get("partNum"), "1"); // arcgis-rest-js puts partNum in the query string
    assert.match(part.contentType, /^multipart\/form-data/);
    assert.deepEqual((await getItemParts({ ...as(emu, "dev_user"), id })).parts, ["1", "2"]);

    const committed = await commitItemUpload({ ...as(emu, "dev_user"), id, item: { title: "Big table", type: "CSV", tags: ["bulk", "csv"] } });
    assert.equal(committed.success, true);
    assert.equal(sentField(lastSent(`/items/${id}/commit`), "tags"), "bulk,csv");
    const done = await until(() => getItemStatus({ ...as(emu, "dev_user"), id }), (s) => s.status !== "processing" && s.status !== "partial", "the commit");
    assert.equal(done.status, "completed");
    assert.equal(done.itemId, id);

    const item = await getItem(id, as(emu, "dev_user"));
    assert.equal(item.title, "Big table");
    assert.deepEqual(item.tags, ["bulk", "csv"]);
    assert.equal(item.size, MIN_PART + last.length);
    const data = Buffer.from(await ((await getItemData(id, { ...as(emu, "dev_user"), file: true })) as Blob).arrayBuffer());
    assert.ok(data.subarray(0, MIN_PART).equals(first));
    assert.ok(data.subarray(MIN_PART).equals(last));
  });

  it("spec.md#gap-multipart Cancel: cancelItemUpload drops the uncommitted item; its status is then not found", async () => {
    const id = await startUpload("dropped.csv");
    await addItemPart({ ...as(emu, "dev_user"), id, partNum: 1, file: new Blob(["x"]) });
    assert.deepEqual(await cancelItemUpload({ ...as(emu, "dev_user"), id }), { success: true });
    const err = await rejection(getItemStatus({ ...as(emu, "dev_user"), id }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, 404);
  });

  it("spec.md#gap-multipart Add part: a part under 5 MB before the last fails the commit with a message", async () => {
    const id = await startUpload("small-parts.csv");
    await addItemPart({ ...as(emu, "dev_user"), id, partNum: 1, file: new Blob(["too small"]) });
    await addItemPart({ ...as(emu, "dev_user"), id, partNum: 2, file: new Blob(["last"]) });
    const err = await rejection(
      (async () => {
        await commitItemUpload({ ...as(emu, "dev_user"), id, item: { title: "Small parts", type: "CSV" } });
        // a commit accepted at first must end failed; arcgis-rest-js turns status "failed" into an ArcGISRequestError
        await until(() => getItemStatus({ ...as(emu, "dev_user"), id }), (s) => s.status !== "processing", "the commit");
      })(),
    );
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.match(err.message, /5 ?MB|part/i);
  });
});
