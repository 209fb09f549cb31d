// ONE poller for the three kinds of asynchronous work (spec.md#design-timeouts): the status of an async add
// or a commit (spec.md#async-add, spec.md#gap-item-status-read), append jobs (spec.md#append-job-states, spec.md#append-job-record) and URL-report jobs
// (spec.md#url-report-job-states, spec.md#url-report-job). The host ignores customTimeouts, so the deadline is ours: it comes from an
// input, with a sensible default, and the error says what it waited for and the last status seen.
import { JOB_POLL } from "../../spec/limits";
import { JobFailedError, JobTimeoutError } from "./errors";

export const POLL_DEFAULTS = {
  /** Deadline when the caller gives none. */
  timeoutMs: 10 * 60_000,
  /** First wait between two polls. */
  initialDelayMs: JOB_POLL.initialDelayMs,
  /** Cap of the wait between two polls. */
  maxDelayMs: JOB_POLL.maxDelayMs,
  /** Growth of the wait after each poll, once the fast phase is over. */
  factor: JOB_POLL.factor,
  /** The first polls, this long, keep the first wait (a short job is noticed at once). */
  fastPhaseMs: JOB_POLL.fastPhaseMs,
} as const;

export type JobState = "pending" | "done" | "failed";

/**
 * The state of a status text, the same for every job kind: "completed"/"Completed" is done,
 * "failed"/"Failed" is failed, anything else ("processing", "partial", "Pending", "InProgress",
 * "running", "esriJobExecuting"…) is still going. Compared case-insensitively (spec.md#gap-append-jobs).
 */
export function jobState(status: unknown): JobState {
  const s = String(status ?? "").toLowerCase().replace(/^esrijob/, "");
  if (s === "completed" || s === "succeeded" || s === "success") return "done";
  if (s === "failed" || s === "cancelled" || s === "canceled" || s === "timedout") return "failed";
  return "pending";
}

/** A status or job document as polled: the fields a poll reads, whatever else it holds. */
export type JobDocument = { status?: unknown; statusMessage?: unknown; messages?: unknown; error?: unknown; [key: string]: unknown };

/** The failure reason of a job document: statusMessage, messages, or error.message. */
export function failureReason(doc: JobDocument): string {
  const parts: string[] = [];
  if (typeof doc.statusMessage === "string" && doc.statusMessage !== "") parts.push(doc.statusMessage);
  if (Array.isArray(doc.messages)) {
    for (const m of doc.messages as unknown[]) {
      const o = (typeof m === "object" && m !== null ? m : {}) as { description?: unknown; message?: unknown };
      parts.push(typeof m === "string" ? m : String(o.description ?? o.message ?? JSON.stringify(m)));
    }
  }
  const error = (typeof doc.error === "object" && doc.error !== null ? doc.error : {}) as { message?: unknown };
  if (typeof error.message === "string") parts.push(error.message);
  return parts.length > 0 ? parts.join("; ") : `status ${String(doc.status)}`;
}

export interface PollOptions<T> {
  /** Operation name for errors, e.g. "append job". */
  operation: string;
  /** What is awaited, in words, e.g. `append job 42 on layer …/FeatureServer/0`. */
  what: string;
  /** Fetches the current status document once. */
  fetch: () => Promise<T>;
  /** Reads the status text of a document. Default: `doc.status`. */
  statusOf?: (doc: T) => unknown;
  /** Deadline in ms from the first poll. Default POLL_DEFAULTS.timeoutMs. */
  timeoutMs?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told the status and the time waited before each wait (progress lines). */
  onWait?: (status: string, elapsedMs: number) => void;
}

/** Polls until the job is done (returns its last document), failed, or past its deadline. */
export async function pollJob<T extends object>(o: PollOptions<T>): Promise<T> {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const timeoutMs = o.timeoutMs ?? POLL_DEFAULTS.timeoutMs;
  const statusOf = o.statusOf ?? ((d: T) => (d as JobDocument).status);
  const started = now();
  const deadline = started + timeoutMs;
  let delay = o.initialDelayMs ?? POLL_DEFAULTS.initialDelayMs;
  const maxDelay = o.maxDelayMs ?? POLL_DEFAULTS.maxDelayMs;
  for (;;) {
    // the wait runs from when this poll was sent, so a round trip is not added to every interval
    // (over a network the answer takes as long as the wait itself; docs/performance.md)
    const sent = now();
    const doc = await o.fetch();
    const state = jobState(statusOf(doc));
    if (state === "done") return doc;
    if (state === "failed") throw new JobFailedError(o.operation, o.what, doc, failureReason(doc as JobDocument));
    const remaining = deadline - now();
    if (remaining <= 0) throw new JobTimeoutError(o.operation, o.what, doc, timeoutMs, describeStatus(doc, statusOf));
    o.onWait?.(String(statusOf(doc) ?? "pending"), now() - started);
    const wait = Math.min(delay - (now() - sent), remaining);
    if (wait > 0) await sleep(wait);
    if (now() - started >= POLL_DEFAULTS.fastPhaseMs) delay = Math.min(maxDelay, Math.round(delay * POLL_DEFAULTS.factor));
  }
}

function describeStatus<T extends object>(doc: T, statusOf: (d: T) => unknown): string {
  const d = doc as JobDocument;
  const extra = ["statusMessage", "recordCount", "lastUpdatedTime", "modified"]
    .filter((k) => d[k] !== undefined && d[k] !== "")
    .map((k) => `${k}=${JSON.stringify(d[k])}`);
  return [JSON.stringify(statusOf(doc) ?? null), ...extra].join(", ");
}
