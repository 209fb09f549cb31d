// The fastify app: body parsers, the error envelope (spec.md#errors), the request log and fault
// injection of the control plane, the sharing routes under both deployment shapes, and the
// feature side (emulator/features).
import * as http from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { EmulatorError } from "./errors";
import type { Emu } from "./context";
import { callerOfRequest } from "./route";
import { RequestLog } from "./requestLog";
import { Faults, type FaultOutcome } from "./faults";
import { sharingRoutes } from "./routes";
import { controlRoutes } from "./routes/control";
import { registerFeatureServices } from "./features";
import { renderError } from "./render";
import { logInternalError, sanitized } from "./internalErrors";

/** The longest path segment the router takes (an item id is 32 characters; a file name in an info path may be longer). */
const MAX_PATH_SEGMENT = 512;

/** Urlencoded bodies may carry item text; uploads go through multipart and are not bounded here. */
const BODY_LIMIT = 256 * 1024 * 1024;

export interface Server {
  app: FastifyInstance;
  log: RequestLog;
  faults: Faults;
}

/** The default wall-clock bound of one request, from when its body has arrived (issue 30). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * `server` is already listening, so every URL (the feature side's too) is known while routes register.
 * `requestTimeoutMs` bounds each request's answer (0: no bound).
 */
export async function buildServer(emu: Emu, webAdaptor: string | undefined, server: http.Server, requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Promise<Server> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    serverFactory: (handler) => server.on("request", handler),
    // issue 30: the router's own refusals (a bad %-escape, a path segment too long) in the envelope, never echoing the URL
    frameworkErrors: (err, _req, reply) => {
      void renderError(reply, toEmulatorError(err), emu.httpErrors);
    },
    // issue 30: what Node's HTTP parser refuses before there is a request (a URL and headers over
    // 16 KB, a malformed request line) is answered in the envelope too, never fastify's own body
    clientErrorHandler: (err, socket) => answerClientError(err, socket, emu.httpErrors),
  });
  const log = new RequestLog();
  const faults = new Faults();
  // every route the emulator serves, for the control plane's `GET routes` (the fuzz layer walks them all)
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook("onRoute", (r) => {
    if (!r.url.startsWith("/__emulator")) for (const m of ([] as string[]).concat(r.method)) if (m !== "HEAD") routes.push({ method: m, url: r.url });
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // preservePath: the file name as the client sent it, so a name with a path separator is refused (params.ts uploadFileName), not silently cut
  await app.register(multipart, { preservePath: true, limits: { fileSize: Number.MAX_SAFE_INTEGER, fieldSize: 64 * 1024 * 1024, files: 20, fields: 500, parts: 520 } });

  app.setErrorHandler((err, req, reply) => {
    const e = toEmulatorError(err);
    errorCodes.set(req, e.code);
    // issue 45: an exception the routes did not expect (a library's, a bug) is this request's 500
    // envelope and one log line; the server keeps serving every other request
    if (!(err instanceof EmulatorError) && e.code === 500) logInternalError(`answering ${req.method} ${req.url.split("?")[0]}`, err);
    void renderError(reply, e, emu.httpErrors);
  });
  app.setNotFoundHandler((req, reply) => {
    const e = new EmulatorError(404, `Unknown operation ${req.method} ${req.url.split("?")[0]}.`);
    errorCodes.set(req, e.code);
    void renderError(reply, e, emu.httpErrors);
  });

  // issue 30: a wall-clock bound per request. It counts from when the request's body has arrived
  // (a slow upload is not cut; Node's requestTimeout, 300 s, bounds that), and answers the envelope
  // when the route has not answered in time. The route's work is not cancelled (its effect may
  // still happen, like a portal behind a gateway that timed out), but the caller is not held.
  app.addHook("onRequest", (req, reply, done) => {
    if (requestTimeoutMs > 0 && !isControl(req)) {
      const arm = () => {
        if (reply.sent) return;
        const timer = setTimeout(() => {
          if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
          const e = new EmulatorError(504, `The request took longer than ${requestTimeoutMs / 1000} s; the emulator stopped waiting for its answer (its effect may still happen).`);
          errorCodes.set(req, e.code);
          void renderError(reply, e, emu.httpErrors);
        }, requestTimeoutMs);
        reply.raw.once("close", () => clearTimeout(timer));
      };
      if (req.raw.complete) arm();
      else req.raw.once("end", arm);
    }
    done();
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

  await app.register(controlRoutes(emu, log, faults, routes), { prefix: "/__emulator" });
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

/** Framework refusals by code, in words that name the rule and never repeat the request (issue 30). */
const FRAMEWORK_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type; send form-urlencoded or multipart/form-data.",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body too large; upload files with multipart/form-data.",
  FST_ERR_BAD_URL: "The URL is malformed: a % must be followed by two hexadecimal digits.",
  FST_ERR_MAX_PARAM_LENGTH: `A path segment is longer than ${MAX_PATH_SEGMENT} characters.`,
  FST_ERR_CTP_EMPTY_JSON_BODY: "The body is empty.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The body is not valid JSON.",
};

/** Node's own refusals (the `clientError` event), by code: the envelope's code and words. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [400, `The request's URL and headers are larger than ${http.maxHeaderSize / 1024} KB; send long parameters in a POST body.`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request was not received in time."],
};

/** A refusal written straight to the socket (there is no reply object yet), then the connection closed. */
export function answerClientError(err: Error & { code?: string }, socket: Duplex, httpStatus: boolean): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [code, message] = CLIENT_ERRORS[err.code ?? ""] ?? [400, "The request is not valid HTTP."];
  const body = JSON.stringify(new EmulatorError(code, message).toEnvelope());
  const status = httpStatus ? code : 200;
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

function toEmulatorError(err: unknown): EmulatorError {
  if (err instanceof EmulatorError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  const known = e.code !== undefined ? FRAMEWORK_REFUSALS[e.code] : undefined;
  if (known) return new EmulatorError(400, known);
  // input nested deeper than a parser or a rule can follow: a refusal of the input, not an internal error
  if (err instanceof RangeError && /call stack/i.test(err.message)) return new EmulatorError(400, "The request is nested too deeply (JSON, a tree or a where clause); flatten it.");
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new EmulatorError(400, `Bad request: ${sanitized(e.message ?? "malformed body")}`);
  return new EmulatorError(500, `Internal emulator error: ${sanitized(e.message ?? String(err))}`);
}
