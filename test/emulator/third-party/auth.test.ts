// arcgis-rest-js against the emulator: tokens (part 5 and spec.md#gap-generate-token), portal self,
// the 498/499 → ArcGISAuthError behaviour, GET reads, X-Esri-Authorization and f=pjson.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ApiKeyManager, ArcGISAuthError, ArcGISIdentityManager, ArcGISTokenRequestError } from "@esri/arcgis-rest-request";
import { getPortal, getSelf } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, request, sentField, start, stop } from "./support";

describe("arcgis-rest-js: authentication and portal self", () => {
  let emu: RunningEmulator;
  before(async () => (emu = await start()));
  after(async () => stop(emu));

  it("5: getSelf with ApiKeyManager is a GET carrying the token and answers the caller's org", async () => {
    const self = await getSelf({ ...as(emu, "dev_admin") });
    assert.equal(self.id, emu.portalId);
    assert.equal(self.user?.username, "dev_admin");
    const sent = lastSent("/portals/self");
    assert.equal(sent.method, "GET");
    assert.equal(sentField(sent, "token"), emu.tokens.dev_admin);
    assert.equal(sentField(sent, "f"), "json");
  });

  it("5: getPortal(<id>) with a plain token in params answers the same org", async () => {
    const portal = await getPortal(emu.portalId, { portal: emu.sharingUrl, params: { token: emu.tokens.dev_user } });
    assert.equal(portal.id, emu.portalId);
    assert.equal(portal.user?.username, "dev_user");
  });

  it("5: ArcGISIdentityManager.signIn uses generateToken over loopback http and its token works", async () => {
    const manager = await ArcGISIdentityManager.signIn({ username: "dev_admin", password: "dev_admin-password", portal: emu.sharingUrl });
    const sent = lastSent("/generateToken");
    assert.equal(sent.method, "POST");
    assert.equal(sentField(sent, "username"), "dev_admin");
    assert.equal(sentField(sent, "client"), "referer");
    assert.ok(sentField(sent, "referer"));
    assert.equal(sentField(sent, "expiration"), "20160"); // arcgis-rest-js's default duration, minutes
    assert.ok(manager.token && manager.token !== emu.tokens.dev_admin);
    assert.ok(manager.tokenExpires.getTime() > Date.now());
    assert.equal(manager.username, "dev_admin");
    const self = await getSelf({ authentication: manager });
    assert.equal(self.user?.username, "dev_admin");
  });

  it("5: ArcGISIdentityManager.fromToken with a fixture token reads the user (community/self)", async () => {
    const manager = await ArcGISIdentityManager.fromToken({ token: emu.tokens.dev_publisher, portal: emu.sharingUrl });
    assert.equal(manager.username, "dev_publisher");
    const user = await manager.getUser();
    assert.equal(user.role, "org_publisher");
  });

  it("5: a wrong password makes signIn fail with ArcGISTokenRequestError, without echoing the password", async () => {
    const err = await rejection<ArcGISTokenRequestError>(ArcGISIdentityManager.signIn({ username: "dev_admin", password: "not-it", portal: emu.sharingUrl }));
    assert.ok(err instanceof ArcGISTokenRequestError, String(err));
    assert.equal(err.code, "TOKEN_REFRESH_FAILED");
    assert.ok(!err.message.includes("not-it"));
  });

  it("7: no token where one is needed (499) is an ArcGISAuthError", async () => {
    const err = await rejection<ArcGISAuthError>(request(`${emu.sharingUrl}/portals/self`, { httpMethod: "GET" }));
    assert.ok(err instanceof ArcGISAuthError, String(err));
    assert.equal(err.code, 499);
    assert.equal((err.response as { error: { code: number } }).error.code, 499);
  });

  it("7: an unknown token (498) is an ArcGISAuthError carrying the envelope", async () => {
    const err = await rejection<ArcGISAuthError>(getSelf({ authentication: ApiKeyManager.fromKey("tok-nobody"), portal: emu.sharingUrl }));
    assert.ok(err instanceof ArcGISAuthError, String(err));
    assert.equal(err.code, 498);
    assert.deepEqual(Object.keys((err.response as { error: object }).error).sort(), ["code", "details", "message"]);
  });

  it("5: hideToken sends a GET's token in X-Esri-Authorization, not in the URL, and the emulator accepts it", async () => {
    const self = await getSelf({ ...as(emu, "dev_user"), hideToken: true });
    assert.equal(self.user?.username, "dev_user");
    const sent = lastSent("/portals/self");
    assert.equal(sent.method, "GET");
    assert.equal(sent.url.searchParams.get("token"), null);
    assert.equal(sent.headers.get("x-esri-authorization"), `Bearer ${emu.tokens.dev_user}`);
  });

  it("0: f=pjson answers the same JSON, indented", async () => {
    // arcgis-rest-js types f as json/geojson/…; with any other f it hands back the body as a Blob
    const blob = (await request(`${emu.sharingUrl}/portals/self`, { httpMethod: "GET", params: { f: "pjson" as "json", token: emu.tokens.dev_admin } })) as Blob;
    const text = await blob.text();
    assert.match(text, /\n\s+"id"/);
    assert.equal(JSON.parse(text).id, emu.portalId);
  });

  it("0: a POST of portals/self (arcgis-rest-js's default method) answers like the GET", async () => {
    const self = await request(`${emu.sharingUrl}/portals/self`, { ...as(emu, "dev_admin") });
    assert.equal(lastSent("/portals/self").method, "POST");
    assert.equal(lastSent("/portals/self").contentType, "application/x-www-form-urlencoded");
    assert.equal(self.id, emu.portalId);
  });
});
