import { strict as assert } from "node:assert";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { Harness } from "./harness";
import { referrerAllowed } from "../../emulator/routes/proxy";

describe("emulator: service proxy filter (spec.md#service-proxy-filter, spec.md#add-item-proxy-rate, spec.md#errors, spec.md#limits)", () => {
  let h: Harness;
  let upstream: http.Server;
  let upstreamUrl: string;
  let hits = 0;
  before(async () => {
    h = await Harness.start();
    upstream = http.createServer((req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/arcgis/rest/services/S/MapServer`;
  });
  after(async () => {
    await h.close();
    await new Promise((r) => upstream.close(r));
  });
  const addProxied = async (filter: unknown) => {
    const r = await h.call("content/users/dev_publisher/addItem", { title: "P", type: "Map Service", url: upstreamUrl, serviceProxyFilter: JSON.stringify(filter) }, { token: h.token("dev_publisher") });
    assert.equal(r.success, true, JSON.stringify(r));
    return (await h.call(`content/items/${r.id}`, {}, { token: h.token("dev_publisher") })) as { id: string; serviceProxyUrl: string; serviceProxyFilter: any };
  };
  const hit = (url: string, referer?: string) => fetch(`${url}/0/query?f=json`, { headers: referer ? { referer } : {} });

  it("2.5: intervalSeconds defaults to 60 and the item shows its proxy URL", async () => {
    const item = await addProxied({ hitsPerInterval: 5 });
    assert.equal(item.serviceProxyFilter.intervalSeconds, 60);
    assert.equal(item.serviceProxyUrl, `${h.emu.sharingUrl}/content/items/${item.id}/proxy`);
  });

  it("4.6 rule 6 / part 7: hitsPerInterval requests pass; the next is 429 CONT_0049 with empty details", async () => {
    const item = await addProxied({ hitsPerInterval: 3, intervalSeconds: 60 });
    const before = hits;
    for (let i = 0; i < 3; i++) {
      const res = await hit(item.serviceProxyUrl);
      assert.deepEqual(await res.json(), { path: "/arcgis/rest/services/S/MapServer/0/query?f=json" });
    }
    assert.equal(hits - before, 3);
    const limited = await hit(item.serviceProxyUrl);
    assert.equal(limited.status, 200);
    const body = (await limited.json()) as any;
    assert.deepEqual(body, { error: { code: 429, messageCode: "CONT_0049", message: body.error.message, details: [] } });
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
    assert.equal(hits - before, 3, "the limited request never reaches the service");
  });

  it("2.5: a new interval starts a new count", async () => {
    const item = await addProxied({ hitsPerInterval: 1, intervalSeconds: 1 });
    await hit(item.serviceProxyUrl);
    assert.equal(((await (await hit(item.serviceProxyUrl)).json()) as any).error.messageCode, "CONT_0049");
    await new Promise((r) => setTimeout(r, 1100));
    assert.deepEqual(await (await hit(item.serviceProxyUrl)).json(), { path: "/arcgis/rest/services/S/MapServer/0/query?f=json" });
  });

  it("2.5: referrers allow listed hosts and *.domain subdomains; others are refused", async () => {
    const item = await addProxied({ referrers: ["https://app.example.com", "*.maps.example.org"] });
    assert.equal((await hit(item.serviceProxyUrl, "https://app.example.com/page")).status, 200);
    assert.ok(!("error" in ((await (await hit(item.serviceProxyUrl, "https://a.maps.example.org/x")).json()) as any)));
    assert.equal(((await (await hit(item.serviceProxyUrl, "https://evil.example.net/")).json()) as any).error.code, 403);
    assert.equal(((await (await hit(item.serviceProxyUrl)).json()) as any).error.code, 403);
  });

  it("2.5: the wildcard rule matches subdomains only", () => {
    assert.equal(referrerAllowed(["*.domain.com"], "https://a.b.domain.com/"), true);
    assert.equal(referrerAllowed(["*.domain.com"], "https://notdomain.com/"), false);
    assert.equal(referrerAllowed([], undefined), true);
  });

  it("2.5: a malformed filter is refused", async () => {
    const r = await h.call("content/users/dev_publisher/addItem", { title: "P", type: "Map Service", url: upstreamUrl, serviceProxyFilter: JSON.stringify({ hitsPerInterval: "ten" }) }, { token: h.token("dev_publisher") });
    assert.match(r.error.message, /hitsPerInterval must be a positive integer/);
  });
});
