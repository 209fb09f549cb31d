// canReassignItems in the program process against the emulator (spec.md#can-reassign-items, spec.md#errors CONT_0291).
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { canReassignItems, canReassignItemsOutput } from "../../../resources/functions";
import { clearRequestLog, portalPost, requestLog } from "../resources/portalCalls";
import { usePortalEnv } from "./programEnv";

describe("function canReassignItems against the emulator", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  let restoreEnv: () => void;
  const ids: string[] = [];
  /** Hosted feature services: dev_user (no publisher privilege) cannot own them. */
  const hosted: string[] = [];

  before(async () => {
    emu = await startEmulator({ port: 0 });
    restoreEnv = usePortalEnv(emu, "dev_admin");
    for (let i = 0; i < 150; i++) {
      const service = i === 10 || i === 120;
      const fields: Record<string, string> = service
        ? { title: `Service ${i}`, type: "Feature Service", url: `${emu.serviceUrl}/S${i}/FeatureServer`, typeKeywords: "Hosted Service,Data" }
        : { title: `Map ${i}`, type: "Web Map", text: "{}" };
      const { id } = await portalPost(emu, "dev_publisher", "content/users/dev_publisher/addItem", fields);
      ids.push(id);
      if (service) hosted.push(id);
    }
  });
  after(async () => {
    restoreEnv();
    await emu.close();
  });

  it("4.8: 150 ids go in two calls of at most 100, merged in order", async () => {
    await clearRequestLog(emu);
    const r = await canReassignItems({ owner: "dev_publisher", items: ids.filter((id) => !hosted.includes(id)), targetUsername: "dev_user" });
    assert.equal(r.results.length, 148);
    assert.ok(r.results.every((x) => x.success && x.reason === undefined));
    assert.deepEqual(r.results.map((x) => x.itemId), ids.filter((id) => !hosted.includes(id)));
    assert.equal((await requestLog(emu)).filter((x) => x.operation === "canReassignItems").length, 2);
  });

  it("part 7: CONT_0291 in both batches becomes a reason per refused item naming it, its type, owner and reserved type keywords", async () => {
    await clearRequestLog(emu);
    const r = await canReassignItems({ owner: "dev_publisher", items: ids, targetUsername: "dev_user" });
    const calls = (await requestLog(emu)).filter((x) => x.operation === "canReassignItems");
    // each batch answered CONT_0291; the items it did not list were asked again on their own
    assert.equal(calls.filter((c) => (c as { status?: number }).status === 403).length, 2);
    assert.equal(calls.length, 4);
    assert.equal(r.results.length, 150);
    const refused = r.results.filter((x) => !x.success);
    assert.deepEqual(refused.map((x) => x.itemId), hosted);
    for (const x of refused) {
      assert.match(x.reason!, new RegExp(`^item ${x.itemId} \\(type Feature Service, owner dev_publisher, reserved type keywords: [^)]*\\bHosted Service\\b[^)]*\\) cannot be reassigned to dev_user: .*lacks the privileges.*\\(403 CONT_0291\\)$`));
    }
    assert.ok(r.results.filter((x) => x.success).every((x) => x.reason === undefined));
  });

  it("4.8: a target who may publish can take them all", async () => {
    const r = await canReassignItems({ owner: "dev_publisher", items: hosted, targetUsername: "dev_admin" });
    assert.deepEqual(r, { results: hosted.map((itemId) => ({ itemId, success: true })) });
  });

  it("4.8: bad arguments are refused before any request", async () => {
    await clearRequestLog(emu);
    await assert.rejects(canReassignItems({ owner: "dev_publisher", items: [], targetUsername: "dev_user" }), /canReassignItems: invalid arguments, nothing was sent: itemIds: empty; at least one item id/);
    await assert.rejects(canReassignItems({ owner: "dev_publisher", items: ["short"], targetUsername: "dev_user" }), /itemIds\[0\]: 5 characters; an item id is exactly 32/);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("canReassignItemsOutput takes Output arguments", async () => {
    const out = canReassignItemsOutput({ owner: "dev_publisher", items: [Promise.resolve(hosted[0])], targetUsername: Promise.resolve("dev_user") });
    const r = await (out as any).promise();
    assert.equal(r.results[0].success, false);
    assert.match(r.results[0].reason, /type Feature Service/);
  });

  it("an unknown id among refused and eligible ones is reported not eligible, with a reason", async () => {
    const unknown = "0123456789abcdef0123456789abcdef";
    const r = await canReassignItems({ owner: "dev_publisher", items: [ids[0], hosted[0], unknown], targetUsername: "dev_user" });
    const by = new Map(r.results.map((x) => [x.itemId, x]));
    assert.equal(by.get(ids[0])?.success, true);
    assert.equal(by.get(hosted[0])?.success, false);
    assert.equal(by.get(unknown)?.success, false, JSON.stringify(r.results));
    assert.ok((by.get(unknown)?.reason ?? "").length > 0);
  });
});
