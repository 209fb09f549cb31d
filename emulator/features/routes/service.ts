// GET/POST <svc>/FeatureServer and <svc>/FeatureServer/<layerId>: the service and layer JSON.
import type { FastifyInstance } from "fastify";
import type { FeatureState } from "../state";
import { callerFor, layerOf, serviceOf } from "./context";
import { layerJson, serviceJson } from "./render";

export function serviceRoutes(app: FastifyInstance, state: FeatureState): void {
  const release = state.host.release;
  app.route({
    method: ["GET", "POST"],
    url: "/:svc/FeatureServer",
    handler: async (req) => {
      const service = serviceOf(state, req);
      callerFor(state, req, service);
      return serviceJson(service, release);
    },
  });
  // the public API's <service>/layers (arcgis-rest-js getAllLayersAndTables): every layer's and table's JSON
  app.route({
    method: ["GET", "POST"],
    url: "/:svc/FeatureServer/layers",
    handler: async (req) => {
      const service = serviceOf(state, req);
      callerFor(state, req, service);
      const all = service.layers.map((l) => layerJson(service, l, release));
      return { layers: all.filter((l) => l.geometryType !== undefined), tables: all.filter((l) => l.geometryType === undefined) };
    },
  });
  app.route({
    method: ["GET", "POST"],
    url: "/:svc/FeatureServer/:layerId",
    handler: async (req) => {
      const service = serviceOf(state, req);
      callerFor(state, req, service);
      return layerJson(service, layerOf(service, req), release);
    },
  });
}
