// <svc>/FeatureServer/uploads/upload (multipart, streamed to disk) and, for large files,
// uploads/register → uploads/<id>/uploadPart → uploads/<id>/commit (spec.md#gap-append-upload).
import * as fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../errors";
import type { UploadedFile } from "../../params";
import type { FeatureState } from "../state";
import { uploadItemJson } from "../uploads";
import { storedDataOf } from "../../storedData";
import { callerFor, featureRoute, serviceOf, type FeatureContext } from "./context";

/** One file is kept: the last file part (the others, and a refused request's file, are removed after the answer). */
function fileOf(ctx: FeatureContext): UploadedFile {
  const file = Object.values(ctx.params.files).at(-1);
  if (!file) throw badRequest("Missing the 'file' part.");
  return file;
}

export function uploadRoutes(app: FastifyInstance, state: FeatureState): void {
  featureRoute(app, state, { url: "/:svc/FeatureServer/uploads/upload", methods: ["POST"], multipart: "required" }, async (ctx) => {
    const service = serviceOf(state, ctx);
    const caller = callerFor(ctx, service);
    const file = fileOf(ctx);
    const upload = state.uploads.create(file.filename, ctx.params.fields.description ?? "", caller.user.username, service.name);
    fs.renameSync(file.path, upload.filePath);
    upload.data = await storedDataOf([upload.filePath]);
    upload.committed = true;
    return { success: true, item: uploadItemJson(upload) };
  });

  featureRoute(app, state, { url: "/:svc/FeatureServer/uploads/register", methods: ["POST"] }, (ctx) => {
    const service = serviceOf(state, ctx);
    const caller = callerFor(ctx, service);
    const { itemName, description } = ctx.params.fields;
    if (!itemName) throw badRequest("Missing required parameter 'itemName'.");
    const upload = state.uploads.create(itemName, description ?? "", caller.user.username, service.name);
    return { success: true, item: uploadItemJson(upload) };
  });

  featureRoute(app, state, { url: "/:svc/FeatureServer/uploads/:uploadId/uploadPart", methods: ["POST"], multipart: "required" }, (ctx) => {
    const caller = callerFor(ctx, serviceOf(state, ctx));
    const upload = state.uploads.require(ctx.path.uploadId, caller.user.username);
    const file = fileOf(ctx);
    const partId = ctx.params.fields.partId ?? "";
    const target = state.uploads.partPath(upload, partId);
    fs.renameSync(file.path, target); // re-sending a part id replaces it
    upload.parts.set(partId, target);
    return { success: true, part: { partId, size: fs.statSync(target).size } };
  });

  featureRoute(app, state, { url: "/:svc/FeatureServer/uploads/:uploadId/commit", methods: ["POST"] }, async (ctx) => {
    const service = serviceOf(state, ctx);
    const caller = callerFor(ctx, service);
    const upload = state.uploads.require(ctx.path.uploadId, caller.user.username);
    const parts = ctx.params.fields.parts;
    await state.uploads.commit(upload, parts ? parts.split(",").map((p) => p.trim()).filter(Boolean) : undefined);
    return { success: true, item: uploadItemJson(upload) };
  });
}
