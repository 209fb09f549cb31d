// Issue acceptance: no token or password appears in any error message, stack or log line. Drives
// failing requests against the emulator (bad token, 498, refused password, injected faults, dropped
// connections, a closed port, schema failures) and scans everything they produced.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createPortalClient, resolvePortalConfig } from "../../provider/config";
import * as ops from "../../provider/ops";
import { addItemInput, checkInputs } from "../../provider/rules";
import type { PortalClient } from "../../provider/rest/client";

const BOGUS_TOKEN = "bogus-token-9f8e7d6c5b4a";
const WRONG_PASSWORD = "wrong-password-Q7x!";

describe("reliability: secrets in messages (design Transport, common rules)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const lines: string[] = [];
  const texts: string[] = [];
  const clients: PortalClient[] = [];
  const secrets = new Set<string>([BOGUS_TOKEN, WRONG_PASSWORD]);
  const consoleMethods = ["log", "info", "warn", "error", "debug"] as const;
  const originals = consoleMethods.map((m) => console[m]);

  const control = (path: string, body?: unknown, method = "POST") =>
    fetch(`${emu.controlUrl}/${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

  function client(values: Record<string, string>): PortalClient {
    const config = resolvePortalConfig({ get: (k) => ({ "portal:url": emu.portalUrl, "portal:serviceUrl": emu.serviceUrl, ...values })[k] }, {});
    const c = createPortalClient(config, { logger: (l) => lines.push(l), sleep: async () => undefined });
    clients.push(c);
    return c;
  }

  /** Records a failure's message, stack, inspect() output and cause chain. */
  async function failing(p: Promise<unknown>): Promise<void> {
    const e = await p.then(
      () => assert.fail("expected a failure"),
      (err: unknown) => err,
    );
    texts.push(inspect(e, { depth: 6 }));
    for (let cur: unknown = e; cur instanceof Error; cur = cur.cause) texts.push(cur.message, String(cur.stack));
  }

  before(async () => {
    emu = await startEmulator();
    for (const [user, token] of Object.entries(emu.tokens)) secrets.add(token).add(`${user}-password`);
    consoleMethods.forEach((m) => {
      console[m] = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === "string" ? a : inspect(a))).join(" "));
    });
  });

  after(async () => {
    consoleMethods.forEach((m, i) => (console[m] = originals[i]));
    await Promise.all(clients.map((c) => c.close()));
    await emu?.close();
  });

  it("5: an unknown static token (498)", async () => {
    await failing(ops.getPortalSelf(client({ "portal:token": BOGUS_TOKEN })));
  });

  it("5: a refused password at generateToken", async () => {
    await failing(ops.getPortalSelf(client({ "portal:username": "dev_admin", "portal:password": WRONG_PASSWORD })));
  });

  it("5: a generated token expired out of band, refreshed once, then refused again", async () => {
    const c = client({ "portal:username": "dev_publisher", "portal:password": "dev_publisher-password" });
    await ops.getPortalSelf(c);
    const token = await (c as unknown as { auth: { token(): Promise<string> } }).auth.token();
    secrets.add(token);
    await control("tokens/expire", { token });
    await ops.getCategorySchema(c);
    const fresh = await (c as unknown as { auth: { token(): Promise<string> } }).auth.token();
    secrets.add(fresh);
    assert.notEqual(fresh, token);
    // a password that no longer works: the refresh fails and says so without the password
    const broken = client({ "portal:username": "dev_publisher", "portal:password": WRONG_PASSWORD });
    await failing(ops.getCategorySchema(broken));
  });

  it("part 7: forbidden and not-found answers carry no token", async () => {
    const c = client({ "portal:token": emu.tokens.dev_user });
    await failing(ops.assignCategorySchema(c, [{ title: "A" }]));
    await failing(ops.getItem(c, "0".repeat(32)));
    await failing(ops.deleteMemberCategorySchema(client({ "portal:token": emu.tokens.dev_admin })).then(() => ops.deleteMemberCategorySchema(client({ "portal:token": emu.tokens.dev_admin }))));
  });

  it("faults: 500s until retries run out, a 429 burst, dropped connections", async () => {
    const c = client({ "portal:token": emu.tokens.dev_admin });
    await control("faults", { rate: 1, codes: [500, 503] });
    await failing(ops.getCategorySchema(c));
    await failing(ops.assignCategorySchema(c, [{ title: "A" }]));
    await control("faults", { burst429: { count: 10, retryAfterSeconds: 0 } });
    await failing(ops.getCategorySchema(c));
    await control("faults", { rate: 1, dropConnections: true });
    await failing(ops.setContentStatus(c, { itemId: "0".repeat(32), status: "deprecated" }));
    await failing(ops.addItem(c, { owner: "dev_admin", item: { title: "x", type: "Web Map", text: "{}" } }));
    await control("faults", undefined, "DELETE");
  });

  it("network: a portal that is not listening", async () => {
    const config = resolvePortalConfig({ get: () => undefined }, { PORTAL_URL: "http://127.0.0.1:9", PORTAL_TOKEN: emu.tokens.dev_admin });
    const c = createPortalClient(config, { logger: (l) => lines.push(l), sleep: async () => undefined });
    clients.push(c);
    await failing(ops.getPortalSelf(c));
  });

  it("a server that echoes the request (body, headers) into its error answers", async () => {
    // some proxies and misconfigured servers quote the request back: the redaction must catch it
    const echo: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        const quoted = `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`;
        if (req.url?.includes("generateToken")) return res.end(JSON.stringify({ error: { code: 400, message: `Unable to generate token for ${quoted}`, details: [body] } }));
        if (req.method === "GET") return res.writeHead(502, { "content-type": "text/plain" }).end(`bad gateway: ${quoted}`);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: { code: 400, message: `Invalid request ${quoted}`, details: [] } }));
      });
    });
    await new Promise<void>((r) => echo.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      const mk = (values: Record<string, string>) => {
        const c = createPortalClient(resolvePortalConfig({ get: (k) => ({ "portal:url": url, ...values })[k] }, {}), { logger: (l) => lines.push(l), sleep: async () => undefined });
        clients.push(c);
        return c;
      };
      await failing(mk({ "portal:token": emu.tokens.dev_admin }).request("assignCategorySchema", "portals/x/assignCategorySchema", { categorySchema: "{}" }));
      await failing(mk({ "portal:token": emu.tokens.prod_admin }).request("portals/self", "portals/self", {}, { method: "GET" }));
      await failing(ops.getPortalSelf(mk({ "portal:username": "dev_admin", "portal:password": "dev_admin-password" })));
    } finally {
      await new Promise((r) => echo.close(r));
    }
  });

  it("config: a missing password and an http URL", async () => {
    await failing(Promise.resolve().then(() => resolvePortalConfig({ get: (k) => ({ "portal:url": emu.portalUrl, "portal:username": "dev_admin" })[k] }, {})));
    await failing(Promise.resolve().then(() => resolvePortalConfig({ get: (k) => ({ "portal:url": "http://portal.example.com", "portal:token": emu.tokens.dev_admin })[k] }, {})));
  });

  it("2.1: schema failures of a servicePassword name the field, never the value", () => {
    for (const servicePassword of ["dev_admin-password", 424242]) {
      const r = checkInputs(addItemInput, { title: "t", type: servicePassword === 424242 ? "Feature Service" : "Web Map", servicePassword });
      assert.equal(r.ok, false);
      texts.push(JSON.stringify(r.failures));
      secrets.add(String(servicePassword));
    }
  });

  it("nothing collected holds a token or a password", () => {
    assert.ok(texts.length >= 15 && lines.length >= 20, `collected ${texts.length} errors and ${lines.length} log lines`);
    const all = [...texts, ...lines];
    for (const secret of secrets) {
      const hit = all.find((t) => t.includes(secret));
      assert.equal(hit, undefined, `secret ${secret.slice(0, 3)}… found in: ${hit?.slice(0, 300)}`);
    }
    assert.ok(all.some((t) => t.includes("[REDACTED]") || /\b498\b/.test(t)), "the failures were really driven");
  });
});
