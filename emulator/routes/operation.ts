// One REST operation = one handler, registered through the emulator's one route registration
// (route.ts): the request read once, authenticated, the model called, JSON rendered in the f
// format. Every operation answers GET and POST.
import type { FastifyInstance } from "fastify";
import type { Caller } from "../host";
import type { Emu } from "../context";
import { route, SHARING_READING, type RouteContext } from "../route";
import { notFound, portalError } from "../errors";
import type { Portal } from "../models/portal";
import type { OrgRecord } from "../models/directory";

export { SENT } from "../route";

export interface OpContext extends RouteContext {
  emu: Emu;
  portal: Portal;
}

export type Handler = (ctx: OpContext & { caller: Caller }) => unknown;
export type OptionalHandler = (ctx: OpContext) => unknown;

export interface OpOptions {
  auth?: "required" | "optional";
}

export function op(app: FastifyInstance, emu: Emu, url: string, handler: Handler): void;
export function op(app: FastifyInstance, emu: Emu, url: string, handler: OptionalHandler, options: { auth: "optional" }): void;
export function op(app: FastifyInstance, emu: Emu, url: string, handler: Handler | OptionalHandler, options: OpOptions = {}): void {
  route(app, emu, emu.uploadDir, { url, auth: options.auth ?? "required", reading: SHARING_READING }, (ctx) => (handler as OptionalHandler)({ ...ctx, emu, portal: emu.portal }));
}

/** `portals/<id>`: the caller's own org ("self" or its id); another existing org is 403, unknown 404. */
export function ownOrg(ctx: OpContext & { caller: Caller }, portalId: string): OrgRecord {
  const org = portalId === "self" ? ctx.portal.directory.org(ctx.caller.org.id) : ctx.portal.directory.org(portalId);
  if (!org) throw notFound(`Portal ${portalId} does not exist or is inaccessible.`);
  if (org.id !== ctx.caller.org.id) throw portalError("GWM_0003");
  return org;
}

/** Part 5 privilege checks name the privilege so the user knows what to ask for. */
export function requirePrivilege(ctx: OpContext & { caller: Caller }, privilege: string, operation: string): void {
  if (!ctx.portal.directory.hasPrivilege(ctx.caller.user, privilege)) {
    throw portalError("GWM_0003", { message: `User ${ctx.caller.user.username} may not ${operation}: it needs the administrator role or the privilege ${privilege}.` });
  }
}
