// Hosted feature services (docs/dev/fidelity.md#hosted-feature-services: REST create-service,
// check-service-name, add-to/update/delete-from-definition; rest-js createFeatureService.ts and
// addToServiceDefinition.ts; the ArcGIS API for Python's FeatureLayerCollectionManager and
// FeatureLayerManager). The admin operations go to the service URL with `/rest/services` replaced by
// `/rest/admin/services`, on ArcGIS Online and ArcGIS Enterprise alike (fidelity.md, URL forms):
//   Online      https://services<N>.arcgis.com/<orgId>/arcgis/rest/[admin/]services/<name>/FeatureServer
//   Enterprise  https://<host>/<server>/rest/[admin/]services/Hosted/<name>/FeatureServer
import type { PortalClient } from "../rest/client";
import { joinUrl, seg } from "../rest/url";

/** The admin URL of a FeatureServer (or one of its layers) URL, on either deployment. */
export function adminUrl(url: string): string {
  return url.replace(/\/+$/, "").replace("/rest/services/", "/rest/admin/services/");
}

/** GET portals/self/isServiceNameAvailable → `{available}`. */
export function isServiceNameAvailable(client: PortalClient, name: string): Promise<{ available: boolean }> {
  return client.request("isServiceNameAvailable", "portals/self/isServiceNameAvailable", { name, serviceType: "featureService" }, { method: "GET", cache: false });
}

export interface CreateServiceParams {
  name: string;
  serviceDescription?: string;
  capabilities?: string;
  maxRecordCount?: number;
  spatialReference?: { wkid: number };
  allowGeometryUpdates?: boolean;
}

export interface CreateServiceResult {
  encodedServiceURL: string;
  itemId: string;
  name: string;
  serviceItemId: string;
  serviceurl: string;
  success: boolean;
  type: string;
}

/** POST content/users/<owner>[/<folder>]/createService (createParameters, outputType=featureService). Not repeated blindly. */
export function createService(client: PortalClient, owner: string, params: CreateServiceParams, folder?: string): Promise<CreateServiceResult> {
  const path = `content/users/${seg(owner)}${folder ? `/${seg(folder)}` : ""}/createService`;
  return client.request("createService", path, { createParameters: { ...params }, outputType: "featureService" });
}

/** The service JSON: GET <FeatureServer URL>. */
export function getServiceInfo(client: PortalClient, serviceUrl: string): Promise<Record<string, unknown>> {
  return client.request("serviceInfo", serviceUrl, {}, { method: "GET", cache: false });
}

type Definition = "addToDefinition" | "updateDefinition" | "deleteFromDefinition";
type DefinitionAnswer = { success: boolean; layers?: Array<{ name: string; id: number }>; tables?: Array<{ name: string; id: number }> };

/** POST …/addToDefinition (addToDefinition): service level `{layers, tables}` (answers each `{name, id}`), layer level `{fields, indexes}`. */
export function addToDefinition(client: PortalClient, adminServiceUrl: string, definition: Record<string, unknown>, layerId?: number): Promise<DefinitionAnswer> {
  return client.request("addToDefinition", joinUrl(adminServiceUrl, layerId === undefined ? "addToDefinition" : `${layerId}/addToDefinition`), { addToDefinition: definition });
}

/** POST …/updateDefinition (updateDefinition): service properties, or a layer's `{fields, displayField}`. */
export function updateDefinition(client: PortalClient, adminServiceUrl: string, definition: Record<string, unknown>, layerId?: number): Promise<DefinitionAnswer> {
  return client.request("updateDefinition", joinUrl(adminServiceUrl, layerId === undefined ? "updateDefinition" : `${layerId}/updateDefinition`), { updateDefinition: definition });
}

/** POST …/deleteFromDefinition (deleteFromDefinition): service level `{layers: [{id}], tables}`, layer level `{fields: [{name}], indexes: [{name}]}`. */
export function deleteFromDefinition(client: PortalClient, adminServiceUrl: string, definition: Record<string, unknown>, layerId?: number): Promise<DefinitionAnswer> {
  return client.request("deleteFromDefinition", joinUrl(adminServiceUrl, layerId === undefined ? "deleteFromDefinition" : `${layerId}/deleteFromDefinition`), { deleteFromDefinition: definition });
}

const OPERATIONS = { addToDefinition, updateDefinition, deleteFromDefinition };

/** One of the three, by name, at the admin URL of `serviceUrl`: service level (no layer id) or on a layer. */
export function changeDefinition(client: PortalClient, operation: Definition, serviceUrl: string, definition: Record<string, unknown>, layerId?: number): Promise<DefinitionAnswer> {
  return OPERATIONS[operation](client, adminUrl(serviceUrl), definition, layerId);
}

/** How many rows of the layer hold a value in `field`: one `returnCountOnly` query. */
export async function countValues(client: PortalClient, layerUrl: string, field?: string): Promise<number> {
  const r = await client.request<{ count: number }>("countValues", joinUrl(layerUrl, "query"), { where: field ? `${field} IS NOT NULL` : "1=1", returnCountOnly: true }, { method: "GET", cache: false });
  return r.count;
}
