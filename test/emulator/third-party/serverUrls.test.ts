// arcgis-rest-js 4.x, unchanged, finds where an organization's hosted feature services live as a
// client of the real deployments does (it has no helper for it: a plain `request`): on Online,
// portals/self says isPortal false and portals/self/urls names the features host, under which
// `<orgId>/arcgis/rest/services` holds the services; on Enterprise, the HOSTING_SERVER of
// portals/self/servers holds them under `rest/services/Hosted`. getService answers at the root found.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISIdentityManager, request } from "@esri/arcgis-rest-request";
import { getSelf } from "@esri/arcgis-rest-portal";
import { getService } from "@esri/arcgis-rest-feature-service";
import { start, stop } from "./support";

const signIn = (emu: RunningEmulator) => ArcGISIdentityManager.signIn({ username: "dev_publisher", password: "dev_publisher-password", portal: emu.sharingUrl });

describe("arcgis-rest-js: the services root from portals/self/urls and portals/self/servers", () => {
  let emu: RunningEmulator | undefined;
  afterEach(async () => {
    await stop(emu);
    emu = undefined;
  });

  it("online: the features host of portals/self/urls, then <orgId>/arcgis/rest/services", async () => {
    emu = await start();
    const session = await signIn(emu);
    const self = await getSelf({ authentication: session, portal: emu.sharingUrl });
    assert.equal(self.isPortal, false);
    const { urls } = await request(`${emu.sharingUrl}/portals/self/urls`, { authentication: session, httpMethod: "GET" });
    const root = `http://${urls.features.http[0]}/${self.id}/arcgis/rest/services`;
    assert.equal((await getService({ url: `${root}/Stations/FeatureServer`, authentication: session })).layers?.[0]?.name, "stations");
  });

  it("enterprise: the HOSTING_SERVER of portals/self/servers, then rest/services/Hosted", async () => {
    emu = await start({ flavor: "enterprise" });
    const session = await signIn(emu);
    assert.equal((await getSelf({ authentication: session, portal: emu.sharingUrl })).isPortal, true);
    const { servers } = await request(`${emu.sharingUrl}/portals/self/servers`, { authentication: session, httpMethod: "GET" });
    const hosting = servers.find((s: { serverRole: string }) => s.serverRole === "HOSTING_SERVER");
    assert.equal(hosting.url, `${emu.url}/server`);
    assert.equal((await getService({ url: `${hosting.url}/rest/services/Hosted/Stations/FeatureServer`, authentication: session })).layers?.[0]?.name, "stations");
  });
});
