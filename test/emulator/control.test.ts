import { strict as assert } from "node:assert";
import * as http from "node:http";
import { Harness } from "./harness";
import { defaultFixtures } from "../../emulator/fixtures";

describe("emulator: control plane (/__emulator)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.control("faults", undefined, "DELETE");
    await h.control("reset", { initial: true });
  });
  after(() => h.close());

  it("reset drops items and schemas made since the fixtures", async () => {
    const id = await h.addItem("dev_user");
    await h.control("reset");
    const r = await h.call(`content/items/${id}`, {}, { token: h.token("dev_admin") });
    assert.equal(r.error.code, 404);
  });

  it("fixtures replaces orgs and users; a bad fixtures object is refused", async () => {
    const fixtures = defaultFixtures();
    fixtures.orgs[1].name = "Production";
    fixtures.orgs[1].users = fixtures.orgs[1].users.filter((u) => u.username !== "prod_user");
    fixtures.orgs[1].users.push({ username: "prod_analyst", role: "org_user", token: "tok-analyst" });
    const r = await h.control("fixtures", fixtures);
    assert.deepEqual(r.orgs, [fixtures.orgs[0].id, fixtures.orgs[1].id]);
    assert.equal((await h.call("portals/self", {}, { token: "tok-analyst" })).name, "Production");
    assert.equal((await h.call("portals/self", {}, { token: h.token("prod_user") })).error.code, 498);
    await h.control("reset");
    assert.equal((await h.call("community/self", {}, { token: "tok-analyst" })).username, "prod_analyst");
    await h.control("reset", { initial: true });
    assert.equal((await h.call("community/self", {}, { token: "tok-analyst" })).error.code, 498);
    const bad = await h.control("fixtures", { orgs: [{ id: "short", users: [] }] });
    assert.equal(bad.error.code, 400);
  });

  it("orgs/<id>/flags sets public and identityVerified, reflected by portals/self", async () => {
    const r = await h.control(`orgs/${h.emu.portalId}/flags`, { public: true, identityVerified: true });
    assert.equal(r.public, true);
    assert.equal(r.identityVerified, true);
    assert.equal((await h.call("portals/self", {}, { token: h.token("dev_user") })).access, "public");
    assert.equal((await h.control(`orgs/${h.emu.portalId}/flags`, { public: "yes" })).error.code, 400);
  });

  it("requests logs every operation with its user and status, tokens redacted; DELETE clears it", async () => {
    await h.control("requests", undefined, "DELETE");
    await h.call("portals/self", {}, { token: h.token("dev_user"), method: "GET" });
    await h.call("portals/self", {}, { token: "nope" });
    const { requests } = await h.control("requests", undefined, "GET");
    assert.equal(requests.length, 2);
    assert.equal(requests[0].operation, "self");
    assert.equal(requests[0].username, "dev_user");
    assert.equal(requests[0].status, 200);
    assert.ok(!requests[0].path.includes(h.token("dev_user")));
    assert.match(requests[0].path, /token=\[REDACTED\]/);
    assert.equal(requests[1].status, 498);
    assert.ok(requests[1].seq > requests[0].seq);
    await h.control("requests", undefined, "DELETE");
    assert.deepEqual((await h.control("requests", undefined, "GET")).requests, []);
  });

  it("faults: a 429 burst answers count requests with Retry-After, then the next passes", async () => {
    await h.control("faults", { burst429: { count: 2, retryAfterSeconds: 7 }, paths: "portals/self" });
    for (let i = 0; i < 2; i++) {
      const res = await h.raw("portals/self", {}, { token: h.token("dev_user") });
      assert.equal(res.status, 429);
      assert.equal(res.headers.get("retry-after"), "7");
      assert.equal(((await res.json()) as any).error.code, 429);
    }
    assert.equal((await h.call("portals/self", {}, { token: h.token("dev_user") })).urlKey, "dev");
  });

  it("faults: rate 1 with chosen codes answers those codes; paths limits the faults", async () => {
    await h.control("faults", { rate: 1, codes: [503], paths: "community/self$" });
    const res = await h.raw("community/self", {}, { token: h.token("dev_user") });
    assert.equal(res.status, 503);
    assert.equal((await h.call("portals/self", {}, { token: h.token("dev_user") })).urlKey, "dev");
  });

  it("faults: dropped connections end the socket without an answer", async () => {
    await h.control("faults", { rate: 1, dropConnections: true, paths: "portals/self" });
    const outcome = await new Promise<string>((resolve) => {
      const req = http.request(`${h.emu.sharingUrl}/portals/self?f=json`, (res) => resolve(`answered ${res.statusCode}`));
      req.on("error", (e) => resolve((e as NodeJS.ErrnoException).code ?? "error"));
      req.end();
    });
    assert.equal(outcome, "ECONNRESET");
  });

  it("faults: count limits the injected faults; then requests pass", async () => {
    await h.control("faults", { rate: 1, count: 1, codes: [503], paths: "community/self$" });
    assert.equal((await h.raw("community/self", {}, { token: h.token("dev_user") })).status, 503);
    assert.equal((await h.raw("community/self", {}, { token: h.token("dev_user") })).status, 200);
    assert.equal((await h.control("faults", { count: -1 })).error.code, 400);
  });

  it("faults: after lets the request run, then loses its answer (dropped) or replaces it", async () => {
    await h.control("faults", { rate: 1, count: 1, dropConnections: true, after: true, paths: "addItem$" });
    const body = new URLSearchParams({ f: "json", token: h.token("dev_user"), title: "Lost answer", type: "Web Map", text: "{}" });
    await assert.rejects(fetch(`${h.emu.sharingUrl}/content/users/dev_user/addItem`, { method: "POST", body }));
    const search = await h.call("search", { q: "owner:dev_user" }, { token: h.token("dev_user") });
    assert.ok(search.results.some((i: any) => i.title === "Lost answer"), "the item was made");
    await h.control("faults", { rate: 1, codes: [502], after: true, paths: "addItem$" });
    const res = await h.raw("content/users/dev_user/addItem", { title: "Replaced answer", type: "Web Map", text: "{}" }, { token: h.token("dev_user") });
    assert.equal(res.status, 502);
    const again = await h.call("search", { q: "owner:dev_user" }, { token: h.token("dev_user") });
    assert.ok(again.results.some((i: any) => i.title === "Replaced answer"));
  });

  it("faults: latency delays the answer by at least latencyMs", async () => {
    await h.control("faults", { latencyMs: 150, paths: "portals/self" });
    const start = process.hrtime.bigint();
    await h.call("portals/self", {}, { token: h.token("dev_user") });
    assert.ok(Number(process.hrtime.bigint() - start) / 1e6 >= 150);
  });

  it("faults: a bad fault spec is refused", async () => {
    assert.equal((await h.control("faults", { rate: 2 })).error.code, 400);
    assert.equal((await h.control("faults", { paths: "(" })).error.code, 400);
  });

  it("jobs: manual mode holds an async add in processing until stepped", async () => {
    await h.control("jobs/mode", { kind: "addItem", mode: "manual" });
    try {
      const r = await h.call("content/users/dev_user/addItem", { title: "A", type: "Web Map", text: "{}", async: true }, { token: h.token("dev_user") });
      const status = () => h.call(`content/users/dev_user/items/${r.itemId}/status`, {}, { token: h.token("dev_user") });
      assert.equal((await status()).status, "processing");
      const jobs = await h.control("jobs", undefined, "GET");
      assert.equal(jobs.modes.addItem, "manual");
      assert.equal(jobs.jobs.find((j: any) => j.id === r.itemId).status, "pending");
      const stepped = await h.control(`jobs/${r.itemId}/step`);
      assert.equal(stepped.job.status, "completed");
      assert.equal((await status()).status, "completed");
      assert.equal((await h.control("jobs/nope/step")).error.code, 404);
      assert.equal((await h.control("jobs/mode", { kind: "nope", mode: "auto" })).error.code, 400);
    } finally {
      await h.control("jobs/mode", { kind: "addItem", mode: "auto" });
    }
  });
});
