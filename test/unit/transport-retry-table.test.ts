// The retry table of issue "crash-safe creates" (docs/recovery.md#retries), as call logs: every kind
// of operation × 429 (always repeated after the wait), 503 and a dropped connection (repeated only
// for operations that are idempotent or keyed); a Retry-After pauses the whole origin.
import assert from "node:assert/strict";
import { updateItem, deleteItem, getItem, addItem } from "../../provider/ops/items";
import { setContentStatus } from "../../provider/ops/itemState";
import { scripted } from "./mockPortal";

type Op = (c: any) => Promise<unknown>;
const OPS: Array<[string, Op, boolean]> = [
  ["getItem (read)", (c) => getItem(c, "abc"), true],
  ["setContentStatus (sets a state)", (c) => setContentStatus(c, { itemId: "abc", status: "deprecated" }), true],
  ["addItem with itemIdToCreate (keyed)", (c) => addItem(c, { owner: "u", item: { title: "t", type: "Web Map", itemIdToCreate: "a".repeat(32) } }), true],
  ["addItem without itemIdToCreate", (c) => addItem(c, { owner: "u", item: { title: "t", type: "Web Map" } }), false],
  ["updateItem", (c) => updateItem(c, { owner: "u", itemId: "abc", item: { title: "t" } }), false],
  ["deleteItem", (c) => deleteItem(c, { owner: "u", itemId: "abc" }), false],
  ["a write not marked safe (e.g. append)", (c) => c.request("append", "https://portal.test/server/rest/services/S/FeatureServer/0/append", { edits: "{}" }), false],
];

const throttled = { status: 429, json: { error: { code: 429, message: "Too many requests" } }, headers: { "retry-after": "2" } };
const starts = (log: string[]) => log.filter((l) => l.startsWith("START")).length;
const ok = { json: { success: true, id: "abc", portalId: "p", categorySchema: [], statusMessage: "job 1", status: "processing" } };

describe("unit: retry table (every operation × 429, 503, reset)", () => {
  for (const [name, op, idempotent] of OPS) {
    it(`${name}: 429 + Retry-After is waited for and sent again`, async () => {
      const s = scripted([throttled, ok]);
      await op(s.client());
      assert.equal(starts(s.log), 2);
      assert.deepEqual(s.sleeps, [2000]);
    });
    it(`${name}: 503 ${idempotent ? "is" : "is not"} sent again`, async () => {
      const s = scripted([{ status: 503, text: "busy" }, ok]);
      const r = op(s.client());
      if (idempotent) await r;
      else await assert.rejects(r);
      assert.equal(starts(s.log), idempotent ? 2 : 1);
    });
    it(`${name}: a dropped connection ${idempotent ? "is" : "is not"} sent again`, async () => {
      const s = scripted([{ reset: true }, ok]);
      const r = op(s.client());
      if (idempotent) await r;
      else await assert.rejects(r);
      assert.equal(starts(s.log), idempotent ? 2 : 1);
    });
  }

  it("a Retry-After pauses the other requests to the same origin; giving up names attempts and the wait", async () => {
    const s = scripted([throttled, throttled, throttled, throttled]);
    const c = s.client();
    await assert.rejects(updateItem(c, { owner: "u", itemId: "abc", item: { title: "t" } }), (e: Error) => /updateItem: gave up after 4 attempts and 6\.0 s of waiting/.test(e.message));
  });
});
