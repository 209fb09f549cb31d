// The services directory root (the public API's `GET <server>/rest/services?f=json`): the folders
// and the services the caller can open, so a client that discovers layers from the root (as the
// public API's clients and the ArcGIS services directory do) finds them. The emulator keeps every
// hosted service in the root folder: `folders` is empty and any folder path is not found.
import type { FastifyInstance } from "fastify";
import { EmulatorError } from "../../errors";
import type { FeatureState } from "../state";
import { serviceVersion } from "./render";
import { featureRoute, type FeatureContext } from "./context";

/** The services of the caller's organization (emulator simplification: hosted services are org-private). */
function visibleServices(state: FeatureState, ctx: FeatureContext) {
  const caller = ctx.authenticate(false);
  if (!caller) return [];
  return state.registry
    .all()
    .filter((s) => s.orgId === caller.org.id)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function catalogRoutes(app: FastifyInstance, state: FeatureState): void {
  featureRoute(app, state, { url: "/" }, (ctx) => ({
    currentVersion: serviceVersion(state.host.release),
    folders: [],
    services: visibleServices(state, ctx).map((s) => ({ name: s.name, type: "FeatureServer" })),
  }));
  featureRoute(app, state, { url: "/:folder" }, (ctx) => {
    throw new EmulatorError(404, `Folder ${ctx.path.folder} not found.`, undefined, []);
  });
}
