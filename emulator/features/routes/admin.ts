// {origin}/arcgis/rest/admin/services/<svc>/FeatureServer/updateDefinition (spec.md#layer-append-metadata): sets the
// service's capabilities, among them Append (no Create or Update needed), Sync and ChangeTracking.
import type { FastifyInstance } from "fastify";
import { badRequest, forbidden } from "../../errors";
import { KNOWN_CAPABILITIES, type HostedService } from "../model/service";
import type { FeatureState } from "../state";
import { callerFor, featureRoute, isOwnerOrAdmin, jsonParam, serviceOf } from "./context";

/** spec.md#layer-append-metadata, spec.md#versions: Append needs supportsAppend on every layer, 11.1, and a relational store. */
function checkAppendAllowed(state: FeatureState, service: HostedService): void {
  if (!state.host.releaseAtLeast("11.1")) throw badRequest(`The Append capability can be set on hosted layers from release 11.1 (this is ${state.host.release}).`);
  if (service.store !== "relational") throw badRequest("The Append capability can be set only on hosted layers on a relational store.");
  const refusing = service.layers.find((l) => !l.def.supportsAppend);
  if (refusing) throw badRequest(`Layer ${refusing.id} (${refusing.def.name}) does not support append (supportsAppend is false).`);
}

export function adminRoutes(app: FastifyInstance, state: FeatureState): void {
  featureRoute(app, state, { url: "/:svc/FeatureServer/updateDefinition", methods: ["POST"] }, (ctx) => {
    const service = serviceOf(state, ctx);
    const caller = callerFor(ctx, service);
    if (!isOwnerOrAdmin(state, caller, service)) throw forbidden("Only the service owner or an administrator can update the service definition.");
    const fields = ctx.params.fields;
    const definition = jsonParam<{ capabilities?: unknown; syncEnabled?: unknown }>(fields, "updateDefinition");
    if (!definition || typeof definition !== "object") throw badRequest("Parameter 'updateDefinition' is required (a JSON object).");
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
