// The services directory root (the public API's `GET <server>/rest/services?f=json`): the folders
// and the services the caller can open, so a client that discovers layers from the root (as the
// public API's clients and the ArcGIS services directory do) finds them. On Online every hosted
// service is in the root folder; on Enterprise in the `Hosted` folder (features/urls.ts).
import type { FastifyInstance } from "fastify";
import { EmulatorError } from "../../errors";
import type { FeatureState } from "../state";
import { serviceVersion } from "./render";
import { featureRoute, type FeatureContext } from "./context";

/** The services of the caller's organization (emulator simplification: hosted services are org-private); of the path's organization only, when it names one. */
function visibleServices(state: FeatureState, ctx: FeatureContext) {
  const caller = ctx.authenticate(false);
  if (!caller || (ctx.path.orgId !== undefined && ctx.path.orgId !== caller.org.id)) return [];
  return state.registry
    .all()
    .filter((s) => s.orgId === caller.org.id)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The directory root and its folders. `folder`: the one folder the services are in (Enterprise's
 * `Hosted`): the root lists it, and it lists the services as `<folder>/<name>`.
 */
export function catalogRoutes(app: FastifyInstance, state: FeatureState, folder?: string): void {
  const listed = (ctx: FeatureContext, prefix: string) => visibleServices(state, ctx).map((s) => ({ name: `${prefix}${s.name}`, type: "FeatureServer" }));
  featureRoute(app, state, { url: "/" }, (ctx) => ({
    currentVersion: serviceVersion(state.host.release),
    folders: folder ? [folder] : [],
    services: folder ? [] : listed(ctx, ""),
  }));
  featureRoute(app, state, { url: "/:folder" }, (ctx) => {
    if (folder && ctx.path.folder === folder) return { currentVersion: serviceVersion(state.host.release), folders: [], services: listed(ctx, `${folder}/`) };
    throw new EmulatorError(404, `Folder ${ctx.path.folder} not found.`, undefined, []);
  });
}
