// One answer → a value or a typed error (spec.md#errors, spec.md#gap-error-transport): every JSON
// body goes through checkForErrors whatever the HTTP status; a non-JSON error page keeps its status.
import { PortalError, checkForErrors, portalErrorFor } from "./errors";
import { parseRetryAfter } from "./retry";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

export interface ParseOptions {
  /** Return the bytes instead of JSON (item data). */
  raw?: boolean;
  /** A body with a `status` text is a job document even with an `error` member. */
  jobDocument?: boolean;
}

export function parseResponse<T>(operation: string, res: RawResponse, options: ParseOptions, now: number): T {
  const { status, bytes } = res;
  const retryAfterMs = parseRetryAfter(res.headers["retry-after"], now);
  const type = String(res.headers["content-type"] ?? "");
  const looksJson = /json|text\/plain/i.test(type) || /^\s*[{[]/.test(bytes.subarray(0, 64).toString("utf8"));
  let json: unknown;
  if (looksJson && bytes.length > 0) {
    try {
      json = JSON.parse(bytes.toString("utf8"));
    } catch {
      json = undefined;
    }
  }
  const jobDoc = options.jobDocument === true && typeof (json as { status?: unknown } | undefined)?.status === "string";
  if (json !== undefined && !jobDoc) checkForErrors(json, operation, status, retryAfterMs);
  if (status >= 400) {
    throw portalErrorFor({ code: status, message: `HTTP ${status} ${bytes.subarray(0, 200).toString("utf8")}`, operation, httpStatus: status, retryAfterMs });
  }
  if (options.raw === true) return bytes as T;
  if (json === undefined) {
    throw new PortalError({ code: 502, message: `expected JSON, got ${type || "no content type"}: ${bytes.subarray(0, 120).toString("utf8")}`, operation, httpStatus: status });
  }
  return json as T;
}
