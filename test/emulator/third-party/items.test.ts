// arcgis-rest-js item operations against the emulator: addItem (spec.md#add-item) by url, text and file,
// getItem / getItemData / updateItem / removeItem and protection (spec.md#gap-read-item).
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISRequestError } from "@esri/arcgis-rest-request";
import { createItem, getItem, getItemData, protectItem, removeItem, unprotectItem, updateItem } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, sentField, start, stop } from "./support";

describe("arcgis-rest-js: items", () => {
  let emu: RunningEmulator;
  before(async () => (emu = await start()));
  after(async () => stop(emu));

  it("4.6: createItem with a url is form-urlencoded, arrays comma-joined, objects JSON; getItem reads it back", async () => {
    const added = await createItem({
      ...as(emu, "dev_user"),
      item: {
        title: "Harbour viewer",
        type: "Web Mapping Application",
        url: "https://example.com/apps/harbour",
        tags: ["harbour", "ops"],
        typeKeywords: ["Ready To Use"],
        snippet: "Harbour operations",
        properties: { version: "1.2" },
        extent: [[-10, 40], [10, 50]],
      },
    });
    assert.equal(added.success, true);
    assert.match(added.id, /^[0-9a-zA-Z]{32}$/);
    assert.equal(added.folder ?? null, null);
    const sent = lastSent("/content/users/dev_user/addItem");
    assert.equal(sent.contentType, "application/x-www-form-urlencoded");
    assert.equal(sentField(sent, "tags"), "harbour,ops");
    assert.equal(sentField(sent, "properties"), '{"version":"1.2"}');
    assert.equal(sentField(sent, "extent"), "-10,40,10,50");

    const item = await getItem(added.id, as(emu, "dev_user"));
    assert.equal(lastSent(`/content/items/${added.id}`).method, "GET");
    assert.equal(item.title, "Harbour viewer");
    assert.equal(item.owner, "dev_user");
    assert.deepEqual(item.tags, ["harbour", "ops"]);
    assert.ok(item.typeKeywords?.includes("Ready To Use"));
    assert.deepEqual(item.properties, { version: "1.2" });
    assert.deepEqual(item.extent, [[-10, 40], [10, 50]]);
    assert.equal(item.url, "https://example.com/apps/harbour");
  });

  it("4.6: createItem with JSON text and getItemData (GET) returns the JSON object", async () => {
    const text = { operationalLayers: [], baseMap: { title: "Topographic" } };
    const added = await createItem({ ...as(emu, "dev_user"), item: { title: "Harbour map", type: "Web Map", tags: ["harbour"] }, text: JSON.stringify(text) });
    assert.equal(sentField(lastSent("/addItem"), "text"), JSON.stringify(text));
    assert.deepEqual(await getItemData(added.id, as(emu, "dev_user")), text);
    assert.equal(lastSent(`/content/items/${added.id}/data`).method, "GET");
  });

  it("4.6: createItem with a File is sent as multipart/form-data; getItemData({file:true}) gives the bytes back", async () => {
    const bytes = "code,name\n1,Quay\n2,Pier\n";
    const file = new File([bytes], "berths.csv", { type: "text/csv" });
    const added = await createItem({ ...as(emu, "dev_user"), item: { title: "Berths", type: "CSV", tags: ["harbour"] }, file });
    const sent = lastSent("/addItem");
    assert.match(sent.contentType, /^multipart\/form-data; boundary=/);
    assert.equal(sentField(sent, "file"), "[file berths.csv]");
    const data = (await getItemData(added.id, { ...as(emu, "dev_user"), file: true })) as Blob;
    assert.equal(await data.text(), bytes);
    const item = await getItem(added.id, as(emu, "dev_user"));
    assert.equal(item.size, Buffer.byteLength(bytes));
  });

  it("4.6: createItem with a Blob (no file name) and a title stores the bytes", async () => {
    const added = await createItem({ ...as(emu, "dev_user"), item: { title: "Blob payload", type: "CSV" }, file: new Blob(["a,b\n1,2\n"]) });
    assert.equal(added.success, true);
    assert.equal(await ((await getItemData(added.id, { ...as(emu, "dev_user"), file: true })) as Blob).text(), "a,b\n1,2\n");
  });

  it("spec.md#gap-update-item Items: updateItem with the item as getItem returned it (read-only fields included) changes only what differs", async () => {
    const added = await createItem({ ...as(emu, "dev_user"), item: { title: "Before", type: "Web Map", tags: ["a"] }, text: "{}" });
    const item = await getItem(added.id, as(emu, "dev_user"));
    const updated = await updateItem({ ...as(emu, "dev_user"), item: { ...item, title: "After", tags: ["a", "b"], snippet: "new" } });
    assert.deepEqual(updated, { success: true, id: added.id });
    const sent = lastSent(`/items/${added.id}/update`);
    assert.equal(sent.method, "POST");
    assert.equal(sentField(sent, "tags"), "a,b");
    const after = await getItem(added.id, as(emu, "dev_user"));
    assert.equal(after.title, "After");
    assert.equal(after.snippet, "new");
    assert.deepEqual(after.tags, ["a", "b"]);
    assert.equal(after.owner, "dev_user");
    assert.equal(after.created, item.created);
  });

  it("spec.md#gap-protect Items: removeItem is refused with CONT_0048 while protectItem holds, and works after unprotectItem", async () => {
    const added = await createItem({ ...as(emu, "dev_user"), item: { title: "Protected", type: "Web Map" }, text: "{}" });
    assert.deepEqual(await protectItem({ ...as(emu, "dev_user"), id: added.id }), { success: true });
    assert.equal((await getItem(added.id, as(emu, "dev_user"))).protected, true);
    const err = await rejection(removeItem({ ...as(emu, "dev_user"), id: added.id }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "CONT_0048");
    assert.equal((err.response as { error: { code: number } }).error.code, 400);
    assert.deepEqual(await unprotectItem({ ...as(emu, "dev_user"), id: added.id }), { success: true });
    assert.deepEqual(await removeItem({ ...as(emu, "dev_user"), id: added.id }), { success: true, itemId: added.id });
    const gone = await rejection(getItem(added.id, as(emu, "dev_user")));
    assert.ok(gone instanceof ArcGISRequestError);
    assert.equal(gone.code, 404);
  });

  it("4.6: addItem by another user than the one in the path is refused (ArcGISRequestError, 403)", async () => {
    const err = await rejection(createItem({ ...as(emu, "dev_publisher"), owner: "dev_user", item: { title: "Not mine", type: "Web Map" }, text: "{}" }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal((err.response as { error: { code: number } }).error.code, 403);
  });
});
