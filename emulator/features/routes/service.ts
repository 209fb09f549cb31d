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
