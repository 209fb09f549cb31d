// arcgis-rest-js through the emulator's other behaviours: async add (spec.md#async-add), the service proxy
// rate limit (4.6 rule 6, CONT_0049), token refresh after 498, the web-adaptor deployment shape,
// and what arcgis-rest-js makes of `httpErrors: true` (real HTTP statuses).
import { strict as assert } from "node:assert";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISAuthError, ArcGISIdentityManager, ArcGISRequestError } from "@esri/arcgis-rest-request";
import { createItem, getItem, getItemStatus, getSelf } from "@esri/arcgis-rest-portal";
import { getLayer } from "@esri/arcgis-rest-feature-service";
import { as, control, rejection, request, start, stop, until, wire } from "./support";

describe("arcgis-rest-js: async add, proxy rate limit, token refresh", () => {
  let emu: RunningEmulator;
  let upstream: http.Server;
  let upstreamUrl: string;
  before(async () => {
    emu = await start();
    upstream = http.createServer((req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: req.url })));
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/arcgis/rest/services/S/MapServer`;
  });
  after(async () => {
    await stop(emu);
    await new Promise((r) => upstream.close(r));
  });

  it("3.2: createItem with async=true answers {status, statusMessage, itemId}; getItemStatus ends completed", async () => {
    const started = (await createItem({ ...as(emu, "dev_user"), item: { title: "Async map", type: "Web Map" }, text: "{}", async: true })) as unknown as { status: string; statusMessage: string; itemId: string };
    assert.equal(started.status, "processing");
    assert.equal(typeof started.statusMessage, "string");
    const done = await until(() => getItemStatus({ ...as(emu, "dev_user"), id: started.itemId }), (s) => s.status !== "processing", "the async add");
    assert.equal(done.status, "completed");
    assert.equal((await getItem(started.itemId, as(emu, "dev_user"))).title, "Async map");
  });

  it("4.6 rule 6 / part 7: past hitsPerInterval the proxy answers CONT_0049 (code 429, details []) as an ArcGISRequestError", async () => {
    // serviceProxyFilter is an object: arcgis-rest-js JSON-stringifies it
    const added = await createItem({ ...as(emu, "dev_publisher"), item: { title: "Proxied", type: "Map Service", url: upstreamUrl, serviceProxyFilter: { hitsPerInterval: 1 } } as never });
    const item = (await getItem(added.id, as(emu, "dev_publisher"))) as unknown as { serviceProxyUrl: string; serviceProxyFilter: { intervalSeconds: number } };
    assert.equal(item.serviceProxyFilter.intervalSeconds, 60);
    assert.deepEqual(await request(`${item.serviceProxyUrl}/0/query`, { httpMethod: "GET" }), { path: "/arcgis/rest/services/S/MapServer/0/query?f=json" });
    const err = await rejection(request(`${item.serviceProxyUrl}/0/query`, { httpMethod: "GET" }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "CONT_0049");
    const envelope = (err.response as { error: { code: number; details: unknown[] } }).error;
    assert.equal(envelope.code, 429);
    assert.deepEqual(envelope.details, []);
  });

  it("part 7 (498): an expired generated token is refreshed once by ArcGISIdentityManager and the call succeeds", async () => {
    const manager = await ArcGISIdentityManager.signIn({ username: "dev_user", password: "dev_user-password", portal: emu.sharingUrl });
    const first = manager.token;
    await control(emu, "tokens/expire", { token: first });
    const before = wire.filter((s) => s.url.pathname.endsWith("/generateToken")).length;
    const self = await getSelf({ authentication: manager });
    assert.equal(self.user?.username, "dev_user");
    assert.equal(wire.filter((s) => s.url.pathname.endsWith("/generateToken")).length, before + 1);
    assert.notEqual(manager.token, first);
  });

  it("part 7 (498): an expired fixture token cannot be refreshed: ArcGISAuthError", async () => {
    const manager = await ArcGISIdentityManager.fromToken({ token: emu.tokens.dev_viewer, portal: emu.sharingUrl });
    await control(emu, "tokens/expire", { token: emu.tokens.dev_viewer });
    const err = await rejection<ArcGISAuthError>(getSelf({ authentication: manager }));
    assert.ok(err instanceof ArcGISAuthError, String(err));
    assert.equal(err.code, 498);
  });
});

describe("arcgis-rest-js: deployment shapes and httpErrors", () => {
  let emu: RunningEmulator | undefined;
  afterEach(async () => {
    await stop(emu);
    emu = undefined;
  });

  it("conventions: with a web adaptor, sign-in, getSelf and the federated service work under {origin}/portal/sharing/rest", async () => {
    emu = await start({ webAdaptor: "portal" });
    assert.match(emu.sharingUrl, /\/portal\/sharing\/rest$/);
    const manager = await ArcGISIdentityManager.signIn({ username: "dev_publisher", password: "dev_publisher-password", portal: emu.sharingUrl });
    assert.equal((await getSelf({ authentication: manager })).id, emu.portalId);
    assert.equal((await getLayer({ url: `${emu.serviceUrl}/Stations/FeatureServer/0`, authentication: manager })).name, "stations");
  });

  it("part 7 with httpErrors: arcgis-rest-js reports the HTTP status as code and keeps the envelope in response", async () => {
    emu = await start({ httpErrors: true });
    const err = await rejection(request(`${emu.sharingUrl}/portals/${emu.portalId}/assignCategorySchema`, { ...as(emu, "dev_admin"), params: { categorySchema: { categorySchema: [] } } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "HTTP 400 Bad Request");
    assert.equal((err.response as { error: { messageCode: string } }).error.messageCode, "ORG_1132");
    // a 498 sent as a real HTTP status is not an ArcGISAuthError for arcgis-rest-js (it never reads the body's code)
    const auth = await rejection(getSelf({ portal: emu.sharingUrl, params: { token: "tok-nobody" } }));
    assert.ok(auth instanceof ArcGISRequestError && !(auth instanceof ArcGISAuthError), String(auth));
  });
});
