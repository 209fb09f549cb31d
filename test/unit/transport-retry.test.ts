// The retry policy (spec.md#design-transport): which requests are repeated and which are not, shown
// as a call log (octokit plugin-retry habit).
import assert from "node:assert/strict";
import { NetworkError, PortalError } from "../../provider/rest/errors";
import { RETRY_DEFAULTS, parseRetryAfter, retryDelay } from "../../provider/rest/retry";
import { addItem } from "../../provider/ops/items";
import { append } from "../../provider/ops/features";
import { scripted } from "./mockPortal";

const calls = (log: string[]) => log.filter((l) => /^(START|RETRY|END|FAIL|REFRESH)/.test(l)).map((l) => l.replace(/ \(.*$/, "").replace(/^(\w+ \w+) https:\/\/portal\.test/, "$1 "));

describe("unit: retry policy (design Transport)", () => {
  it("retries a safe read on HTTP 503, then succeeds", async () => {
    const s = scripted([{ status: 503, text: "busy" }, { json: { id: "org1" } }]);
    const self = await s.client().request("portals/self", "portals/self", {}, { method: "GET" });
    assert.deepEqual(self, { id: "org1" });
    assert.deepEqual(calls(s.log), ["START GET /sharing/rest/portals/self", "END GET /sharing/rest/portals/self", "RETRY GET /sharing/rest/portals/self", "START GET /sharing/rest/portals/self", "END GET /sharing/rest/portals/self"]);
    assert.equal(s.sleeps.length, 1);
  });

  it("part 7: retries a 503 sent as HTTP 200 + error envelope on a request marked safe", async () => {
    const s = scripted([{ json: { error: { code: 503, message: "unavailable", details: [] } } }, { json: { success: true } }]);
    const r = await s.client().request("assignCategorySchema", "portals/o/assignCategorySchema", { categorySchema: "{}" }, { safeToRetry: true });
    assert.deepEqual(r, { success: true });
    assert.equal(s.sent.length, 2);
    assert.equal(s.sent[0].body, s.sent[1].body, "the same request is repeated");
  });

  it("429: waits the Retry-After seconds before the retry", async () => {
    const s = scripted([{ status: 429, json: { error: { code: 429, messageCode: "CONT_0049", message: "rate" } }, headers: { "retry-after": "3" } }, { json: { ok: 1 } }]);
    await s.client().request("item", "content/items/x", {}, { method: "GET" });
    assert.deepEqual(s.sleeps, [3000]);
  });

  it("retries a connection reset on a safe request", async () => {
    const s = scripted([{ reset: true }, { reset: true }, { json: { id: "x" } }]);
    await s.client().request("item", "content/items/x", {}, { method: "GET" });
    assert.deepEqual(calls(s.log).filter((l) => l.startsWith("START")).length, 3);
    assert.equal(s.sleeps.length, 2);
  });

  for (const code of [400, 403]) {
    it(`does not retry ${code}, even on a safe request`, async () => {
      const s = scripted([{ json: { error: { code, message: "no" } } }, { json: { ok: 1 } }]);
      await assert.rejects(s.client().request("item", "content/items/x", {}, { method: "GET" }), (e: PortalError) => e.code === code);
      assert.deepEqual(calls(s.log), ["START GET /sharing/rest/content/items/x", "END GET /sharing/rest/content/items/x", "FAIL GET /sharing/rest/content/items/x"]);
    });
  }

  it("stops after RETRY_DEFAULTS.retries retries and throws the last error", async () => {
    const s = scripted(Array.from({ length: 6 }, () => ({ status: 502, text: "bad gateway" })));
    await assert.rejects(
      s.client().request("item", "content/items/x", {}, { method: "GET" }),
      (e: PortalError) => e.code === 502 && e.message.includes(`(item: gave up after ${RETRY_DEFAULTS.retries + 1} attempts and `),
    );
    assert.equal(s.sent.length, RETRY_DEFAULTS.retries + 1);
  });

  it("4.1: append is never repeated, not even on a connection reset", async () => {
    const s = scripted([{ reset: true }, { json: { status: "processing" } }]);
    const client = s.client();
    await assert.rejects(append(client, { layerUrl: "https://portal.test/server/rest/services/s/FeatureServer/0", edits: "{}" }), NetworkError);
    assert.deepEqual(calls(s.log), ["START POST /server/rest/services/s/FeatureServer/0/append", "FAIL POST /server/rest/services/s/FeatureServer/0/append"]);
  });

  it("4.6: addItem without itemIdToCreate is not repeated on 503; with itemIdToCreate it is", async () => {
    const s = scripted([{ status: 503, text: "x" }, { json: { success: true, id: "a" } }]);
    const client = s.client();
    await assert.rejects(addItem(client, { owner: "u", item: { title: "t", type: "CSV" } }), (e: PortalError) => e.code === 503);
    assert.equal(calls(s.log).filter((l) => l.startsWith("RETRY")).length, 0);
    const s2 = scripted([{ status: 503, text: "x" }, { json: { success: true, id: "b".repeat(32) } }]);
    const r = await addItem(s2.client(), { owner: "u", item: { title: "t", type: "CSV", itemIdToCreate: "b".repeat(32) } });
    assert.equal(r.success, true);
    assert.deepEqual(calls(s2.log).filter((l) => /^(START|RETRY)/.test(l)), ["START POST /sharing/rest/content/users/u/addItem", "RETRY POST /sharing/rest/content/users/u/addItem", "START POST /sharing/rest/content/users/u/addItem"]);
    assert.match(s2.sent[1].body, /itemIdToCreate=b{32}/);
  });

  it("backoff grows exponentially with jitter and is capped", () => {
    const err = new PortalError({ code: 500, message: "x", operation: "op" });
    const low = [0, 1, 2, 3, 10].map((a) => retryDelay(err, a, true, { ...RETRY_DEFAULTS, retries: 20 }, () => 0));
    const high = [0, 1, 2, 3, 10].map((a) => retryDelay(err, a, true, { ...RETRY_DEFAULTS, retries: 20 }, () => 0.999999));
    assert.deepEqual(low, [125, 250, 500, 1000, 4000]);
    assert.deepEqual(high, [250, 500, 1000, 2000, 8000]);
    assert.equal(retryDelay(err, 0, false), undefined, "unsafe requests are never retried");
  });

  it("a Retry-After longer than maxRetryAfterMs is not waited for", () => {
    const err = new PortalError({ code: 429, message: "x", operation: "op", retryAfterMs: 3_600_000 });
    assert.equal(retryDelay(err, 0, true), undefined);
    assert.equal(parseRetryAfter("120"), 120_000);
    assert.equal(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1)), 30_000);
  });
});
