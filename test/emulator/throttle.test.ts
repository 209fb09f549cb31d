// The control plane's throttle (issue 46): a real portal's rate limit. Past N requests a second from
// one client (its token, else its address), HTTP 429 with Retry-After in seconds; other clients are
// not held; lifting it lets everything through. The provider's transport honours Retry-After: an
// export read under the limit finishes with every request answered, the limit having been hit.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clientFromConfig } from "../../provider/config";
import { readOrganization } from "../../cli/export/read";

describe("emulator: throttle (429 with Retry-After past N requests a second per client)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterEach(() => control("throttle", undefined, "DELETE"));
  after(() => emu?.close());

  const control = async (p: string, body?: unknown, method = "POST"): Promise<any> =>
    (await fetch(`${emu.controlUrl}/${p}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) })).json();
  const self = (user: string) => fetch(`${emu.sharingUrl}/portals/self?f=json&token=${emu.tokens[user]}`);

  it("past the limit: 429 with Retry-After in whole seconds; per token; a refused request does not count; lifted, all pass", async () => {
    assert.deepEqual(await control("throttle", { requestsPerSecond: 5 }), { requestsPerSecond: 5 });
    const first = await Promise.all(Array.from({ length: 8 }, () => self("dev_user")));
    const codes = first.map((r) => r.status).sort();
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = first.find((r) => r.status === 429)!;
    assert.equal(refused.headers.get("retry-after"), "1");
    const envelope: any = await refused.json();
    assert.equal(envelope.error.code, 429);
    assert.match(envelope.error.message, /more than 5 a second/);
    assert.equal((await self("dev_admin")).status, 200, "another token has its own budget");
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal((await self("dev_user")).status, 200, "a second later the window has moved");
    assert.deepEqual(await control("throttle", undefined, "GET"), { requestsPerSecond: 5, passed: 7, refused: 3 });
    await control("throttle", undefined, "DELETE");
    const after = await Promise.all(Array.from({ length: 20 }, () => self("dev_user")));
    assert.ok(after.every((r) => r.status === 200));
  });

  it("a bad limit is refused", async () => {
    assert.equal((await control("throttle", { requestsPerSecond: -1 })).error.code, 400);
    assert.equal((await control("throttle", { requestsPerSecond: 2.5 })).error.code, 400);
  });

  it("the provider's transport waits out Retry-After: an export under 20 requests a second answers every request", async () => {
    for (let i = 0; i < 30; i++) {
      const body = new URLSearchParams({ f: "json", token: emu.tokens.dev_admin, title: `Map ${i}`, type: "Web Map", text: "{}" });
      await fetch(`${emu.sharingUrl}/content/users/dev_admin/addItem`, { method: "POST", body });
    }
    await control("throttle", { requestsPerSecond: 20 });
    const client = clientFromConfig(undefined, { PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "throttled-export-"));
    const started = Date.now();
    try {
      const snapshot = await readOrganization(client, { dir, owners: [], items: true, schemas: true, progress: () => undefined });
      assert.ok(snapshot.items.length >= 30);
    } finally {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const state = await control("throttle", undefined, "GET");
    assert.ok(state.refused > 0, "the limit was reached");
    assert.ok((Date.now() - started) / 1000 >= state.passed / 20 - 1, `${state.passed} requests at 20 a second took ${(Date.now() - started) / 1000} s`);
  });

  it("the provider's transport paces itself after a 429: 120 reads, 8 in flight, under 20 a second, each answered once", async () => {
    await control("throttle", { requestsPerSecond: 20 });
    const client = clientFromConfig({ get: (k: string) => ({ "portal:url": emu.url, "portal:token": emu.tokens.dev_user } as Record<string, string>)[k] }, {});
    let next = 0;
    const worker = async () => {
      while (next < 120) {
        next++;
        await client.request("portals/self", "portals/self", {}, { method: "GET" });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const state = await control("throttle", undefined, "GET");
    assert.equal(state.passed, 120, "every read answered once");
    assert.ok(state.refused > 0, "the limit was met");
    const rate = (client as unknown as { pacers: Map<string, { rate?: number }> }).pacers.get(new URL(emu.sharingUrl).origin)?.rate;
    assert.ok(rate !== undefined && rate <= 20 && rate > 10, `paced at ${rate} requests a second`);
  });
});
