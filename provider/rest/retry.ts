// The retry policy (spec.md#design-transport; octokit plugin-retry habit): defaults in ONE object,
// a pure decision function, no I/O. The client asks `retryDelay()` after each failed attempt.
// 429 is retried for every request (the portal refused it before running it). 5xx and dropped
// connections are retried only for requests marked safeToRetry (docs/retries.md lists them): reads,
// assigns, setContentStatus and addItem with itemIdToCreate. Append and addItem without
// itemIdToCreate are never repeated blindly.
import { NetworkError, PortalError } from "./errors";

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** Delay before the first retry; doubles each time. */
  baseDelayMs: number;
  /** Cap of one backoff delay (a longer Retry-After is still honoured up to maxRetryAfterMs). */
  maxDelayMs: number;
  /** A Retry-After beyond this is not waited for: the error is thrown instead. */
  maxRetryAfterMs: number;
  /** Codes never retried even on safe requests (client errors, auth: refreshed separately). */
  doNotRetry: readonly number[];
  /** Share of the delay that is random ("equal jitter"): 0.5 means delay/2 + random(delay/2). */
  jitter: number;
  /**
   * Repeat a request the portal's host refused or whose name did not resolve (UNREACHABLE_CODES)?
   * The client sets it false until the portal has answered once (the preview's first read: a wrong
   * portal:url far more often than an outage); after that, true (a portal restarting mid-`up`
   * refuses connections for a while).
   */
  retryUnreachable: boolean;
}

export const RETRY_DEFAULTS: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451, 498, 499],
  jitter: 0.5,
  retryUnreachable: true,
};

/** Network failures that say the portal's address is wrong rather than the portal busy: nothing listens there, or no such host. */
export const UNREACHABLE_CODES: readonly string[] = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"];

/** The system error code of a network failure (`ECONNREFUSED`), undici's or its cause's. */
export function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; cause?: { code?: unknown } } }).cause;
  const code = cause?.code ?? cause?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** True for a connection refused or a host name that does not resolve. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError && UNREACHABLE_CODES.includes(networkCode(error) ?? "");
}

/** True for answers worth repeating: no answer at all, a 5xx, or 429 (rate limited). */
export function isRetryable(error: unknown, policy: RetryPolicy = RETRY_DEFAULTS): boolean {
  if (error instanceof NetworkError) return true;
  if (!(error instanceof PortalError)) return false;
  if (policy.doNotRetry.includes(error.code)) return false;
  return error.code === 429 || (error.code >= 500 && error.code <= 599);
}

/**
 * Milliseconds to wait before retry number `attempt + 1`, or undefined when the request must not
 * be repeated (not safe, not retryable, retries used up, or Retry-After too long).
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  safeToRetry: boolean,
  policy: RetryPolicy = RETRY_DEFAULTS,
  random: () => number = Math.random,
): number | undefined {
  // 429 means the portal did not run the request: it is safe to send again after the wait, whatever it does
  const throttled = error instanceof PortalError && error.code === 429;
  if ((!safeToRetry && !throttled) || attempt >= policy.retries || !isRetryable(error, policy)) return undefined;
  if (!policy.retryUnreachable && isUnreachable(error)) return undefined;
  const retryAfterMs = error instanceof PortalError ? error.retryAfterMs : undefined;
  if (retryAfterMs !== undefined) return retryAfterMs > policy.maxRetryAfterMs ? undefined : retryAfterMs;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(exp * (1 - policy.jitter) + exp * policy.jitter * random());
}

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
