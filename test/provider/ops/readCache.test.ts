// Reads shared within a run (issue 24, provider/rest/readCache.ts), against the emulator through
// the real client: the same read twice is one request; concurrent reads share it; a write by the
// client makes the next read ask the portal; a read the portal refused is not kept; each caller
// gets its own copy; polls are never shared; forgetReads() (a refresh) asks again.
import assert from "node:assert/strict";
import { addItem, getItem, getItemData, getItemStatus, updateItem } from "../../../provider/ops";
import { useEmulator } from "./emulator";

describe("ops: reads shared within a run (issue 24)", () => {
  const env = useEmulator();
  const gets = (path: string) => env.log.filter((l) => l.startsWith("START GET") && l.includes(path)).length;

  it("the same item read twice, and twice at once, is one request; a write makes the next read ask again", async () => {
    const c = env.client("dev_admin");
    const id = String((await addItem(c, { owner: "dev_admin", item: { title: "Cached", type: "Web Map", text: "{}" } })).id);
    const first = await getItem(c, id);
    const [a, b] = await Promise.all([getItem(c, id), getItem(c, id)]);
    assert.equal(gets(`content/items/${id}`), 1);
    assert.deepEqual([a.title, b.title], ["Cached", "Cached"]);
    a.title = "changed by a caller";
    assert.equal((await getItem(c, id)).title, "Cached", "each caller has its own copy");
    await getItemData(c, id);
    await getItemData(c, id);
    assert.equal(gets(`content/items/${id}/data`), 1);
    await updateItem(c, { owner: "dev_admin", itemId: id, item: { title: "Cached v2" } });
    assert.equal((await getItem(c, id)).title, "Cached v2");
    assert.equal(gets(`content/items/${id}`) - gets(`content/items/${id}/`), 2);
    assert.equal(first.title, "Cached");
  });

  it("a refused read is not kept; polls are never shared; forgetReads asks again", async () => {
    const c = env.client("dev_admin");
    const missing = "0123456789abcdef0123456789abcdef";
    await assert.rejects(getItem(c, missing));
    await assert.rejects(getItem(c, missing));
    assert.equal(gets(`content/items/${missing}`), 2);
    const id = String((await addItem(c, { owner: "dev_admin", item: { title: "Polled", type: "Web Map", text: "{}" } })).id);
    await getItemStatus(c, { owner: "dev_admin", itemId: id });
    await getItemStatus(c, { owner: "dev_admin", itemId: id });
    assert.equal(gets(`/items/${id}/status`), 2);
    await getItem(c, id);
    c.forgetReads();
    await getItem(c, id);
    assert.equal(gets(`content/items/${id}`) - gets(`content/items/${id}/`), 2);
  });
});
