// spec.md#errors and spec.md#gap-error-transport: a portal answers most errors with HTTP 200
// and {error:{code, messageCode?, message, details}}, so every JSON body goes through
// checkForErrors() (arcgis-rest-js check-for-errors habit). Every message is redacted at
// construction, so neither `message` nor `stack` can carry a token or password.
import { redact, redactDeep } from "./redact";

export interface PortalErrorInit {
  /** The envelope's `code` (HTTP-style), or the HTTP status when there was no envelope. */
  code: number;
  messageCode?: string;
  message: string;
  details?: unknown[];
  /** The operation name, e.g. "assignCategorySchema". */
  operation: string;
  /** HTTP status of the response (200 for an envelope error on a real portal). */
  httpStatus?: number;
  /** Milliseconds from a Retry-After header, when the server sent one. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** Any failure of a portal request: an error envelope, an HTTP error, or a network failure. */
export class PortalError extends Error {
  readonly code: number;
  readonly messageCode?: string;
  readonly details: unknown[];
  readonly operation: string;
  readonly httpStatus?: number;
  readonly retryAfterMs?: number;
  /** The portal's own message (redacted), without the operation prefix. */
  readonly reason: string;

  constructor(init: PortalErrorInit) {
    const code = init.messageCode ? `${init.code} ${init.messageCode}` : `${init.code}`;
    super(redact(`${init.operation} failed (${code}): ${init.message}`), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.messageCode = init.messageCode;
    this.details = redactDeep(init.details ?? []);
    this.operation = init.operation;
    this.httpStatus = init.httpStatus;
    this.retryAfterMs = init.retryAfterMs;
    this.reason = redact(init.message);
  }
}

/** spec.md#gap-token-errors: 498 invalid or expired token, 499 token required. */
export class AuthError extends PortalError {}

/** What to do about a refused token: the config keys that fix it. */
export const AUTH_HINT =
  "check the credentials: pulumi config set --secret portal:token <token>, or pulumi config set portal:username <name> and pulumi config set --secret portal:password <password>. " +
  "pulumi refresh and pulumi destroy use the credentials saved at the last up unless you add --run-program (the engine gives the provider the config saved in the state), so after a change run them with --run-program, or run pulumi up first";

/** What to do about a 403: the user behind the credentials lacks the privilege. */
export const FORBIDDEN_HINT =
  "the user of portal:token (or portal:username) lacks the privilege this needs: use an account that has it (an administrator of the organization, or the owner of the item or group), or ask an administrator to grant it";

/** The same auth error with the hint appended (the client adds it when it cannot refresh). */
export function withAuthHint(e: AuthError): AuthError {
  return new AuthError({ code: e.code, messageCode: e.messageCode, message: `${e.reason}; ${AUTH_HINT}`, details: e.details, operation: e.operation, httpStatus: e.httpStatus });
}

/** spec.md#errors: 404, "resource does not exist or is inaccessible". */
export class NotFoundError extends PortalError {}

/** The request did not get an answer (reset, refused, timed out); `cause` is the original error. */
export class NetworkError extends PortalError {
  constructor(operation: string, cause: unknown) {
    const detail = cause instanceof Error ? `${(cause as { code?: string }).code ?? cause.name}: ${cause.message}` : String(cause);
    super({ code: 0, message: `network error: ${detail}`, operation, cause });
  }
}

/** A job whose status document says failed/Failed (spec.md#gap-job-failures). */
export class JobFailedError extends PortalError {
  readonly lastStatus: unknown;
  constructor(operation: string, what: string, lastStatus: unknown, reason: string) {
    super({ code: 500, message: `${what} failed: ${reason}`, operation });
    this.lastStatus = redactDeep(lastStatus);
  }
}

/** Whole seconds, or one decimal below 10 s (a 0.3 s deadline reads 0.3, not 0). */
const seconds = (ms: number) => (ms < 10_000 && ms % 1000 !== 0 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));

/** A poll loop ran past its deadline (spec.md#design-timeouts): says what it waited for and the last status. */
export class JobTimeoutError extends PortalError {
  readonly lastStatus: unknown;
  constructor(operation: string, what: string, lastStatus: unknown, timeoutMs: number, lastSeen: string) {
    super({ code: 408, message: `gave up after ${seconds(timeoutMs)} s waiting for ${what}; last status seen: ${lastSeen}`, operation });
    this.lastStatus = redactDeep(lastStatus);
  }
}

/** Stack configuration is missing or unusable; the message names the key and how to set it. */
export class ConfigError extends Error {
  constructor(message: string, readonly key: string) {
    super(redact(message));
    this.name = "ConfigError";
  }
}

interface Envelope {
  error?: { code?: unknown; messageCode?: unknown; message?: unknown; details?: unknown };
}

/** Builds the typed error for an envelope or status code. */
export function portalErrorFor(init: PortalErrorInit): PortalError {
  if (init.code === 498 || init.code === 499) return new AuthError(init);
  // spec.md#errors 403: the request ran as a user who may not do it; say whose privilege it needs
  if (init.code === 403 && !/portal:token/.test(init.message)) return new PortalError({ ...init, message: `${init.message}${/[.;]$/.test(init.message) ? "" : ";"} ${FORBIDDEN_HINT}` });
  if (init.code === 404) return new NotFoundError(init);
  return new PortalError(init);
}

/**
 * Throws the typed error when `json` is the error envelope of part 7 (whatever the HTTP status),
 * otherwise returns `json` unchanged.
 */
export function checkForErrors<T>(json: T, operation: string, httpStatus = 200, retryAfterMs?: number): T {
  const envelope = json as Envelope;
  if (envelope === null || typeof envelope !== "object" || envelope.error === undefined || envelope.error === null) return json;
  const e = envelope.error;
  const code = typeof e.code === "number" ? e.code : Number(e.code) || (httpStatus >= 400 ? httpStatus : 500);
  const details = Array.isArray(e.details) ? e.details : e.details === undefined ? [] : [e.details];
  const message = typeof e.message === "string" && e.message !== "" ? e.message : "the portal returned an error";
  throw portalErrorFor({
    code,
    messageCode: typeof e.messageCode === "string" ? e.messageCode : undefined,
    message: [message, ...details.filter((d): d is string => typeof d === "string" && d !== message)].join(" "),
    details,
    operation,
    httpStatus,
    retryAfterMs,
  });
}

/** True when `e` is a not-found answer: reads turn it into "gone", deletes into "done" (spec.md#design-create-delete-read). */
export function isNotFound(e: unknown): e is NotFoundError {
  return e instanceof NotFoundError;
}

/** The answer of a read, or undefined when the portal says the thing is not there. */
export async function orUndefinedIfNotFound<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Waits for a delete; a thing already gone counts as deleted (spec.md#design-create-delete-read). */
export async function doneIfNotFound(call: Promise<unknown>): Promise<void> {
  await orUndefinedIfNotFound(call);
}
