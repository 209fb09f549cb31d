// Issue 45: a wrong port at preview was sent three more times ("sent again … ECONNREFUSED", 5 s)
// before the clear message. Until the portal has answered once (the preview's first reads), a
// refused connection or an unknown host fails at once; once it has answered, they are retried as
// before (a portal that restarts mid-`up` refuses connections for a while). Real sockets: a port
// nothing listens on, and a name under .invalid (RFC 2606: never resolves).
import { strict as assert } from "node:assert";
import * as http from "node:http";
import * as net from "node:net";
import { PortalClient, type RetryNotice } from "../../provider/rest/client";
import { NetworkError } from "../../provider/rest/errors";
import { isUnreachable, networkCode } from "../../provider/rest/retry";
import { configurePortal } from "../../provider/resources/machinery/client";
import { connectionFailure } from "../../provider/resources/machinery/connection";
import { closedPort } from "../emulator/ports";

describe("issue 45: the preview's connection check fails on the first refused connection or unknown host", function () {
  this.timeout(60_000);

  const client = (url: string, retries: RetryNotice[]) => new PortalClient({ sharingUrl: `${url}/sharing/rest`, auth: { token: "t" }, sleep: async () => undefined, onRetry: (r) => retries.push(r) });

  it("a closed port before any answer: one attempt, no retry notice, no 'gave up after'", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const once: RetryNotice[] = [];
    const e = await client(url, once).portalId().catch((x: unknown) => x);
    assert.ok(e instanceof NetworkError && isUnreachable(e), String(e));
    assert.equal(networkCode(e), "ECONNREFUSED");
    assert.doesNotMatch((e as Error).message, /gave up after/);
    assert.deepEqual(once, []);
  });

  it("an unknown host before any answer: one attempt", async () => {
    const once: RetryNotice[] = [];
    const e = await client("https://portal.example.invalid", once).portalId().catch((x: unknown) => x);
    assert.ok(isUnreachable(e), `${String(e)} (${networkCode(e)})`);
    assert.deepEqual(once, []);
  });

  it("once the portal has answered, a refused connection is retried three times (a restart mid-run)", async () => {
    const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"id":"org1"}'));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const retried: RetryNotice[] = [];
    const c = client(url, retried);
    assert.equal(await c.portalId(), "org1");
    await c.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await assert.rejects(c.request("getItem", "content/items/x", {}, { method: "GET" }), /gave up after 4 attempts/);
    assert.equal(retried.length, 3);
    assert.ok(retried.every((r) => /ECONNREFUSED/.test(r.reason)), JSON.stringify(retried));
  });

  it("a reset connection is not a wrong address: retried even before any answer", async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const retried: RetryNotice[] = [];
      await assert.rejects(client(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, retried).portalId());
      assert.equal(retried.length, 3);
    } finally {
      server.close();
    }
  });

  it("the provider's connection check on a closed port: the message naming portal:url, in well under a second", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    await configurePortal.call({}, { config: { get: (k: string) => ({ "portal:url": url, "portal:token": "t" })[k] } });
    const started = Date.now();
    const failure = await connectionFailure();
    assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`);
    assert.equal(failure?.property, "portal:url");
    assert.match(failure!.reason, new RegExp(`cannot reach the portal at ${url.replace(/\./g, "\\.")} \\(ECONNREFUSED\\); check portal:url`));
  });
});
