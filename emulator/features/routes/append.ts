// <svc>/FeatureServer/<layerId>/append (spec.md#append) and its job record at append/jobs/<jobId> (spec.md#append-job-record).
import type { FastifyInstance } from "fastify";
import { EmulatorError } from "../../errors";
import { readAppendParams } from "../append/params";
import { startAppend } from "../append/start";
import type { FeatureState } from "../state";
import { callerFor, formFields, layerOf, serviceOf, type PathParams } from "./context";

export function appendRoutes(app: FastifyInstance, state: FeatureState): void {
  app.post("/:svc/FeatureServer/:layerId/append", async (req) => {
    const service = serviceOf(state, req);
    const caller = callerFor(state, req, service);
    const layer = layerOf(service, req);
    return startAppend(state, caller, service, layer, readAppendParams(formFields(req)));
  });

  // spec.md#append: the polling method is not shown; GET and POST both answer.
  app.route({
    method: ["GET", "POST"],
    url: "/:svc/FeatureServer/:layerId/append/jobs/:jobId",
    handler: async (req) => {
      const service = serviceOf(state, req);
      callerFor(state, req, service);
      const layer = layerOf(service, req);
      const jobId = (req.params as PathParams).jobId!;
      const record = state.jobs.get(jobId, service.name, layer.id);
      if (!record) throw new EmulatorError(404, `Append job ${jobId} not found.`);
      return record;
    },
  });
}
