// The root of the hosting server's services directory (`{service_url}`), discovered from the portal
// when portal:serviceUrl is unset (docs/dev/fidelity.md "Services root discovery"):
// - ArcGIS Online (portals/self `isPortal` false): GET portals/<id>/urls names the hosts of the
//   organization's feature services (`urls.features.https`); the root is
//   `https://<features host>/<org id>/arcgis/rest/services`.
// - ArcGIS Enterprise (`isPortal` true): GET portals/<id>/servers lists the federated servers; the one
//   whose serverRole is HOSTING_SERVER holds the hosted services, at `<its url>/rest/services/Hosted`.
import type { PortalClient } from "../rest/client";
import { AuthError, ConfigError, NetworkError, PortalError } from "../rest/errors";
import { getPortalSelf } from "./portal";
import { portalPath } from "./paths";

/** A federated server as portals/<id>/servers lists it. */
export interface FederatedServer {
  id?: string;
  name?: string;
  url?: string;
  adminURL?: string;
  isHosted?: boolean;
  serverType?: string;
  serverRole?: string;
  serverFunction?: string;
}

/** portals/<id>/urls: the hosts (Online) or URLs (Enterprise) of the organization's tile and feature services. */
export interface PortalUrls {
  urls?: { features?: { http?: string[]; https?: string[] }; tiles?: { http?: string[]; https?: string[] } };
}

const HOW_TO_SET = "set it with: pulumi config set portal:serviceUrl https://host/arcgis/rest/services (or PORTAL_SERVICE_URL)";

const undiscovered = (why: string) => new ConfigError(`portal:serviceUrl is not set and the services root cannot be discovered: ${why}; ${HOW_TO_SET}`, "portal:serviceUrl");

/** GET portals/<id>/servers (ArcGIS Enterprise). */
export async function getFederatedServers(client: PortalClient): Promise<FederatedServer[]> {
  const r = await client.request<{ servers?: FederatedServer[] }>("portalServers", await portalPath(client, "servers"), {}, { method: "GET" });
  return Array.isArray(r.servers) ? r.servers : [];
}

/** GET portals/<id>/urls (ArcGIS Online). */
export async function getPortalUrls(client: PortalClient): Promise<PortalUrls> {
  return client.request<PortalUrls>("portalUrls", await portalPath(client, "urls"), {}, { method: "GET" });
}

/** The hosting server of a servers list: serverRole HOSTING_SERVER (releases before it was listed: isHosted). */
export function hostingServer(servers: FederatedServer[]): FederatedServer | undefined {
  return servers.find((s) => s.serverRole === "HOSTING_SERVER") ?? servers.find((s) => s.serverRole === undefined && s.isHosted === true);
}

/** `https://<features host>/<orgId>/arcgis/rest/services`, with the portal's own scheme (http only reaches a loopback portal). */
export function onlineServiceRoot(urls: PortalUrls, orgId: string, portalUrl: string): string | undefined {
  const scheme = new URL(portalUrl).protocol === "http:" ? "http" : "https";
  const features = urls.urls?.features;
  const host = (features?.[scheme] ?? features?.https ?? []).find((h) => typeof h === "string" && h.length > 0);
  if (host === undefined) return undefined;
  // Online answers bare hosts ("services3.arcgis.com"); take a full URL as it is
  const origin = /^https?:\/\//i.test(host) ? host.replace(/\/+$/, "") : `${scheme}://${host}`;
  return `${origin}/${encodeURIComponent(orgId)}/arcgis/rest/services`;
}

/** Reads the portal for the services root: the root and the resource it came from. */
export async function discoverServiceRoot(client: PortalClient): Promise<{ root: string; from: string }> {
  try {
    const self = await getPortalSelf(client);
    if (self.isPortal === true) {
      const server = hostingServer(await getFederatedServers(client));
      if (server?.url === undefined) throw undiscovered("portals/self/servers lists no hosting server (serverRole HOSTING_SERVER)");
      return { root: `${server.url.replace(/\/+$/, "")}/rest/services/Hosted`, from: "portals/self/servers" };
    }
    const root = onlineServiceRoot(await getPortalUrls(client), self.id, client.portalUrl);
    if (root === undefined) throw undiscovered("portals/self/urls names no host for feature services (urls.features)");
    return { root, from: "portals/self/urls" };
  } catch (e) {
    // the portal refused the read (not the credential): say so on the key to set; a network failure or 5xx is asked again later
    if (e instanceof PortalError && !(e instanceof NetworkError) && !(e instanceof AuthError) && e.code < 500) throw undiscovered(e.message);
    throw e;
  }
}

/**
 * `{service_url}`: portal:serviceUrl, else discovered from the portal once per client;
 * `discoveredFrom` names the resource read when it was discovered.
 */
export function serviceRoot(client: PortalClient): Promise<{ root: string; discoveredFrom?: string }> {
  return client.serviceRoot(() => discoverServiceRoot(client));
}
