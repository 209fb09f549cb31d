// portals/self and generateToken against the emulator (spec.md#gap-portal-self, spec.md#gap-generate-token).
import assert from "node:assert/strict";
import { createPortalClient, resolvePortalConfig } from "../../../provider/config";
import { AuthError } from "../../../provider/rest/errors";
import { generateToken, getPortalSelf } from "../../../provider/ops";
import { useEmulator } from "./emulator";

describe("ops: portal (spec.md#authentication, spec.md#gap-portal-self)", () => {
  const env = useEmulator();

  it("portals/self: the token picks the organization; the id is cached per client", async () => {
    const c = env.client("dev_admin");
    const self = await getPortalSelf(c);
    assert.equal(self.id, env.emu.portalId);
    assert.equal(self.user?.username, "dev_admin");
    const before = env.log.filter((l) => l.startsWith("START") && l.includes("portals/self")).length;
    assert.equal(await c.portalId(), env.emu.portalId);
    assert.equal(env.log.filter((l) => l.startsWith("START") && l.includes("portals/self")).length, before);
  });

  it("portals/self: a prod token sees the prod organization", async () => {
    const self = await getPortalSelf(env.client("prod_admin"));
    assert.notEqual(self.id, env.emu.portalId);
  });

  it("generateToken: username + password give a token the portal accepts", async () => {
    const t = await generateToken(env.client("dev_admin"), { username: "dev_user", password: "dev_user-password", expirationMinutes: 5 });
    assert.ok(t.token.length > 0 && t.expires > Date.now());
    const config = resolvePortalConfig({ get: () => undefined }, { PORTAL_URL: env.emu.portalUrl, PORTAL_USERNAME: "dev_user", PORTAL_PASSWORD: "dev_user-password" });
    const c = createPortalClient(config);
    try {
      assert.equal((await getPortalSelf(c)).user?.username, "dev_user");
    } finally {
      await c.close();
    }
  });

  it("generateToken: a wrong password is refused and the password is not in the message", async () => {
    const err = await generateToken(env.client(), { username: "dev_user", password: "not-the-password-77" }).catch((e: Error) => e);
    assert.ok(err instanceof Error);
    assert.ok(!err.message.includes("not-the-password-77"), err.message);
  });

  it("5: an expired token is refreshed once from the configured credentials", async () => {
    const config = resolvePortalConfig({ get: () => undefined }, { PORTAL_URL: env.emu.portalUrl, PORTAL_USERNAME: "dev_admin", PORTAL_PASSWORD: "dev_admin-password" });
    const log: string[] = [];
    const c = createPortalClient(config, { logger: (l) => log.push(l) });
    try {
      await getPortalSelf(c);
      // expire the token the client holds, through the control plane
      const gen = log.find((l) => l.startsWith("END") && l.includes("generateToken"));
      assert.ok(gen);
      // the generated token is held privately by the client; read it to expire it out of band
      const seen = await (c as unknown as { auth: { token(): Promise<string> } }).auth.token();
      await fetch(`${env.emu.controlUrl}/tokens/expire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: seen }) });
      const self = await c.request("portals/self", "portals/self", {}, { method: "GET" });
      assert.equal(self.user.username, "dev_admin");
      assert.equal(log.filter((l) => l.startsWith("REFRESH")).length, 1);
    } finally {
      await c.close();
    }
  });

  it("5: a static token expired out of band fails with AuthError and the fix", async () => {
    const c = env.client("dev_viewer");
    await fetch(`${env.emu.controlUrl}/tokens/expire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: env.emu.tokens.dev_viewer }) });
    await assert.rejects(getPortalSelf(c), (e: AuthError) => e instanceof AuthError && e.code === 498 && /portal:token/.test(e.message));
  });
});
