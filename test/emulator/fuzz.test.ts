import { strict as assert } from "node:assert";
import fc from "fast-check";
import { Harness } from "./harness";

/** Parameter names the operations read, so random bodies reach the validation code. */
const NAMES = [
  "title", "type", "text", "url", "dataUrl", "tags", "typeKeywords", "categories", "snippet", "description", "extent", "culture",
  "properties", "classification", "itemIdToCreate", "originItemId", "destinationItemId", "relationshipType", "async", "multipart",
  "filename", "partNum", "status", "clearEmptyFields", "everyone", "org", "groups", "categorySchema", "memberCategorySchema",
  "urlType", "serverId", "items", "targetUsername", "direction", "serviceProxyFilter", "serviceUsername", "servicePassword",
  "expiration", "username", "password", "f", "w", "q", "filter", "start", "num", "relationshipTypes", "listingProperties", "advancedSettings",
];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("true", "false", "", "null", "[]", "{}", "0", "-1", "10001", "{\"categorySchema\":[{}]}", "[{\"title\":1}]", "{bad", "json", "pjson"),
  fc.json({ maxDepth: 3 }),
  fc.integer().map(String),
);

describe("emulator: fuzzing every route with random form bodies (spec.md#errors: the envelope, never a crash or hang)", () => {
  let h: Harness;
  let itemId: string;
  let routes: string[];
  before(async () => {
    h = await Harness.start({ jobDelayMs: 1 });
    itemId = await h.addItem("dev_user");
    const p = h.emu.portalId;
    const base = `content/users/dev_user/items/${itemId}`;
    routes = [
      "generateToken", "portals/self", "community/self", `portals/${p}/assignCategorySchema`, `portals/${p}/categorySchema`,
      `portals/${p}/deleteCategorySchema`, `portals/${p}/assignMemberCategorySchema`, `portals/${p}/memberCategorySchema`,
      `portals/${p}/deleteMemberCategorySchema`, `content/items/${itemId}`, `content/items/${itemId}/data`,
      `content/items/${itemId}/setContentStatus`, "content/users/dev_user/addItem", `${base}/update`, `${base}/protect`,
      `${base}/unprotect`, `${base}/share`, `${base}/unshare`, `${base}/status`, `${base}/addPart`, `${base}/parts`,
      `${base}/commit`, `${base}/cancel`, "content/users/dev_user/addRelationship", "content/users/dev_user/deleteRelationship",
      "content/users/dev_user/canReassignItems", `content/items/${itemId}/relatedItems`, `content/items/${itemId}/info/iteminfo.xml`,
      `portals/${p}/urls/generateUrlReport`, "portals/self/jobs/abc", "search", `content/items/${itemId}/proxy`, `${base}/delete`,
    ];
  });
  after(() => h.close());

  function checkEnvelope(text: string, route: string, status: number): void {
    assert.ok(status < 500, `${route}: HTTP ${status} ${text.slice(0, 200)}`);
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return; // data and info routes answer raw content
    }
    if (body && typeof body === "object" && "error" in body) {
      assert.equal(typeof body.error.code, "number", route);
      assert.ok(body.error.code !== 500, `${route}: internal error ${body.error.message}`);
      assert.equal(typeof body.error.message, "string", route);
      assert.ok(Array.isArray(body.error.details), route);
    }
  }

  it("part 7: random urlencoded bodies to every route answer JSON or the envelope, never 5xx", async function () {
    this.timeout(120_000);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 6 }), fc.boolean(), async (pick, fields, withToken) => {
        const route = routes[pick % routes.length];
        const body = new URLSearchParams(fields);
        if (withToken) body.set("token", h.token("dev_user"));
        const res = await fetch(`${h.emu.sharingUrl}/${route}`, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
        checkEnvelope(await res.text(), route, res.status);
      }),
      { numRuns: 400 },
    );
    await h.control("reset");
    itemId = await h.addItem("dev_user");
  });

  it("part 7: malformed bodies (bad JSON, bad multipart, unknown content types) get the envelope", async function () {
    this.timeout(60_000);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom("application/json", "multipart/form-data; boundary=xyz", "multipart/form-data", "text/plain", "application/x-www-form-urlencoded", "application/xml"),
        fc.string({ maxLength: 200 }),
        async (pick, contentType, raw) => {
          const route = routes[pick % routes.length];
          const res = await fetch(`${h.emu.sharingUrl}/${route}?f=json&token=${h.token("dev_admin")}`, { method: "POST", body: raw, headers: { "content-type": contentType }, signal: AbortSignal.timeout(10_000) });
          checkEnvelope(await res.text(), route, res.status);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the emulator still answers after the fuzzing", async () => {
    assert.equal((await h.call("portals/self", {}, { token: h.token("dev_user") })).urlKey, "dev");
  });
});
