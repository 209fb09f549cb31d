// ONE poller for the three kinds of asynchronous work (spec.md#design-timeouts): the status of an async add
// or a commit (spec.md#async-add, spec.md#gap-item-status-read), append jobs (spec.md#append-job-states, spec.md#append-job-record) and URL-report jobs
// (spec.md#url-report-job-states, spec.md#url-report-job). The host ignores customTimeouts, so the deadline is ours: it comes from an
// input, with a sensible default, and the error says what it waited for and the last status seen.
import { JOB_POLL } from "../../spec/limits";
import { JobFailedError, JobTimeoutError } from "./errors";

export const POLL_DEFAULTS = {
  /** Deadline when the caller gives none. */
  timeoutMs: 10 * 60_000,
  /** Shortest interval between two polls of one job (the fast phase's, on a short link). */
  initialDelayMs: JOB_POLL.initialDelayMs,
  /** Cap of the interval that grows with the time waited. */
  maxDelayMs: JOB_POLL.maxDelayMs,
  /** Polls of one job in flight at once, staggered by the round trip / maxInFlight. */
  maxInFlight: JOB_POLL.maxInFlight,
  /** The first polls, this long, keep the shortest interval; past it the interval is elapsed × initialDelayMs / fastPhaseMs. */
  fastPhaseMs: JOB_POLL.fastPhaseMs,
} as const;

/**
 * The interval between two polls' sends (limits.ts JOB_POLL): the shortest interval, or the round
 * trip over the polls in flight (a poll reaching the portal every RTT / maxInFlight), or, past the
 * fast phase, a share of the time waited (capped at maxDelayMs), whichever is longest.
 */
export function pollIntervalMs(elapsedMs: number, rttMs: number | undefined, o: { initialDelayMs?: number; maxDelayMs?: number } = {}): number {
  const initial = o.initialDelayMs ?? POLL_DEFAULTS.initialDelayMs;
  const max = Math.max(initial, o.maxDelayMs ?? POLL_DEFAULTS.maxDelayMs);
  const late = elapsedMs > POLL_DEFAULTS.fastPhaseMs ? Math.min(max, (elapsedMs * initial) / POLL_DEFAULTS.fastPhaseMs) : 0;
  return Math.max(initial, (rttMs ?? 0) / POLL_DEFAULTS.maxInFlight, late);
}

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
  /** Fetches the current status document once (up to POLL_DEFAULTS.maxInFlight calls at once). */
  fetch: () => Promise<T>;
  /** Reads the status text of a document. Default: `doc.status`. */
  statusOf?: (doc: T) => unknown;
  /** Deadline in ms from the first poll. Default POLL_DEFAULTS.timeoutMs. */
  timeoutMs?: number;
  /** Shortest interval between two polls. */
  initialDelayMs?: number;
  /** Cap of the interval that grows with the time waited. */
  maxDelayMs?: number;
  now?: () => number;
  /** Waits (default: a timer, cleared when an answer comes first). */
  sleep?: (ms: number) => Promise<void>;
  /** Told the status and the time waited after each answer that shows the job still going (progress lines). */
  onWait?: (status: string, elapsedMs: number) => void;
}

/** One poll's outcome; never a rejection, so a poll still in flight when the job ends leaves none unhandled. */
type Answer<T> = { seq: number; sent: number; doc?: T; error?: unknown; failed: boolean };

/**
 * Polls until the job is done (returns its first document that says so), failed, or past its
 * deadline. Up to maxInFlight polls are in flight, each sent pollIntervalMs after the previous one;
 * the round trip is measured from the answers (smoothed as TCP does, 1/8 per answer), so on a long
 * link two polls reach the portal half a round trip apart and an end is seen within one round trip.
 */
export async function pollJob<T extends object>(o: PollOptions<T>): Promise<T> {
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? POLL_DEFAULTS.timeoutMs;
  const statusOf = o.statusOf ?? ((d: T) => (d as JobDocument).status);
  const started = now();
  const deadline = started + timeoutMs;
  const inFlight = new Map<number, Promise<Answer<T>>>();
  let seq = 0;
  let nextSendAt = started;
  let rtt: number | undefined;
  let newest: Answer<T> | undefined;
  for (;;) {
    const t = now();
    if (inFlight.size < POLL_DEFAULTS.maxInFlight && t >= nextSendAt) {
      const poll = { seq: ++seq, sent: t };
      inFlight.set(
        poll.seq,
        Promise.resolve()
          .then(o.fetch)
          .then(
            (doc) => ({ ...poll, doc, failed: false }),
            (error: unknown) => ({ ...poll, error, failed: true }),
          ),
      );
      // the next send is timed from this one, not from its answer (a round trip is not added to
      // every interval), and never past the deadline (the last poll goes out at it)
      nextSendAt = Math.min(t + pollIntervalMs(t - started, rtt, o), deadline);
      continue;
    }
    const timer = inFlight.size < POLL_DEFAULTS.maxInFlight ? wait(Math.max(0, nextSendAt - t), o.sleep) : undefined;
    const answer = await Promise.race([...inFlight.values(), ...(timer ? [timer.done.then(() => undefined)] : [])]);
    timer?.cancel();
    if (answer === undefined) continue; // time for the next poll
    inFlight.delete(answer.seq);
    if (answer.failed) throw answer.error;
    const doc = answer.doc as T;
    const sample = now() - answer.sent;
    rtt = rtt === undefined ? sample : rtt + (sample - rtt) / 8;
    const state = jobState(statusOf(doc));
    if (state === "done") return doc;
    if (state === "failed") throw new JobFailedError(o.operation, o.what, doc, failureReason(doc as JobDocument));
    if (!newest || answer.seq > newest.seq) newest = answer;
    const last = newest.doc as T;
    if (deadline - now() <= 0) throw new JobTimeoutError(o.operation, o.what, last, timeoutMs, describeStatus(last, statusOf));
    o.onWait?.(String(statusOf(last) ?? "pending"), now() - started);
  }
}

/** A wait that can be cut short: the default timer is cleared; an injected sleep runs out unheeded. */
function wait(ms: number, sleep?: (ms: number) => Promise<void>): { done: Promise<void>; cancel: () => void } {
  if (sleep) return { done: sleep(ms), cancel: () => undefined };
  let handle: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<void>((resolve) => (handle = setTimeout(resolve, ms)));
  return { done, cancel: () => clearTimeout(handle) };
}

function describeStatus<T extends object>(doc: T, statusOf: (d: T) => unknown): string {
  const d = doc as JobDocument;
  const extra = ["statusMessage", "recordCount", "lastUpdatedTime", "modified"]
    .filter((k) => d[k] !== undefined && d[k] !== "")
    .map((k) => `${k}=${JSON.stringify(d[k])}`);
  return [JSON.stringify(statusOf(doc) ?? null), ...extra].join(", ");
}
