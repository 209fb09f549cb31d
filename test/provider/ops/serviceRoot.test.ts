// The services root discovered from the portal when portal:serviceUrl is unset, against the emulator
// playing ArcGIS Online (portals/self/urls) and ArcGIS Enterprise (portals/self/servers): the root
// found is where the organization's services are, it is asked once per client, and a portal that
// names no hosting server (or an http one) fails naming portal:serviceUrl.
import assert from "node:assert/strict";
import { defaultFixtures, startEmulator, type RunningEmulator } from "../../../emulator";
import { createPortalClient, resolvePortalConfig } from "../../../provider/config";
import type { PortalClient, PortalClientOptions } from "../../../provider/rest/client";
import { ConfigError } from "../../../provider/rest/errors";
import { getLayerInfo, layerUrl } from "../../../provider/ops/features";
import { serviceRoot } from "../../../provider/ops/serviceRoot";

function clients(emu: () => RunningEmulator) {
  const made: PortalClient[] = [];
  after(async () => Promise.all(made.map((c) => c.close())));
  return (user: string, options: Partial<PortalClientOptions> = {}, extra: Record<string, string> = {}) => {
    const values: Record<string, string> = { "portal:url": emu().portalUrl, "portal:token": emu().tokens[user], ...extra };
    const c = createPortalClient(resolvePortalConfig({ get: (k) => values[k] }, {}), options);
    made.push(c);
    return c;
  };
}

/** The org of a fixture urlKey. */
const orgOf = (emu: RunningEmulator, urlKey: string) => Object.values(emu.orgs).find((o) => o.urlKey === urlKey)!;

/** Requests a client sent, by operation name (its logger lines). */
function counted(): { logger: (l: string) => void; count: (operation: string) => number } {
  const lines: string[] = [];
  return { logger: (l) => lines.push(l), count: (op) => lines.filter((l) => l.startsWith("START") && l.includes(`(${op})`)).length };
}

describe("ops: the services root discovered from the portal (portal:serviceUrl unset)", () => {
  describe("ArcGIS Online: portals/self/urls", () => {
    let emu: RunningEmulator;
    before(async () => (emu = await startEmulator({ port: 0 })));
    after(async () => emu?.close());
    const client = clients(() => emu);

    it("is https://<features host>/<org id>/arcgis/rest/services: another organization's root exactly, the first one's at its Online form", async () => {
      assert.deepEqual(await serviceRoot(client("prod_publisher")), { root: orgOf(emu, "prod").serviceUrl, discoveredFrom: "portals/self/urls" });
      const dev = await serviceRoot(client("dev_publisher"));
      assert.deepEqual(dev, { root: `${emu.url}/${emu.portalId}/arcgis/rest/services`, discoveredFrom: "portals/self/urls" });
      // the first organization keeps its services at RunningEmulator.serviceUrl; the discovered root serves the same ones
      const c = client("dev_publisher");
      const found = await getLayerInfo(c, await layerUrl(c, "Stations", 0));
      const legacy = await getLayerInfo(c, `${emu.serviceUrl}/Stations/FeatureServer/0`);
      assert.equal(found.name, legacy.name);
      assert.deepEqual(found.fields, legacy.fields);
    });

    it("is asked once per client (concurrent and later calls share it), reported once; a new client asks again; a set portal:serviceUrl asks nothing", async () => {
      const reports: string[] = [];
      const seen = counted();
      const c = client("dev_publisher", { logger: seen.logger, onServiceRootDiscovered: (root, from) => reports.push(`${root} ${from}`) });
      const roots = await Promise.all([serviceRoot(c), serviceRoot(c), layerUrl(c, "Stations", 0)]);
      await serviceRoot(c);
      await layerUrl(c, "Other", 1);
      assert.equal(seen.count("portalUrls"), 1);
      assert.equal(seen.count("portals/self"), 1);
      assert.deepEqual(reports, [`${roots[0].root} portals/self/urls`]);
      const again = counted();
      await serviceRoot(client("dev_publisher", { logger: again.logger }));
      assert.equal(again.count("portalUrls"), 1);
      const set = counted();
      const configured = client("dev_publisher", { logger: set.logger }, { "portal:serviceUrl": emu.serviceUrl });
      assert.deepEqual(await serviceRoot(configured), { root: emu.serviceUrl });
      assert.equal(set.count("portalUrls") + set.count("portals/self"), 0);
    });

    it("portals/self says isPortal false; portals/self/servers lists no federated server on Online", async () => {
      const c = client("dev_publisher");
      assert.equal((await c.self()).isPortal, false);
      assert.deepEqual(await c.request("portalServers", `portals/${emu.portalId}/servers`, {}, { method: "GET" }), { servers: [] });
    });
  });

  describe("ArcGIS Enterprise: the hosting server of portals/self/servers", () => {
    let emu: RunningEmulator;
    before(async () => (emu = await startEmulator({ port: 0, flavor: "enterprise" })));
    after(async () => emu?.close());
    const client = clients(() => emu);

    it("is <hosting server url>/rest/services/Hosted: the organization's services root, where a bare service name resolves", async () => {
      const c = client("dev_publisher");
      assert.deepEqual(await serviceRoot(c), { root: orgOf(emu, "dev").serviceUrl, discoveredFrom: "portals/self/servers" });
      assert.equal(orgOf(emu, "dev").serviceUrl, `${emu.url}/server/rest/services/Hosted`);
      assert.equal((await getLayerInfo(c, await layerUrl(c, "Stations", 0))).name, (await getLayerInfo(c, `${emu.serviceUrl}/Stations/FeatureServer/0`)).name);
      const servers = await c.request<{ servers: Array<Record<string, unknown>> }>("portalServers", `portals/self/servers`, {}, { method: "GET" });
      assert.deepEqual(servers.servers.map((s) => [s.url, s.serverRole, s.isHosted]), [[`${emu.url}/server`, "HOSTING_SERVER", true]]);
      // Enterprise's urls resource names the hosting server's URL (not a bare host)
      const urls = await c.request<{ urls: { features: { https: string[] } } }>("portalUrls", `portals/self/urls`, {}, { method: "GET" });
      assert.deepEqual(urls.urls.features.https, [`${emu.url}/server`]);
    });
  });

  describe("a portal that names no usable hosting server", () => {
    let emu: RunningEmulator;
    const fixtures = () => {
      const f = defaultFixtures();
      f.orgs[0].federatedServers = []; // dev: no hosting server
      f.orgs[1].federatedServers = [{ id: "plain", url: "http://gis.example.com/server" }]; // prod: one on plain http
      return f;
    };
    before(async () => (emu = await startEmulator({ port: 0, flavor: "enterprise", fixtures: fixtures() })));
    after(async () => emu?.close());
    const client = clients(() => emu);

    it("fails naming portal:serviceUrl and how to set it; kept for the client (no second read)", async () => {
      const seen = counted();
      const c = client("dev_publisher", { logger: seen.logger });
      const named = (e: unknown) => e instanceof ConfigError && e.key === "portal:serviceUrl" && /^portal:serviceUrl is not set and the services root cannot be discovered: portals\/self\/servers lists no hosting server \(serverRole HOSTING_SERVER\); set it with: pulumi config set portal:serviceUrl/.test(e.message);
      await assert.rejects(serviceRoot(c), named);
      await assert.rejects(layerUrl(c, "Stations", 0), named);
      assert.equal(seen.count("portalServers"), 1);
    });

    it("an http hosting server off loopback is refused as portal:serviceUrl would be", async () => {
      await assert.rejects(serviceRoot(client("prod_publisher")), /the services root discovered from portals\/self\/servers uses http:\/\/ on gis\.example\.com; only https is allowed/);
    });
  });
});
