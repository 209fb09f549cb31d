// Where an organization's services live, as the portal tells its clients (docs/dev/fidelity.md
// "Services root discovery"), consistent with the service layout the emulator serves (features/urls.ts):
// - portals/<id>/urls: ArcGIS Online answers the bare hosts of the organization's feature services
//   (`urls.features.https`), under which its services are at `/<orgId>/arcgis/rest/services`; ArcGIS
//   Enterprise answers the hosting server's URL there (unconfirmed: the emulator answers it too).
// - portals/<id>/servers: ArcGIS Enterprise lists its federated servers, the first of the fixtures'
//   `federatedServers` being the hosting server (serverRole HOSTING_SERVER, services under
//   `<url>/rest/services/Hosted`); ArcGIS Online federates none: an empty list (unconfirmed).
// An organization whose fixtures list no federated server has no hosting server: both answers are empty.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, ownOrg, type OpContext } from "./operation";

type Ctx = OpContext & { caller: Caller };

export function serverUrlRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/portals/:portalId/urls", (ctx: Ctx) => {
    const servers = ctx.emu.federatedServers(ownOrg(ctx, ctx.path.portalId).id);
    if (servers.length === 0) return { urls: {} };
    if (ctx.emu.flavor === "enterprise") return { urls: { features: { https: [servers[0].url] }, tiles: { https: [servers[0].url] } } };
    // Online: one host serves every organization's services, each under /<orgId>/arcgis/rest/services
    const host = new URL(ctx.emu.urls.origin).host;
    return { urls: { features: { http: [host], https: [host] } } };
  });
  op(app, emu, "/portals/:portalId/servers", (ctx: Ctx) => {
    const servers = ctx.emu.federatedServers(ownOrg(ctx, ctx.path.portalId).id);
    if (ctx.emu.flavor !== "enterprise") return { servers: [] };
    return {
      servers: servers.map((s, i) => ({
        id: s.id,
        name: new URL(s.url).host,
        url: s.url,
        adminURL: s.url,
        isHosted: i === 0,
        serverType: "ArcGIS",
        serverRole: i === 0 ? "HOSTING_SERVER" : "FEDERATED_SERVER",
        serverFunction: "",
      })),
    };
  });
}
