import { strict as assert } from "node:assert";
import { Harness } from "./harness";
import { DEV_ORG_ID, PROD_ORG_ID } from "../../emulator/fixtures";

describe("emulator: authentication, deployment shapes and the error envelope (spec.md#authentication, spec.md#errors, conventions)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start({ webAdaptor: "portal" });
  });
  after(() => h.close());

  it("conventions: the sharing root answers under {host}/sharing/rest and {host}/<web adaptor>/sharing/rest", async () => {
    assert.equal(h.emu.sharingUrl, `${h.emu.url}/portal/sharing/rest`);
    for (const root of [`${h.emu.url}/sharing/rest`, `${h.emu.url}/portal/sharing/rest`]) {
      const r = await h.call(`${root}/portals/self`, {}, { token: h.token("dev_admin") });
      assert.equal(r.id, DEV_ORG_ID);
    }
  });

  it("part 5: the token picks the organization (dev and prod on one emulator)", async () => {
    assert.equal(h.emu.portalId, DEV_ORG_ID);
    const prod = await h.call("portals/self", {}, { token: h.token("prod_publisher") });
    assert.equal(prod.id, PROD_ORG_ID);
    assert.equal(prod.urlKey, "prod");
    assert.equal(prod.user.username, "prod_publisher");
    assert.equal(prod.user.role, "org_publisher");
    assert.equal(prod.access, "private");
    assert.equal(h.emu.orgs[PROD_ORG_ID].admin, "prod_admin");
  });

  it("part 5: a token is accepted as form field, query parameter, Authorization and X-Esri-Authorization", async () => {
    const t = h.token("dev_user");
    assert.equal((await h.call("community/self", { token: t })).username, "dev_user");
    assert.equal((await h.call("community/self", { token: t }, { method: "GET" })).username, "dev_user");
    assert.equal((await h.call("community/self", {}, { headers: { authorization: `Bearer ${t}` } })).username, "dev_user");
    assert.equal((await h.call("community/self", {}, { headers: { "x-esri-authorization": `Bearer ${t}` } })).username, "dev_user");
  });

  it("part 7 / spec.md#gap-token-errors: 499 without a token and 498 with an unknown one, in HTTP 200 envelopes", async () => {
    const missing = await h.raw("portals/self");
    assert.equal(missing.status, 200);
    assert.deepEqual((await missing.json()) as any, { error: { code: 499, message: "Token Required.", details: [] } });
    const unknown = await h.call("portals/self", {}, { token: "no-such-token" });
    assert.equal(unknown.error.code, 498);
  });

  it("spec.md#gap-generate-token generateToken: a good password gives an expiring token; a wrong one is refused without echoing it", async () => {
    const before = Date.now();
    const r = await h.call("generateToken", { username: "dev_user", password: "dev_user-password", client: "referer", referer: "http://localhost", expiration: 5 });
    assert.equal(typeof r.token, "string");
    assert.ok(r.expires >= before + 5 * 60_000 && r.expires <= Date.now() + 5 * 60_000);
    assert.equal(r.ssl, false);
    assert.equal((await h.call("community/self", {}, { token: r.token })).username, "dev_user");
    const bad = await h.call("generateToken", { username: "dev_user", password: "wrong-secret" });
    assert.equal(bad.error.code, 400);
    assert.ok(!JSON.stringify(bad).includes("wrong-secret"));
    const missing = await h.call("generateToken", { username: "dev_user" });
    assert.match(missing.error.message, /'password'/);
  });

  it("spec.md#gap-token-errors: a token expired from the control plane answers 498", async () => {
    const r = await h.call("generateToken", { username: "dev_viewer", password: "dev_viewer-password", expiration: 60 });
    assert.deepEqual(await h.control("tokens/expire", { token: r.token }), { success: true });
    assert.equal((await h.call("portals/self", {}, { token: r.token })).error.code, 498);
  });

  it("part 7: an unknown operation and an unsupported f get the envelope", async () => {
    assert.equal((await h.call("no/such/operation", {}, { token: h.token("dev_user") })).error.code, 404);
    const f = await h.call("portals/self", { f: "html" }, { token: h.token("dev_user") });
    assert.match(f.error.message, /json or pjson/);
  });

  it("conventions: f=pjson answers indented JSON", async () => {
    const res = await h.raw("portals/self", { f: "pjson" }, { token: h.token("dev_user") });
    assert.match(await res.text(), /\n {2}"id"/);
  });

  it("part 7: httpErrors=true answers with the error's HTTP status", async () => {
    const strict = await Harness.start({ httpErrors: true });
    try {
      const res = await strict.raw("portals/self");
      assert.equal(res.status, 499);
      assert.equal(((await res.json()) as any).error.code, 499);
    } finally {
      await strict.close();
    }
  });
});
