// Throttling as a real portal does it (the control plane's `throttle`): at most N requests per
// second per client, the client known by its token (query, form field or Authorization header), else
// by its address. Past the limit the answer is HTTP 429 with `Retry-After` in whole seconds: when
// the oldest request of the last second leaves the window. A refused request does not count.
import { EmulatorError, badRequest } from "./errors";

const WINDOW_MS = 1000;

export interface ThrottleSpec {
  /** Requests per second per client; 0 or absent: no limit. */
  requestsPerSecond?: number;
}

export class Throttle {
  private limit = 0;
  private readonly seen = new Map<string, number[]>();
  /** Answers refused since the limit was set (the control plane reports it). */
  refused = 0;
  /** Requests let through since the limit was set. */
  passed = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  set(spec: ThrottleSpec): { requestsPerSecond: number } {
    const n = spec.requestsPerSecond ?? 0;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 1_000_000) throw badRequest("requestsPerSecond must be an integer from 0 (no limit) to 1000000.");
    this.limit = n;
    this.seen.clear();
    this.refused = 0;
    this.passed = 0;
    return { requestsPerSecond: n };
  }

  state(): { requestsPerSecond: number; passed: number; refused: number } {
    return { requestsPerSecond: this.limit, passed: this.passed, refused: this.refused };
  }

  /** Counts one request of `client`; the 429 to answer when it is past the limit. */
  take(client: string): EmulatorError | undefined {
    if (this.limit === 0) return undefined;
    const now = this.now();
    const times = this.seen.get(client) ?? [];
    let drop = 0;
    while (drop < times.length && times[drop] <= now - WINDOW_MS) drop++;
    if (drop > 0) times.splice(0, drop);
    if (times.length >= this.limit) {
      this.refused++;
      const seconds = Math.max(1, Math.ceil((times[0] + WINDOW_MS - now) / 1000));
      return new EmulatorError(429, `Too many requests: more than ${this.limit} a second from this client. Retry after ${seconds} s.`, undefined, [], { "Retry-After": String(seconds) });
    }
    times.push(now);
    this.seen.set(client, times);
    this.passed++;
    return undefined;
  }
}

/** The client a request counts against: its token, else its address. */
export function clientOf(req: { query?: unknown; body?: unknown; headers: Record<string, string | string[] | undefined>; ip: string }): string {
  const field = (o: unknown) => (o && typeof o === "object" && typeof (o as Record<string, unknown>).token === "string" ? ((o as Record<string, unknown>).token as string) : "");
  const header = String(req.headers["x-esri-authorization"] ?? req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  const token = field(req.query) || field(req.body) || header;
  return token !== "" ? `token ${token}` : `ip ${req.ip}`;
}
