// The fastify app: body parsers, the error envelope (spec.md#errors), the request log and fault
// injection of the control plane, the sharing routes under both deployment shapes, and the
// feature side (emulator/features).
import type * as http from "node:http";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { EmulatorError } from "./errors";
import { Emu, callerOfRequest } from "./context";
import { RequestLog } from "./requestLog";
import { Faults, type FaultOutcome } from "./faults";
import { sharingRoutes } from "./routes";
import { controlRoutes } from "./routes/control";
import { registerFeatureServices } from "./features";
import { renderError } from "./render";

/** Urlencoded bodies may carry item text; uploads go through multipart and are not bounded here. */
const BODY_LIMIT = 256 * 1024 * 1024;

export interface Server {
  app: FastifyInstance;
  log: RequestLog;
  faults: Faults;
}

/** `server` is already listening, so every URL (the feature side's too) is known while routes register. */
export async function buildServer(emu: Emu, webAdaptor: string | undefined, server: http.Server): Promise<Server> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: false,
    routerOptions: { ignoreTrailingSlash: true },
    serverFactory: (handler) => server.on("request", handler),
  });
  const log = new RequestLog();
  const faults = new Faults();
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(multipart, { limits: { fileSize: Number.MAX_SAFE_INTEGER, fieldSize: 64 * 1024 * 1024, files: 20, fields: 500, parts: 520 } });

  app.setErrorHandler((err, req, reply) => {
    const e = toEmulatorError(err);
    errorCodes.set(req, e.code);
    void renderError(reply, e, emu.httpErrors);
  });
  app.setNotFoundHandler((req, reply) => {
    const e = new EmulatorError(404, `Unknown operation ${req.method} ${req.url.split("?")[0]}.`);
    errorCodes.set(req, e.code);
    void renderError(reply, e, emu.httpErrors);
  });

  app.addHook("onRequest", async (req, reply) => {
    if (isControl(req)) return;
    const fault = await faults.apply(req.url.split("?")[0]);
    if (!fault) return;
    if (fault.after) {
      lateFaults.set(req, fault);
      return;
    }
    if (fault.drop) {
      log.record(req, 0, callerOfRequest.get(req));
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    errorCodes.set(req, fault.error!.code);
    // injected faults are infrastructure answers: real HTTP statuses (docs/emulator.md)
    await renderError(reply, fault.error!, true);
  });
  // a fault `after` the request ran: its effect stays, its answer is lost or replaced
  app.addHook("onSend", async (req, reply, payload) => {
    const late = lateFaults.get(req);
    if (!late) return payload;
    if (late.drop) {
      log.record(req, 0, callerOfRequest.get(req));
      reply.hijack();
      req.raw.socket.destroy();
      return payload;
    }
    errorCodes.set(req, late.error!.code);
    for (const [k, v] of Object.entries(late.error!.headers)) reply.header(k, v);
    reply.code(late.error!.code).type("application/json; charset=utf-8");
    return JSON.stringify(late.error!.toEnvelope());
  });
  app.addHook("onResponse", async (req, reply) => {
    if (isControl(req)) return;
    log.record(req, errorCodes.get(req) ?? reply.statusCode, callerOfRequest.get(req));
  });

  await app.register(controlRoutes(emu, log, faults), { prefix: "/__emulator" });
  await app.register(sharingRoutes(emu), { prefix: "/sharing/rest" });
  if (webAdaptor) await app.register(sharingRoutes(emu), { prefix: `/${webAdaptor}/sharing/rest` });
  await registerFeatureServices(app, emu, emu.fixtures.services);
  return { app, log, faults };
}

const errorCodes = new WeakMap<FastifyRequest, number>();
const lateFaults = new WeakMap<FastifyRequest, FaultOutcome>();

export function noteErrorCode(req: FastifyRequest, code: number): void {
  errorCodes.set(req, code);
}

function isControl(req: FastifyRequest): boolean {
  return req.url.startsWith("/__emulator");
}

function toEmulatorError(err: unknown): EmulatorError {
  if (err instanceof EmulatorError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return new EmulatorError(400, "Unsupported content type; send form-urlencoded or multipart/form-data.");
  if (e.code === "FST_ERR_CTP_BODY_TOO_LARGE") return new EmulatorError(400, "Request body too large; upload files with multipart/form-data.");
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new EmulatorError(400, `Bad request: ${e.message ?? "malformed body"}`);
  return new EmulatorError(500, `Internal emulator error: ${e.message ?? String(err)}`);
}
