// GET/POST <svc>/FeatureServer and <svc>/FeatureServer/<layerId>: the service and layer JSON.
import type { FastifyInstance } from "fastify";
import type { FeatureState } from "../state";
import { callerFor, featureRoute, layerOf, serviceOf } from "./context";
import { layerJson, serviceJson } from "./render";

export function serviceRoutes(app: FastifyInstance, state: FeatureState): void {
  const release = state.host.release;
  featureRoute(app, state, { url: "/:svc/FeatureServer" }, (ctx) => {
    const service = serviceOf(state, ctx);
    callerFor(ctx, service);
    return serviceJson(service, release);
  });
  // the public API's <service>/layers (arcgis-rest-js getAllLayersAndTables): every layer's and table's JSON
  featureRoute(app, state, { url: "/:svc/FeatureServer/layers" }, (ctx) => {
    const service = serviceOf(state, ctx);
    callerFor(ctx, service);
    const all = service.layers.map((l) => layerJson(service, l, release));
    return { layers: all.filter((l) => l.geometryType !== undefined), tables: all.filter((l) => l.geometryType === undefined) };
  });
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId" }, (ctx) => {
    const service = serviceOf(state, ctx);
    callerFor(ctx, service);
    return layerJson(service, layerOf(service, ctx), release);
  });
}
