// A hosted feature service's layers and tables with their full definitions in one request (REST
// "Layers (Feature Service)", `<FeatureServer URL>/layers`; rest-js getAllLayersAndTables.ts). The
// adopt of a FeatureService and `export` read a service with it instead of one request per layer.
import type { PortalClient } from "../rest/client";
import { joinUrl } from "../rest/url";

/** A layer or table definition as the service gives it (fields, indexes, geometryType, id fields…). */
export type LayerDefinition = Record<string, unknown> & { id: number; name: string };

/** GET <FeatureServer URL>/layers → `{layers, tables}`, each with every layer's JSON; a check's read answers its create's within the read cache's window. */
export async function getLayersAndTables(client: PortalClient, serviceUrl: string): Promise<{ layers: LayerDefinition[]; tables: LayerDefinition[] }> {
  const r = await client.request<{ layers?: LayerDefinition[]; tables?: LayerDefinition[] }>("serviceLayers", joinUrl(serviceUrl, "layers"), {}, { method: "GET", cache: true });
  return { layers: r.layers ?? [], tables: r.tables ?? [] };
}
