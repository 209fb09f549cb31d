// One REST operation = one handler: parse the request (query + form/multipart), authenticate,
// call the model, render JSON in the f format. Every operation answers GET and POST.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../host";
import { Emu, multipartTokens } from "../context";
import { readParams, type Params } from "../params";
import { renderJson } from "../render";
import { notFound, portalError } from "../errors";
import type { Portal } from "../models/portal";
import type { OrgRecord } from "../models/directory";
import * as fs from "node:fs";

export interface OpContext {
  req: FastifyRequest;
  reply: FastifyReply;
  emu: Emu;
  portal: Portal;
  params: Params;
  path: Record<string, string>;
  /** Set when auth is "required" (or a token was sent with "optional"). */
  caller?: Caller;
}

/** Returned by a handler that has sent the reply itself (raw data, files). */
export const SENT = Symbol("sent");

export type Handler = (ctx: OpContext & { caller: Caller }) => unknown;
export type OptionalHandler = (ctx: OpContext) => unknown;

export interface OpOptions {
  auth?: "required" | "optional";
}

export function op(app: FastifyInstance, emu: Emu, url: string, handler: Handler): void;
export function op(app: FastifyInstance, emu: Emu, url: string, handler: OptionalHandler, options: { auth: "optional" }): void;
export function op(app: FastifyInstance, emu: Emu, url: string, handler: Handler | OptionalHandler, options: OpOptions = {}): void {
  app.route({
    method: ["GET", "POST"],
    url,
    handler: async (req, reply) => {
      const params = await readParams(req, emu.uploadDir);
      uploads.set(req, Object.values(params.files).map((f) => f.path));
      const pretty = params.format() === "pjson";
      if (params.fields.token) multipartTokens.set(req, params.fields.token);
      const caller = emu.authenticate(req, options.auth !== "optional");
      const ctx: OpContext = { req, reply, emu, portal: emu.portal, params, path: req.params as Record<string, string>, caller };
      const result = await (handler as OptionalHandler)(ctx);
      if (result === SENT) return reply;
      return renderJson(reply, result, pretty);
    },
  });
}

/** Upload files not moved into an item by the operation are removed after the response. */
const uploads = new WeakMap<FastifyRequest, string[]>();
export function removeLeftoverUploads(req: FastifyRequest): void {
  for (const p of uploads.get(req) ?? []) fs.rm(p, { force: true }, () => undefined);
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
