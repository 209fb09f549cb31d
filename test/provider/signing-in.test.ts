// Signing in against the emulator as a real HTTP server: the login command (PKCE, loopback and
// out-of-band redirects; the browser played over HTTP), then the provider's client with each kind
// of credential: a refresh token renewed before it expires and after a 498, app credentials, an
// API key; a revoked refresh token names portal:refreshToken and the login command; exactly one
// kind of credential at a time; no secret in any message.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { loginCommand, type LoginIo } from "../../cli/login";
import { clientFromConfig, ConfigError, resolvePortalConfig } from "../../provider";
import { oobCode, signInThrough, submitSignIn } from "../emulator/oauthBrowser";

const source = (values: Record<string, string>) => ({ get: (k: string) => values[k] });

interface Captured {
  io: LoginIo;
  out: string[];
  config: Map<string, { value: string; secret: boolean }>;
}

function captureIo(play: (url: string) => Promise<void>, line = async () => ""): Captured {
  const out: string[] = [];
  const config = new Map<string, { value: string; secret: boolean }>();
  const io: LoginIo = {
    stdout: (s) => void out.push(s),
    stderr: (s) => void out.push(s),
    openBrowser: async (url) => {
      void play(url);
      return true;
    },
    readLine: line,
    setConfig: async (key, value, o) => void config.set(key, { value, secret: o.secret }),
    getConfig: async (key) => config.get(key)?.value,
    currentStack: async (stack) => stack ?? "dev",
  };
  return { io, out, config };
}

async function control(emu: RunningEmulator, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${emu.controlUrl}/${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return r.json();
}

/** A refresh token for `username` through the login command (loopback redirect). */
export async function loginAs(emu: RunningEmulator, username: string, clientId = "dev-cli"): Promise<{ refreshToken: string; output: string }> {
  const c = captureIo(async (url) => void (await signInThrough(url, username, `${username}-password`)));
  const code = await loginCommand(["--url", emu.portalUrl, "--client-id", clientId], c.io);
  const output = c.out.join("");
  assert.equal(code, 0, output);
  return { refreshToken: c.config.get("portal:refreshToken")!.value, output };
}

describe("signing in: login, refresh tokens, app credentials, API keys (oauth2/authorize, oauth2/token)", () => {
  let emu: RunningEmulator;
  before(async () => (emu = await startEmulator({ port: 0, jobDelayMs: 1 })));
  after(async () => emu.close());
  afterEach(async () => control(emu, "reset", {}));

  it("login (loopback redirect, PKCE S256) stores url, clientId and the refresh token as a secret; prints who and when, never a token", async () => {
    let authorize = "";
    const c = captureIo(async (url) => {
      authorize = url;
      await signInThrough(url, "dev_publisher", "dev_publisher-password");
    });
    assert.equal(await loginCommand(["--url", emu.portalUrl, "--client-id", "dev-cli"], c.io), 0, c.out.join(""));
    const q = new URL(authorize).searchParams;
    assert.equal(q.get("code_challenge_method"), "S256");
    assert.match(q.get("redirect_uri")!, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.deepEqual(c.config.get("portal:url"), { value: emu.portalUrl, secret: false });
    assert.deepEqual(c.config.get("portal:clientId"), { value: "dev-cli", secret: false });
    const stored = c.config.get("portal:refreshToken")!;
    assert.equal(stored.secret, true);
    const output = c.out.join("");
    assert.match(output, /Signed in to Dev Organization \(urlKey dev, http:\/\/127\.0\.0\.1:\d+\) as dev_publisher\./);
    assert.match(output, /Stored in the config of stack dev: portal:url, portal:clientId, portal:refreshToken \(secret\)/);
    assert.match(output, /refresh token expires \d{4}-\d\d-\d\dT.* \(in 14 days\)/);
    assert.ok(!output.includes(stored.value), "the refresh token is never printed");
    const stats = await control(emu, "oauth");
    assert.equal(stats.grants.authorization_code, 1);
  });

  it("login --no-browser: prints the URL (oob redirect) and reads the pasted code", async () => {
    let printed = "";
    const c = captureIo(async () => undefined);
    c.io.stdout = (s) => void (printed += s);
    c.io.readLine = async () => {
      const url = /\n {2}(http\S+)\n/.exec(printed)![1];
      assert.equal(new URL(url).searchParams.get("redirect_uri"), "urn:ietf:wg:oauth:2.0:oob");
      return oobCode(url, "dev_user", "dev_user-password");
    };
    assert.equal(await loginCommand(["--url", emu.portalUrl, "--client-id", "dev-cli", "--no-browser"], c.io), 0, printed + c.out.join(""));
    assert.equal(c.config.get("portal:refreshToken")!.secret, true);
    assert.match(printed, /as dev_user\./);
  });

  it("login: an unknown app or a cancelled sign-in is one line, exit 1; bad options exit 2", async () => {
    const c = captureIo(async () => undefined);
    c.io.readLine = async () => "not-a-code";
    assert.equal(await loginCommand(["--url", emu.portalUrl, "--client-id", "dev-cli", "--no-browser"], c.io), 1);
    assert.match(c.out.join(""), /login: .*invalid_grant|Invalid authorization code/);
    const cancel = captureIo(async (url) => {
      const location = (await submitSignIn(url, "dev_user", "", "deny")).headers.get("location")!;
      await fetch(location);
    });
    assert.equal(await loginCommand(["--url", emu.portalUrl, "--client-id", "dev-cli"], cancel.io), 1);
    assert.match(cancel.out.join(""), /login: the portal did not sign you in: access_denied/);
    assert.equal(cancel.config.size, 0, "nothing stored");
    const unknown = captureIo(async (url) => void (await fetch(url)));
    unknown.io.readLine = async () => "";
    assert.equal(await loginCommand(["--url", emu.portalUrl, "--client-id", "no-such-app", "--no-browser"], unknown.io), 1);
    const noStack = captureIo(async () => assert.fail("no browser before the stack is known"));
    noStack.io.currentStack = async () => {
      throw new Error("no stack to store the sign-in in: run this in the Pulumi project's directory");
    };
    assert.equal(await loginCommand(["--url", emu.portalUrl, "--client-id", "dev-cli"], noStack.io), 1);
    assert.match(noStack.out.join(""), /no stack to store the sign-in in/);
    assert.equal(await loginCommand(["--client-id", "x"], c.io), 2);
    assert.equal(await loginCommand(["--url", "http://portal.example.com", "--client-id", "x"], c.io), 2);
  });

  it("portal:refreshToken + portal:clientId: access tokens renewed before they expire (3 s), counted; 0 failed requests", async function () {
    this.timeout(60_000);
    const { refreshToken } = await loginAs(emu, "dev_admin");
    await control(emu, "oauth/lifetimes", { accessSeconds: 3 });
    const renewals: number[] = [];
    const client = clientFromConfig(source({ "portal:url": emu.portalUrl, "portal:clientId": "dev-cli", "portal:refreshToken": refreshToken }), {}, { onTokenRenewed: (n) => void renewals.push(n) });
    try {
      assert.equal(client.credentialKind, "refreshToken");
      const until = Date.now() + 7000;
      while (Date.now() < until) {
        assert.equal(await client.username(), "dev_admin");
        await client.request("search", "search", { q: "owner:dev_admin" }, { method: "GET" });
        client.forgetReads();
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(client.tokenRenewals >= 2, `renewals: ${client.tokenRenewals}`);
      assert.deepEqual(renewals, renewals.map((_, i) => i + 1));
      const requests = (await control(emu, "requests")).requests as Array<{ status: number; path?: string; url?: string }>;
      assert.deepEqual(requests.filter((r) => r.status === 498), [], "no request met an expired token");
    } finally {
      await client.close();
    }
  });

  it("a 498 (the token revoked on the portal's side) is repaired by one renewal; a revoked refresh token fails naming portal:refreshToken and the login command", async () => {
    const { refreshToken } = await loginAs(emu, "dev_admin");
    const client = clientFromConfig(source({ "portal:url": emu.portalUrl, "portal:clientId": "dev-cli", "portal:refreshToken": refreshToken }), {});
    try {
      await client.self();
      await control(emu, "oauth/expireAccessTokens", { username: "dev_admin" });
      assert.equal(((await client.request("portals/self", "portals/self", {}, { method: "GET" })) as { user: { username: string } }).user.username, "dev_admin");
      assert.equal(client.tokenRenewals, 1, "one renewal after the 498");
      // the refresh token of another app is refused, like a revoked one
      const other = clientFromConfig(source({ "portal:url": emu.portalUrl, "portal:clientId": "prod-cli", "portal:refreshToken": refreshToken }), {});
      await assert.rejects(other.self(), (e: ConfigError) => e.key === "portal:refreshToken" && /invalid_client|Invalid refresh_token|invalid_grant/.test(e.message));
      await other.close();
      await control(emu, "oauth/revoke", { username: "dev_admin" });
      const e = await client.request("portals/self", "portals/self", {}, { method: "GET" }).then(
        () => assert.fail("expected a failure"),
        (err: unknown) => err,
      );
      assert.ok(e instanceof ConfigError, String(e));
      assert.equal(e.key, "portal:refreshToken");
      assert.match(e.message, /portal:refreshToken was refused .*invalid_grant|Invalid refresh_token/);
      assert.match(e.message, /npx pulumi-gis-portal login --url .* --client-id dev-cli/);
      assert.ok(!e.message.includes(refreshToken));
    } finally {
      await client.close();
    }
  });

  it("app credentials (client_credentials) and an API key: portals/self has no user, appInfo has the privileges given", async () => {
    const configs: Array<Record<string, string>> = [
      { "portal:clientId": "dev-ci", "portal:clientSecret": "dev-ci-secret-value" },
      { "portal:apiKey": "apikey-dev-0000000000000000" },
    ];
    for (const config of configs) {
      const client = clientFromConfig(source({ "portal:url": emu.portalUrl, ...config }), {});
      try {
        const self = (await client.self()) as { user?: unknown; appInfo?: { privileges: string[] } };
        assert.equal(self.user, undefined);
        assert.deepEqual(self.appInfo?.privileges, ["portal:user:createItem"]);
      } finally {
        await client.close();
      }
    }
    const wrong = clientFromConfig(source({ "portal:url": emu.portalUrl, "portal:clientId": "dev-ci", "portal:clientSecret": "wrong-secret-value" }), {});
    await assert.rejects(wrong.self(), (e: ConfigError) => e.key === "portal:clientSecret" && !e.message.includes("wrong-secret-value"));
    await wrong.close();
  });

  it("a portal behind a web adaptor (https://host/<web adaptor>): login and the refresh token work under its path", async () => {
    const wa = await startEmulator({ port: 0, jobDelayMs: 1, webAdaptor: "portal" });
    try {
      assert.match(wa.portalUrl, /\/portal$/);
      const c = captureIo(async (url) => {
        assert.ok(url.startsWith(`${wa.portalUrl}/sharing/rest/oauth2/authorize?`), url);
        await signInThrough(url, "dev_admin", "dev_admin-password");
      });
      assert.equal(await loginCommand(["--url", `${wa.portalUrl}/`, "--client-id", "dev-cli"], c.io), 0, c.out.join(""));
      assert.equal(c.config.get("portal:url")!.value, wa.portalUrl);
      const client = clientFromConfig(source({ "portal:url": wa.portalUrl, "portal:clientId": "dev-cli", "portal:refreshToken": c.config.get("portal:refreshToken")!.value }), {});
      try {
        assert.equal(await client.username(), "dev_admin");
      } finally {
        await client.close();
      }
    } finally {
      await wa.close();
    }
  });

  it("exactly one kind of credential: two kinds, or an incomplete one, is a ConfigError naming the keys", () => {
    const url = { "portal:url": "https://org.example.com" };
    const fails = (values: Record<string, string>, env: Record<string, string>, key: string, pattern: RegExp) =>
      assert.throws(
        () => resolvePortalConfig(source({ ...url, ...values }), env),
        (e: ConfigError) => e instanceof ConfigError && e.key === key && pattern.test(e.message) && !/sekret-value/.test(e.message),
      );
    fails({ "portal:token": "t-sekret-value", "portal:apiKey": "k-sekret-value" }, {}, "portal:token", /two kinds of credential are set: a token and an API key \(portal:token, portal:apiKey\)/);
    fails({ "portal:refreshToken": "r-sekret-value" }, { PORTAL_USERNAME: "alice", PORTAL_PASSWORD: "p-sekret-value" }, "portal:refreshToken", /a login \(refresh token\) and a username and password/);
    fails({ "portal:refreshToken": "r-sekret-value", "portal:clientSecret": "s-sekret-value", "portal:clientId": "app" }, {}, "portal:refreshToken", /two kinds/);
    fails({ "portal:refreshToken": "r-sekret-value" }, {}, "portal:clientId", /portal:clientId \(PORTAL_CLIENT_ID\) is not set .*needs portal:refreshToken and portal:clientId/);
    fails({ "portal:clientSecret": "s-sekret-value" }, {}, "portal:clientId", /portal:clientId .*is not set/);
    fails({ "portal:clientId": "app" }, {}, "portal:refreshToken", /neither portal:refreshToken .* nor portal:clientSecret/);
    const kinds: Array<[Record<string, string>, Record<string, string>, object]> = [
      [{}, { PORTAL_REFRESH_TOKEN: "r-1234", PORTAL_CLIENT_ID: "app" }, { refreshToken: "r-1234", clientId: "app" }],
      [{ "portal:clientId": "app" }, { PORTAL_CLIENT_SECRET: "s-1234" }, { clientId: "app", clientSecret: "s-1234" }],
      [{}, { PORTAL_API_KEY: "k-1234" }, { apiKey: "k-1234" }],
      [{ "portal:token": "t-1234" }, {}, { token: "t-1234" }],
    ];
    for (const [values, env, credentials] of kinds) assert.deepEqual(resolvePortalConfig(source({ ...url, ...values }), env).credentials, credentials);
  });
});
