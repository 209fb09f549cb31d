// {origin}/arcgis/rest/admin/services/<svc>/FeatureServer/updateDefinition (spec.md#layer-append-metadata): sets the
// service's capabilities, among them Append (no Create or Update needed), Sync and ChangeTracking.
import type { FastifyInstance } from "fastify";
import { badRequest, forbidden } from "../../errors";
import { KNOWN_CAPABILITIES, type HostedService } from "../model/service";
import type { FeatureState } from "../state";
import { callerFor, featureRoute, isOwnerOrAdmin, jsonParam, layerOf, serviceOf, type FeatureContext } from "./context";
import { addLayers, addToLayer, deleteFromLayer, deleteLayers, updateLayer } from "../model/schema";

/** spec.md#layer-append-metadata, spec.md#versions: Append needs supportsAppend on every layer, 11.1, and a relational store. */
function checkAppendAllowed(state: FeatureState, service: HostedService): void {
  if (!state.host.releaseAtLeast("11.1")) throw badRequest(`The Append capability can be set on hosted layers from release 11.1 (this is ${state.host.release}).`);
  if (service.store !== "relational") throw badRequest("The Append capability can be set only on hosted layers on a relational store.");
  const refusing = service.layers.find((l) => !l.def.supportsAppend);
  if (refusing) throw badRequest(`Layer ${refusing.id} (${refusing.def.name}) does not support append (supportsAppend is false).`);
}

/** The service of the path, its owner or an administrator calling, and the JSON parameter `name` (an object). */
function adminCall<T>(state: FeatureState, ctx: FeatureContext, name: string): { service: HostedService; definition: T } {
  const service = serviceOf(state, ctx);
  const caller = callerFor(ctx, service);
  if (!isOwnerOrAdmin(state, caller, service)) throw forbidden("Only the service owner or an administrator can change the service definition.");
  const definition = jsonParam<T>(ctx.params.fields, name);
  if (!definition || typeof definition !== "object" || Array.isArray(definition)) throw badRequest(`Parameter '${name}' is required (a JSON object).`);
  if (service.viewOf !== undefined && name !== "updateDefinition") throw badRequest(`Service ${service.name} is a view; its layers' schema is its source's.`);
  return { service, definition };
}

const POST = ["POST"] as Array<"POST">;

export function adminRoutes(app: FastifyInstance, state: FeatureState): void {
  featureRoute(app, state, { url: "/:svc/FeatureServer/addToDefinition", methods: POST }, (ctx) => {
    const { service, definition } = adminCall<{ layers?: unknown; tables?: unknown }>(state, ctx, "addToDefinition");
    return { success: true, ...addLayers(service, definition) };
  });
  featureRoute(app, state, { url: "/:svc/FeatureServer/deleteFromDefinition", methods: POST }, (ctx) => {
    const { service, definition } = adminCall<{ layers?: unknown; tables?: unknown }>(state, ctx, "deleteFromDefinition");
    deleteLayers(service, definition);
    return { success: true };
  });
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId/addToDefinition", methods: POST }, (ctx) => {
    const { service, definition } = adminCall<{ fields?: unknown; indexes?: unknown }>(state, ctx, "addToDefinition");
    addToLayer(service, layerOf(service, ctx), definition);
    return { success: true };
  });
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId/updateDefinition", methods: POST }, (ctx) => {
    const { service, definition } = adminCall<{ fields?: unknown; displayField?: unknown; name?: unknown }>(state, ctx, "updateDefinition");
    updateLayer(service, layerOf(service, ctx), definition);
    return { success: true };
  });
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId/deleteFromDefinition", methods: POST }, (ctx) => {
    const { service, definition } = adminCall<{ fields?: unknown; indexes?: unknown }>(state, ctx, "deleteFromDefinition");
    deleteFromLayer(service, layerOf(service, ctx), definition);
    return { success: true };
  });
  featureRoute(app, state, { url: "/:svc/FeatureServer/updateDefinition", methods: POST }, (ctx) => {
    const { service, definition } = adminCall<{ capabilities?: unknown; syncEnabled?: unknown; maxRecordCount?: unknown; serviceDescription?: unknown; allowGeometryUpdates?: unknown }>(state, ctx, "updateDefinition");
    if (definition.maxRecordCount !== undefined) {
      if (!Number.isInteger(definition.maxRecordCount) || (definition.maxRecordCount as number) < 1) throw badRequest("updateDefinition.maxRecordCount must be a positive integer.");
      service.props.maxRecordCount = definition.maxRecordCount as number;
    }
    if (typeof definition.serviceDescription === "string") service.props.serviceDescription = definition.serviceDescription;
    if (typeof definition.allowGeometryUpdates === "boolean") service.props.allowGeometryUpdates = definition.allowGeometryUpdates;
    if (definition.capabilities !== undefined) {
      if (typeof definition.capabilities !== "string") throw badRequest("updateDefinition.capabilities must be a comma-separated string.");
      const wanted = definition.capabilities.split(",").map((c) => c.trim()).filter(Boolean);
      const canonical = wanted.map((c) => KNOWN_CAPABILITIES.find((k) => k.toLowerCase() === c.toLowerCase()) ?? c);
      const unknown = canonical.find((c) => !(KNOWN_CAPABILITIES as readonly string[]).includes(c));
      if (unknown) throw badRequest(`Unknown capability '${unknown}'; known: ${KNOWN_CAPABILITIES.join(", ")}.`);
      if (canonical.includes("Append") && !service.hasCapability("Append")) checkAppendAllowed(state, service);
      service.capabilities = [...new Set(canonical)];
    }
    if (typeof definition.syncEnabled === "boolean") {
      const rest = service.capabilities.filter((c) => c !== "Sync");
      service.capabilities = definition.syncEnabled ? [...rest, "Sync"] : rest;
    }
    return { success: true };
  });
}
