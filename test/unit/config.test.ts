// Config resolution (spec.md#design-credentials): stack keys, environment fallbacks, clear errors, https only.
import assert from "node:assert/strict";
import { runtime } from "@pulumi/pulumi";
import { programConfigSource, resolvePortalConfig, type ConfigSource } from "../../provider/config";
import { ConfigError } from "../../provider/rest/errors";
import { toSharingUrl } from "../../provider/rest/url";

const source = (values: Record<string, string>): ConfigSource => ({ get: (k) => values[k] });

describe("unit: config resolution (spec.md#design-credentials)", () => {
  it("reads portal:url and portal:token and appends /sharing/rest", () => {
    const c = resolvePortalConfig(source({ "portal:url": "https://org.example.com/", "portal:token": "tok-config-1" }), {});
    assert.equal(c.sharingUrl, "https://org.example.com/sharing/rest");
    assert.equal(c.portalUrl, "https://org.example.com");
    assert.deepEqual(c.credentials, { token: "tok-config-1" });
  });

  it("keeps a web-adaptor path and does not double /sharing/rest", () => {
    assert.equal(toSharingUrl("https://host/portal"), "https://host/portal/sharing/rest");
    assert.equal(toSharingUrl("https://host/portal/sharing/rest/"), "https://host/portal/sharing/rest");
  });

  it("falls back to PORTAL_* environment variables; config wins over the environment", () => {
    const env = { PORTAL_URL: "https://env.example.com", PORTAL_USERNAME: "dev_admin", PORTAL_PASSWORD: "dev_admin-password", PORTAL_SERVICE_URL: "https://env.example.com/server/rest/services" };
    const c = resolvePortalConfig(source({}), env);
    assert.deepEqual(c.credentials, { username: "dev_admin", password: "dev_admin-password" });
    assert.equal(c.serviceUrl, "https://env.example.com/server/rest/services");
    assert.equal(resolvePortalConfig(source({ "portal:url": "https://cfg.example.com" }), env).sharingUrl, "https://cfg.example.com/sharing/rest");
  });

  it("names the missing key and the command that sets it", () => {
    assert.throws(() => resolvePortalConfig(source({}), {}), (e: ConfigError) => e.key === "portal:url" && /pulumi config set portal:url/.test(e.message));
    assert.throws(() => resolvePortalConfig(source({ "portal:url": "https://a.example.com" }), {}), (e: ConfigError) => e.key === "portal:token" && /pulumi config set --secret portal:token/.test(e.message));
    assert.throws(() => resolvePortalConfig(source({ "portal:url": "https://a.example.com", "portal:username": "u" }), {}), (e: ConfigError) => e.key === "portal:password" && /--secret portal:password/.test(e.message));
  });

  it("refuses http:// except on 127.0.0.1, ::1 and localhost", () => {
    const ok = (url: string) => resolvePortalConfig(source({ "portal:url": url, "portal:token": "t-1234" }), {}).sharingUrl;
    assert.throws(() => ok("http://org.example.com"), (e: ConfigError) => /only https/.test(e.message));
    assert.throws(() => ok("http://10.0.0.5:8080"), ConfigError);
    assert.throws(() => ok("ftp://org.example.com"), ConfigError);
    assert.equal(ok("http://127.0.0.1:7000"), "http://127.0.0.1:7000/sharing/rest");
    assert.equal(ok("http://localhost:7000/portal"), "http://localhost:7000/portal/sharing/rest");
    assert.equal(ok("http://[::1]:7000"), "http://[::1]:7000/sharing/rest");
    assert.throws(() => resolvePortalConfig(source({ "portal:url": "https://a.example.com", "portal:token": "t-1234", "portal:serviceUrl": "http://gis.example.com/arcgis" }), {}), (e: ConfigError) => e.key === "portal:serviceUrl");
  });

  it("program side: programConfigSource reads the same keys from the stack config", () => {
    const saved = runtime.allConfig();
    try {
      runtime.setConfig("portal:url", "https://program.example.com/portal");
      runtime.setConfig("portal:token", "tok-program-side");
      const c = resolvePortalConfig(programConfigSource(), {});
      assert.equal(c.sharingUrl, "https://program.example.com/portal/sharing/rest");
      assert.deepEqual(c.credentials, { token: "tok-program-side" });
    } finally {
      runtime.setAllConfig(saved);
    }
  });
});
