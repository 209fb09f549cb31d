// REST "Create Service" (content/users/<u>[/<folder>]/createService, outputType featureService) and
// "Is Service Name Available" (portals/self/isServiceNameAvailable): the item side of a hosted
// feature service; the service itself is the feature side's (host.ts ServiceCatalog).
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, requirePrivilege, type OpContext } from "./operation";
import { badRequest, portalError } from "../errors";
import { PRIVILEGES } from "../models/privileges";

type Ctx = OpContext & { caller: Caller };

export function serviceRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/portals/:portalId/isServiceNameAvailable", nameAvailable);
  op(app, emu, "/content/users/:owner/createService", createService);
  op(app, emu, "/content/users/:owner/:folder/createService", createService);
}

function catalog(ctx: Ctx) {
  if (!ctx.emu.services) throw badRequest("This portal has no hosting server for feature services.");
  return ctx.emu.services;
}

function nameAvailable(ctx: Ctx) {
  const name = ctx.params.required("name");
  // REST names it serviceType; arcgis-rest-js's isServiceNameAvailable sends it as `type`
  const type = ctx.params.str("serviceType") ?? ctx.params.str("type") ?? "";
  if (type.replace(/\s+/g, "").toLowerCase() !== "featureservice") throw badRequest(`serviceType '${type}' is not supported; use featureService.`);
  return { available: catalog(ctx).isNameAvailable(ctx.caller.org.id, name) };
}

function createService(ctx: Ctx) {
  if (ctx.path.owner !== ctx.caller.user.username) throw portalError("GWM_0003", { message: `Only ${ctx.path.owner} may create services in their content.` });
  requirePrivilege(ctx, PRIVILEGES.publishFeatures, "create hosted feature services (createService)");
  const outputType = ctx.params.str("outputType") ?? "";
  if (outputType !== "featureService") throw badRequest(`outputType '${outputType}' is not supported; use featureService.`);
  const folder = ctx.path.folder === undefined ? undefined : ctx.portal.folders.get(ctx.path.owner, ctx.path.folder);
  if (ctx.path.folder !== undefined && !folder) throw badRequest(`Folder ${JSON.stringify(ctx.path.folder.slice(0, 40))} does not exist for ${ctx.path.owner}; create it first (createFolder).`);
  let params: unknown;
  try {
    params = JSON.parse(ctx.params.required("createParameters"));
  } catch {
    throw badRequest("createParameters must be a JSON object.");
  }
  if (!params || typeof params !== "object" || typeof (params as { name?: unknown }).name !== "string") throw badRequest("createParameters.name is required.");
  const made = catalog(ctx).create(ctx.caller.user.username, ctx.caller.org.id, params as { name: string });
  const item = ctx.portal.items.items.get(made.itemId);
  if (item && folder) item.folder = folder.id;
  return { encodedServiceURL: encodeURI(made.url), itemId: made.itemId, name: made.name, serviceItemId: made.itemId, serviceurl: made.url, size: -1, success: true, type: "Feature Service", isView: false };
}
