// <svc>/FeatureServer/<layerId>/append (spec.md#append) and its job record at append/jobs/<jobId> (spec.md#append-job-record).
import type { FastifyInstance } from "fastify";
import { EmulatorError } from "../../errors";
import { readAppendParams } from "../append/params";
import { startAppend } from "../append/start";
import type { FeatureState } from "../state";
import { callerFor, featureRoute, layerOf, serviceOf } from "./context";

export function appendRoutes(app: FastifyInstance, state: FeatureState): void {
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId/append", methods: ["POST"] }, (ctx) => {
    const service = serviceOf(state, ctx);
    const caller = callerFor(ctx, service);
    const layer = layerOf(service, ctx);
    return startAppend(state, caller, service, layer, readAppendParams(ctx.params.fields));
  });

  // spec.md#append: the polling method is not shown; GET and POST both answer.
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId/append/jobs/:jobId" }, (ctx) => {
    const service = serviceOf(state, ctx);
    callerFor(ctx, service);
    const layer = layerOf(service, ctx);
    const jobId = ctx.path.jobId;
    const record = state.jobs.get(jobId, service.name, layer.id);
    if (!record) throw new EmulatorError(404, `Append job ${jobId} not found.`);
    return record;
  });
}
