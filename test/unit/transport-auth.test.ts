// Authentication (spec.md#authentication, spec.md#gap-generate-token generateToken and 498/499): exactly one refresh on 498,
// concurrent refreshes shared, refresh before expiry, static tokens fail clearly.
import assert from "node:assert/strict";
import { AuthError } from "../../provider/rest/errors";
import { scripted } from "./mockPortal";

const HOUR = 3_600_000;
const tokenReply = (token: string, expires = Date.now() + HOUR) => ({ json: { token, expires, ssl: true } });
const invalid = { json: { error: { code: 498, message: "Invalid token.", details: [] } } };
const generateCalls = (log: string[]) => log.filter((l) => l.startsWith("START") && l.includes("/generateToken")).length;

describe("unit: auth (spec.md#authentication)", () => {
  it("username + password: generateToken once, then the token rides in the POST body", async () => {
    const s = scripted([tokenReply("tok-A-0001"), { json: { success: true } }, { json: { success: true } }]);
    const c = s.client({ auth: { username: "dev_admin", password: "dev_admin-password" } });
    await c.request("op", "x", { a: 1 });
    await c.request("op", "x", { a: 2 });
    assert.equal(generateCalls(s.log), 1);
    const gen = new URLSearchParams(s.sent[0].body);
    assert.equal(gen.get("username"), "dev_admin");
    assert.equal(gen.get("client"), "referer");
    assert.equal(gen.get("expiration"), "60");
    assert.equal(new URLSearchParams(s.sent[1].body).get("token"), "tok-A-0001");
    assert.equal(new URLSearchParams(s.sent[1].body).get("f"), "json");
  });

  it("498: exactly one refresh, then the request is repeated with the new token", async () => {
    const s = scripted([tokenReply("tok-A-0001"), invalid, tokenReply("tok-B-0002"), { json: { success: true } }]);
    const c = s.client({ auth: { username: "dev_admin", password: "dev_admin-password" } });
    // an append (never retried on faults) is still repeated after 498: the portal refused it unrun
    assert.deepEqual(await c.request("append", "x", {}, { safeToRetry: false }), { success: true });
    assert.equal(generateCalls(s.log), 2);
    assert.equal(new URLSearchParams(s.sent[3].body).get("token"), "tok-B-0002");
  });

  it("498 twice: one refresh only, then AuthError", async () => {
    const s = scripted([tokenReply("tok-A-0001"), invalid, tokenReply("tok-B-0002"), invalid, tokenReply("tok-C-0003")]);
    const c = s.client({ auth: { username: "dev_admin", password: "dev_admin-password" } });
    await assert.rejects(c.request("op", "x"), AuthError);
    assert.equal(generateCalls(s.log), 2);
  });

  it("498 on five concurrent requests: one shared refresh", async () => {
    const s = scripted([tokenReply("tok-A-0001"), ...Array.from({ length: 5 }, () => invalid), tokenReply("tok-B-0002"), ...Array.from({ length: 5 }, () => ({ json: { ok: true } }))]);
    const c = s.client({ auth: { username: "dev_admin", password: "dev_admin-password" } });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => c.request("op", "x", { i })));
    assert.equal(results.length, 5);
    assert.equal(generateCalls(s.log), 2, "one initial token, one shared refresh");
    const lastTokens = s.sent.slice(-5).map((x) => new URLSearchParams(x.body).get("token"));
    assert.deepEqual(lastTokens, Array(5).fill("tok-B-0002"));
  });

  it("refreshes before the token expires", async () => {
    let now = 1_000_000;
    const s = scripted([tokenReply("tok-A-0001", now + HOUR), { json: {} }, tokenReply("tok-B-0002", now + 2 * HOUR), { json: {} }]);
    const c = s.client({ auth: { username: "dev_admin", password: "dev_admin-password" }, now: () => now });
    await c.request("op", "x");
    now += HOUR - 30_000; // inside the 60 s margin
    await c.request("op", "x");
    assert.equal(generateCalls(s.log), 2);
    assert.equal(new URLSearchParams(s.sent[3].body).get("token"), "tok-B-0002");
  });

  it("a static token refused with 498 fails with AuthError naming portal:token's fix, no retry", async () => {
    const s = scripted([invalid, { json: {} }]);
    await assert.rejects(s.client().request("op", "x", {}, { method: "GET" }), (e: AuthError) => e instanceof AuthError && e.code === 498 && /pulumi config set --secret portal:token/.test(e.message));
    assert.equal(s.sent.length, 1);
  });

  it("499 token required is an AuthError and is not refreshed", async () => {
    const s = scripted([tokenReply("tok-A-0001"), { json: { error: { code: 499, message: "Token Required." } } }]);
    const c = s.client({ auth: { username: "dev_admin", password: "dev_admin-password" } });
    await assert.rejects(c.request("op", "x"), (e: AuthError) => e instanceof AuthError && e.code === 499);
    assert.equal(generateCalls(s.log), 1);
  });

  it("GET reads carry the token in X-Esri-Authorization, never in the query string", async () => {
    const s = scripted([{ json: { id: "o" } }]);
    await s.client().request("portals/self", "portals/self", {}, { method: "GET" });
    assert.equal(s.sent[0].headers["x-esri-authorization"], "Bearer tok-secret-static");
    assert.doesNotMatch(s.sent[0].path, /token/);
    assert.match(s.sent[0].path, /f=json/);
  });
});
