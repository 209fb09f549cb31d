// <svc>/FeatureServer/uploads/upload (multipart, streamed to disk) and, for large files,
// uploads/register → uploads/<id>/uploadPart → uploads/<id>/commit (spec.md#gap-append-upload).
import * as fs from "node:fs";
import * as path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../../errors";
import type { FeatureState } from "../state";
import { uploadItemJson } from "../uploads";
import { storedDataOf } from "../../storedData";
import { callerFor, formFields, serviceOf, type PathParams } from "./context";
import { readMultipart } from "./multipart";

export function uploadRoutes(app: FastifyInstance, state: FeatureState): void {
  const tmp = () => path.join(state.host.dataDir, "feature-uploads", "incoming");

  /** Reads the multipart body first, so a token sent as a form field is seen; drops the file if refused. */
  async function multipartCaller(req: FastifyRequest) {
    const body = await readMultipart(req, tmp());
    try {
      const service = serviceOf(state, req);
      return { body, service, caller: callerFor(state, req, service) };
    } catch (e) {
      if (body.file) fs.rmSync(body.file.path, { force: true });
      throw e;
    }
  }

  app.post("/:svc/FeatureServer/uploads/upload", async (req) => {
    const { body, service, caller } = await multipartCaller(req);
    if (!body.file) throw badRequest("Missing the 'file' part.");
    const upload = state.uploads.create(body.file.filename, body.fields.description ?? "", caller.user.username, service.name);
    fs.renameSync(body.file.path, upload.filePath);
    upload.data = await storedDataOf([upload.filePath]);
    upload.committed = true;
    return { success: true, item: uploadItemJson(upload) };
  });

  app.post("/:svc/FeatureServer/uploads/register", async (req) => {
    const service = serviceOf(state, req);
    const caller = callerFor(state, req, service);
    const fields = formFields(req);
    if (!fields.itemName) throw badRequest("Missing required parameter 'itemName'.");
    const upload = state.uploads.create(fields.itemName, fields.description ?? "", caller.user.username, service.name);
    return { success: true, item: uploadItemJson(upload) };
  });

  app.post("/:svc/FeatureServer/uploads/:uploadId/uploadPart", async (req) => {
    const { body, caller } = await multipartCaller(req);
    const upload = state.uploads.require((req.params as PathParams).uploadId!, caller.user.username);
    if (!body.file) throw badRequest("Missing the 'file' part.");
    const partId = body.fields.partId ?? "";
    const target = state.uploads.partPath(upload, partId);
    fs.renameSync(body.file.path, target); // re-sending a part id replaces it
    upload.parts.set(partId, target);
    return { success: true, part: { partId, size: fs.statSync(target).size } };
  });

  app.post("/:svc/FeatureServer/uploads/:uploadId/commit", async (req) => {
    const service = serviceOf(state, req);
    const caller = callerFor(state, req, service);
    const upload = state.uploads.require((req.params as PathParams).uploadId!, caller.user.username);
    const parts = formFields(req).parts;
    await state.uploads.commit(upload, parts ? parts.split(",").map((p) => p.trim()).filter(Boolean) : undefined);
    return { success: true, item: uploadItemJson(upload) };
  });
}
