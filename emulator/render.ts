// Renders operation results and the error envelope in the format asked for by f (json | pjson).
import type { FastifyReply } from "fastify";
import type { EmulatorError } from "./errors";

export function renderJson(reply: FastifyReply, body: unknown, pretty = false): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body));
}

/** spec.md#errors, spec.md#gap-error-transport: HTTP 200 with the envelope unless real HTTP statuses are asked for. */
export function renderError(reply: FastifyReply, e: EmulatorError, httpStatus: boolean): FastifyReply {
  const status = httpStatus && e.code >= 400 && e.code < 600 ? e.code : 200;
  for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
  return reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify(e.toEnvelope()));
}
