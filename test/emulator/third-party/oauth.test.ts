// arcgis-rest-js 4.x, unchanged, signs in to the emulator with OAuth 2.0: ArcGISIdentityManager's
// authorization code with PKCE (the test plays the browser over HTTP: it opens the authorize URL,
// posts the sign-in form, follows the redirect), then refreshCredentials; and
// ApplicationCredentialsManager (client_credentials). Each reads portals/self.
import { strict as assert } from "node:assert";
import { webcrypto } from "node:crypto";
import type { RunningEmulator } from "../../../emulator/index";
import { ApplicationCredentialsManager, ArcGISIdentityManager, ArcGISTokenRequestError, revokeToken } from "@esri/arcgis-rest-request";
import { getSelf } from "@esri/arcgis-rest-portal";
import { lastSent, rejection, sentField, start, stop } from "./support";
import { playBrowser } from "../oauthBrowser";

const REDIRECT = "https://app.example.com/callback";

/** The window arcgis-rest-js's browser flow asks for: storage, location, crypto (its own tests pass one). */
function mockWindow() {
  const store = new Map<string, string>();
  return {
    isSecureContext: true,
    crypto: webcrypto,
    TextEncoder,
    btoa: (s: string) => Buffer.from(s, "binary").toString("base64"),
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
    location: { href: "https://app.example.com/", search: "", hash: "" },
    history: { state: null, replaceState: () => undefined },
    store,
  };
}

describe("arcgis-rest-js: OAuth 2.0 sign-in (oauth2/authorize, oauth2/token, revokeToken)", () => {
  let emu: RunningEmulator;
  before(async () => (emu = await start()));
  after(async () => {
    delete (globalThis as { window?: unknown }).window;
    await stop(emu);
  });

  it("ArcGISIdentityManager: authorization code with PKCE S256, then refreshCredentials; portals/self with each token", async () => {
    const win = mockWindow();
    // base64UrlEncode reads the global window when its caller passes none (utils/generate-random-string)
    (globalThis as { window?: unknown }).window = win;
    const options = { clientId: "dev-cli", portal: emu.sharingUrl, redirectUri: REDIRECT, popup: false, pkce: true };
    await ArcGISIdentityManager.beginOAuth2(options, win as never);
    const authorizeUrl = win.location.href;
    assert.match(authorizeUrl, /\/oauth2\/authorize\?/);
    assert.equal(new URL(authorizeUrl).searchParams.get("code_challenge_method"), "S256");
    const location = await playBrowser(authorizeUrl, "dev_publisher", "dev_publisher-password");
    assert.ok(location.startsWith(`${REDIRECT}?`), location);
    win.location.search = new URL(location).search;
    const manager = (await ArcGISIdentityManager.completeOAuth2(options, win as never)) as ArcGISIdentityManager;
    const sent = lastSent("/oauth2/token");
    assert.equal(sentField(sent, "grant_type"), "authorization_code");
    assert.ok(sentField(sent, "code_verifier"));
    assert.equal(manager.username, "dev_publisher");
    assert.ok(manager.refreshToken && manager.token);
    assert.ok(manager.tokenExpires.getTime() > Date.now());
    const self = await getSelf({ authentication: manager });
    assert.equal(self.id, emu.portalId);
    assert.equal(self.user?.username, "dev_publisher");

    const first = manager.token;
    await manager.refreshCredentials();
    assert.equal(sentField(lastSent("/oauth2/token"), "grant_type"), "refresh_token");
    assert.notEqual(manager.token, first);
    assert.equal((await getSelf({ authentication: manager })).user?.username, "dev_publisher");
    const stats = (await (await fetch(`${emu.url}/__emulator/oauth`)).json()) as { grants: Record<string, number> };
    assert.equal(stats.grants.authorization_code, 1);
    assert.ok(stats.grants.refresh_token >= 1);

    // revoking the refresh token ends it and the access tokens issued from it
    await revokeToken({ portal: emu.sharingUrl, clientId: "dev-cli", token: manager.refreshToken });
    const err = await rejection<ArcGISTokenRequestError>(manager.refreshCredentials());
    assert.ok(err instanceof ArcGISTokenRequestError, String(err));
    assert.match(err.message, /invalid_grant|Invalid refresh_token/);
    assert.ok(!err.message.includes(manager.refreshToken));
  });

  it("the server-based flow (ArcGISIdentityManager.authorize + exchangeAuthorizationCode) with an app registered on the control plane", async () => {
    const redirectUri = "http://localhost:3000/authenticate";
    const registered = await fetch(`${emu.controlUrl}/oauth/apps`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ clientId: "server-app", owner: "dev_admin", redirectUris: [redirectUri] }) });
    assert.equal(registered.status, 200);
    let location = "";
    const response = { writeHead: (_: number, h: { Location: string }) => void (location = h.Location), end: () => undefined };
    ArcGISIdentityManager.authorize({ clientId: "server-app", portal: emu.sharingUrl, redirectUri }, response as never);
    const back = await playBrowser(location, "dev_admin", "dev_admin-password");
    assert.ok(back.startsWith(`${redirectUri}?code=`), back);
    const manager = await ArcGISIdentityManager.exchangeAuthorizationCode({ clientId: "server-app", portal: emu.sharingUrl, redirectUri }, new URL(back).searchParams.get("code")!);
    assert.equal(manager.username, "dev_admin");
    assert.equal((await getSelf({ authentication: manager })).user?.username, "dev_admin");
    // refresh_token_expires_in follows authorize's expiration (rest-js asks 20160 minutes: two weeks)
    assert.ok(manager.refreshTokenExpires.getTime() > Date.now() + 13 * 24 * 3600_000);
  });

  it("a wrong code_verifier is refused with invalid_grant, and the code cannot be used again", async () => {
    const verifier = "a".repeat(43);
    const challenge = Buffer.from(await webcrypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))).toString("base64url");
    const q = new URLSearchParams({ client_id: "dev-cli", response_type: "code", redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: "S256" });
    const location = await playBrowser(`${emu.sharingUrl}/oauth2/authorize?${q}`, "dev_user", "dev_user-password");
    const code = new URL(location).searchParams.get("code")!;
    const token = (fields: Record<string, string>) => fetch(`${emu.sharingUrl}/oauth2/token`, { method: "POST", body: new URLSearchParams({ f: "json", grant_type: "authorization_code", client_id: "dev-cli", redirect_uri: REDIRECT, code, ...fields }) }).then((r) => r.json() as Promise<{ error: { code: number; error: string; error_description: string; message: string } }>);
    const wrong = await token({ code_verifier: "b".repeat(43) });
    assert.equal(wrong.error.error, "invalid_grant");
    assert.equal(wrong.error.code, 400);
    assert.ok(wrong.error.error_description && wrong.error.message);
    const again = await token({ code_verifier: verifier });
    assert.equal(again.error.error, "invalid_grant", "a code is single use");
  });

  it("the sign-in page: a wrong password shows the form again; Cancel redirects with access_denied; an unknown redirect_uri is refused", async () => {
    const q = new URLSearchParams({ client_id: "dev-cli", response_type: "code", redirect_uri: REDIRECT, state: "s1" });
    const url = `${emu.sharingUrl}/oauth2/authorize?${q}`;
    const denied = await playBrowser(url, "dev_user", "whatever", "deny");
    assert.equal(new URL(denied).searchParams.get("error"), "access_denied");
    assert.equal(new URL(denied).searchParams.get("state"), "s1");
    const bad = await fetch(new URL("authorize", url.split("?")[0]), { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(q), username: "dev_user", password: "nope", consent: "allow" }), redirect: "manual" });
    assert.equal(bad.status, 200);
    assert.match(await bad.text(), /Invalid username or password/);
    const other = await fetch(`${emu.sharingUrl}/oauth2/authorize?${new URLSearchParams({ client_id: "dev-cli", response_type: "code", redirect_uri: "https://evil.example.com/cb" })}`, { redirect: "manual" });
    assert.equal(other.status, 200);
    assert.equal(((await other.json()) as { error: { error: string } }).error.error, "invalid_request");
  });

  it("ApplicationCredentialsManager: client_credentials; portals/self says no user, and appInfo holds the privileges given", async () => {
    const manager = ApplicationCredentialsManager.fromCredentials({ clientId: "dev-ci", clientSecret: "dev-ci-secret-value", portal: emu.sharingUrl });
    const token = await manager.getToken(emu.sharingUrl);
    assert.ok(token);
    assert.equal(sentField(lastSent("/oauth2/token/"), "grant_type"), "client_credentials");
    const self = (await getSelf({ authentication: manager })) as unknown as { id: string; user?: unknown; appInfo: { appId: string; privileges: string[] } };
    assert.equal(self.id, emu.portalId);
    assert.equal(self.user, undefined);
    assert.equal(self.appInfo.appId, "dev-ci");
    assert.deepEqual(self.appInfo.privileges, ["portal:user:createItem"]);
    await manager.refreshCredentials();
    assert.notEqual(manager.token, token);

    const wrong = ApplicationCredentialsManager.fromCredentials({ clientId: "dev-ci", clientSecret: "not-the-secret", portal: emu.sharingUrl });
    const err = await rejection<ArcGISTokenRequestError>(wrong.getToken(emu.sharingUrl));
    assert.ok(err instanceof ArcGISTokenRequestError, String(err));
    assert.ok(!err.message.includes("not-the-secret"));
  });
});
