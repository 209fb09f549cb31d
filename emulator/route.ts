// The one way a route of the emulator registers, for the sharing routes (routes/operation.ts op())
// and the feature routes (features/routes/context.ts featureRoute()) alike: the request is read
// once (params.ts readRequest: parameters, files, token), the caller is resolved from that token,
// the handler gets typed values, and its answer is rendered as JSON (f=pjson indented). Upload
// files the handler did not move away are removed after the answer.
import * as fs from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Caller, EmulatorHost } from "./host";
import { readRequest, type Params, type ReadRules } from "./params";
import { renderJson } from "./render";

/** Who called, per request, for the request log (server.ts). */
export const callerOfRequest = new WeakMap<FastifyRequest, string>();

/** Returned by a handler that has sent the reply itself (raw data, files). */
export const SENT = Symbol("sent");

export interface RouteContext {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The request, read once. */
  params: Params;
  /** The path's parameters (`:id`, `:svc`…). */
  path: Record<string, string>;
  /** Set when auth is "required" (or a token was sent with "optional"). */
  caller?: Caller;
  /** The caller of the request's token: 499 without one when `required`, 498 for an unknown one. */
  authenticate(required: boolean): Caller | undefined;
}

export interface RouteSpec {
  url: string;
  /** GET and POST unless said. */
  methods?: Array<"GET" | "POST">;
  /** "required" or "optional": resolved before the handler; "handler": the handler calls ctx.authenticate (the feature side names the service first). */
  auth: "required" | "optional" | "handler";
  reading: ReadRules;
}

/** The sharing API's reading: f is json or pjson; a text body is refused. */
export const SHARING_READING: ReadRules = { format: "checked", text: "refused", multipart: "read" };
/** A feature service's reading (an ArcGIS server): f and a text body are not looked at. */
export const SERVICE_READING: ReadRules = { format: "any", text: "ignored", multipart: "read" };

export function route(app: FastifyInstance, host: Pick<EmulatorHost, "authenticate">, uploadDir: string, spec: RouteSpec, handler: (ctx: RouteContext) => unknown): void {
  app.route({
    method: spec.methods ?? ["GET", "POST"],
    url: spec.url,
    onResponse: async (req) => removeLeftoverUploads(req),
    handler: async (req, reply) => {
      const params = await readRequest(req, uploadDir, spec.reading);
      uploads.set(req, Object.values(params.files).map((f) => f.path));
      const pretty = spec.reading.format === "checked" ? params.format() === "pjson" : params.fields.f === "pjson";
      const authenticate = (required: boolean) => {
        const caller = host.authenticate(params.token, required);
        if (caller) callerOfRequest.set(req, caller.user.username);
        return caller;
      };
      const caller = spec.auth === "handler" ? undefined : authenticate(spec.auth === "required");
      const result = await handler({ req, reply, params, path: req.params as Record<string, string>, caller, authenticate });
      if (result === SENT) return reply;
      return renderJson(reply, result, pretty);
    },
  });
}

/** Upload files not moved away by the handler are removed after the response. */
const uploads = new WeakMap<FastifyRequest, string[]>();
function removeLeftoverUploads(req: FastifyRequest): void {
  for (const p of uploads.get(req) ?? []) fs.rm(p, { force: true }, () => undefined);
}
