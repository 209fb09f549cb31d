// spec.md#gap-generate-token and spec.md#gap-portal-self: tokens and the caller's organization.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import { op, ownOrg, type OpContext } from "./operation";
import type { Caller } from "../host";
import { portalShape, userProfile } from "../models/publicShapes";

/** Default token lifetime in minutes when `expiration` is not sent (unconfirmed: the public API's 60). */
const DEFAULT_EXPIRATION_MINUTES = 60;

export function tokenRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/generateToken", generateToken, { auth: "optional" });
  op(app, emu, "/portals/self", portalSelf);
  op(app, emu, "/portals/:portalId", portalById);
  op(app, emu, "/community/self", communitySelf);
  op(app, emu, "/info", sharingInfo, { auth: "optional" });
}

/** The public API's sharing/rest/info: where clients (arcgis-rest-js federation) get tokens. */
function sharingInfo({ emu }: OpContext) {
  return { owningSystemUrl: emu.urls.portalUrl, authInfo: { isTokenBasedSecurity: true, tokenServicesUrl: `${emu.urls.sharingUrl}/generateToken` } };
}

function generateToken({ params, portal, req, caller }: OpContext) {
  const minutes = params.has("expiration") ? Number(params.str("expiration")) : DEFAULT_EXPIRATION_MINUTES;
  // public API: a signed-in client trades its portal token for a federated server's (serverUrl);
  // the emulator's feature side takes portal tokens, so the same token comes back (simplified)
  if (caller && params.has("serverUrl") && !params.has("username")) {
    return { token: params.required("token"), expires: Date.now() + minutes * 60_000, ssl: req.protocol === "https" };
  }
  const { token, expires } = portal.directory.generateToken(params.required("username"), params.required("password"), minutes);
  return { token, expires, ssl: req.protocol === "https" };
}

/** The caller as portals/self and community/self give it: every key of the public user shape. */
function userView(caller: Caller) {
  return userProfile(caller.user);
}

/** Every key of the public portals/self shape (emulator/models/publicShapes.ts), the caller in `user`. */
function portalSelf({ caller, emu }: OpContext & { caller: Caller }) {
  const shape = portalShape(caller.org, emu.urls.portalUrl, emu.release, emu.flavor);
  // an app token or API key signs in no user: no `user`, and `appInfo` says whose app it is and what it may do
  if (caller.app) return { ...shape, appInfo: { appId: caller.app.id, appOwner: caller.user.username, orgId: caller.org.id, appType: caller.app.kind === "apiKey" ? "apiKey" : "app", privileges: [...caller.user.privileges] } };
  return { ...shape, user: userView(caller) };
}

/** spec.md#gap-portal-self: the public API (arcgis-rest-js getPortal(id)) also reads the caller's org by id. */
function portalById(ctx: OpContext & { caller: Caller }) {
  ownOrg(ctx, ctx.path.portalId);
  return portalSelf(ctx);
}

function communitySelf({ caller }: OpContext & { caller: Caller }) {
  return { ...userView(caller), disabled: caller.user.disabled ?? false };
}
