// The URL forms of hosted feature services, by the deployment the emulator plays (its `flavor`):
// - online (ArcGIS Online): `https://services<N>.arcgis.com/<orgId>/arcgis/rest/services/<name>/FeatureServer`,
//   admin `…/<orgId>/arcgis/rest/admin/services/<name>/FeatureServer/<op>`; names unique per organization.
//   The first organization's services also answer at `{origin}/arcgis/rest/services` (RunningEmulator.serviceUrl),
//   where its createService URLs and every fixture service's URL point, as in earlier releases of the emulator.
// - enterprise (ArcGIS Enterprise, hosting server `server`): `https://<host>/server/rest/services/Hosted/<name>/FeatureServer`,
//   admin `…/server/rest/admin/services/Hosted/<name>/FeatureServer/<op>`; one namespace on the server.
// In both the admin URL is the service URL with `/rest/services` made `/rest/admin/services` (docs/dev/fidelity.md#hosted-feature-services).
export const FLAVORS = ["online", "enterprise"] as const;
export type Flavor = (typeof FLAVORS)[number];

/** Where the service directory, its admin side and its root listing are mounted. */
export interface ServiceMount {
  services: string;
  admin: string;
  /** The directory root listing (`GET <root>?f=json`) and the folder the services are in, if any. */
  catalog: string;
  folder?: string;
}

export function serviceMounts(flavor: Flavor): ServiceMount[] {
  if (flavor === "enterprise") return [{ services: "/server/rest/services/Hosted", admin: "/server/rest/admin/services/Hosted", catalog: "/server/rest/services", folder: "Hosted" }];
  return [
    { services: "/arcgis/rest/services", admin: "/arcgis/rest/admin/services", catalog: "/arcgis/rest/services" },
    { services: "/:orgId/arcgis/rest/services", admin: "/:orgId/arcgis/rest/admin/services", catalog: "/:orgId/arcgis/rest/services" },
  ];
}

/** The services root RunningEmulator.serviceUrl names (the first organization's on Online). */
export function defaultServiceRoot(origin: string, flavor: Flavor): string {
  return flavor === "enterprise" ? `${origin}/server/rest/services/Hosted` : `${origin}/arcgis/rest/services`;
}

/** The services root of an organization: its own on Online (but the first one's, kept where it was), the server's on Enterprise. */
export function orgServiceRoot(origin: string, flavor: Flavor, orgId: string, firstOrgId: string): string {
  return flavor === "online" && orgId !== firstOrgId ? `${origin}/${orgId}/arcgis/rest/services` : defaultServiceRoot(origin, flavor);
}
