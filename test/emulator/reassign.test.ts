import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: canReassignItems (spec.md#can-reassign-items, spec.md#authentication, spec.md#errors, spec.md#limits, spec.md#versions)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());
  const check = (owner: string, items: string[], target: string, as = owner) => h.call(`content/users/${owner}/canReassignItems`, { items: items.join(","), targetUsername: target }, { token: h.token(as) });

  it("4.8: an administrator checks a member's items: a results array of {itemId, success}", async () => {
    const a = await h.addItem("dev_user");
    const b = await h.addItem("dev_user");
    const r = await check("dev_user", [a, b], "dev_publisher", "dev_admin");
    assert.deepEqual(r, { results: [{ itemId: a, success: true }, { itemId: b, success: true }] });
  });

  it("part 8: 100 items per call are accepted, 101 refused", async () => {
    const id = await h.addItem("dev_publisher");
    const hundred = Array.from({ length: 100 }, () => id);
    assert.equal((await check("dev_publisher", hundred, "dev_user")).results.length, 100);
    const r = await check("dev_publisher", [...hundred, id], "dev_user");
    assert.equal(r.error.code, 400);
    assert.match(r.error.message, /101 items; at most 100/);
  });

  it("part 7: a target who cannot own the item type gets 403 CONT_0291 with item descriptors in details", async () => {
    const svc = await h.addItem("dev_publisher", { type: "Feature Service", url: "https://example.com/FS/FeatureServer", text: undefined });
    const map = await h.addItem("dev_publisher");
    const r = await check("dev_publisher", [svc, map], "dev_user");
    assert.equal(r.error.code, 403);
    assert.equal(r.error.messageCode, "CONT_0291");
    assert.equal(r.error.details.length, 1);
    const d = r.error.details[0];
    assert.deepEqual(Object.keys(d).sort(), ["itemId", "owner", "reservedTypeKeywords", "type", "url"]);
    assert.equal(d.itemId, svc);
    assert.equal(d.type, "Feature Service");
    assert.equal(d.owner, "dev_publisher");
    assert.ok(Array.isArray(d.reservedTypeKeywords));
  });

  it("part 7: a target who may not own content (viewer) gets CONT_0291 for every item", async () => {
    const a = await h.addItem("dev_publisher");
    const r = await check("dev_publisher", [a], "dev_viewer");
    assert.equal(r.error.messageCode, "CONT_0291");
    assert.equal(r.error.details[0].itemId, a);
  });

  it("4.8: an unknown target and a target in another org are refused; an unknown item is a failed result", async () => {
    const a = await h.addItem("dev_publisher");
    assert.equal((await check("dev_publisher", [a], "nobody")).error.code, 400);
    assert.equal((await check("dev_publisher", [a], "prod_user")).error.code, 400);
    const r = await check("dev_publisher", ["e".repeat(32)], "dev_user");
    assert.equal(r.results[0].success, false);
    assert.equal(r.results[0].error.code, 404);
  });

  it("part 5: an owner with the transfer privilege may check; one without, and another user, may not", async () => {
    const pub = await h.addItem("dev_publisher");
    assert.equal((await check("dev_publisher", [pub], "dev_admin")).results[0].success, true);
    const own = await h.addItem("dev_user");
    const r = await check("dev_user", [own], "dev_publisher");
    assert.equal(r.error.code, 403);
    assert.match(r.error.message, /portal:user:reassignItems/);
    assert.equal((await check("dev_user", [own], "dev_publisher", "dev_publisher")).error.code, 403);
    assert.equal((await check("dev_user", [own], "dev_publisher", "prod_admin")).error.code, 403, "a foreign admin");
  });

  it("4.8: items is required", async () => {
    const r = await h.call("content/users/dev_user/canReassignItems", { targetUsername: "dev_publisher" }, { token: h.token("dev_admin") });
    assert.match(r.error.message, /'items'/);
  });

  it("part 9: at release 10.9 canReassignItems answers 404 naming release 11.0; at 11.0 it works", async () => {
    for (const [release, works] of [["10.9", false], ["11.0", true]] as const) {
      const e = await Harness.start({ release });
      try {
        const id = await e.addItem("dev_user");
        const r = await e.call("content/users/dev_user/canReassignItems", { items: id, targetUsername: "dev_publisher" }, { token: e.token("dev_admin") });
        if (works) assert.equal(r.results[0].success, true);
        else assert.match(r.error.message, /introduced at release 11\.0/);
      } finally {
        await e.close();
      }
    }
  });
});
