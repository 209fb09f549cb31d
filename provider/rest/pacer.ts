// Requests to a portal that has rate-limited us are spaced, not sent in bursts. A portal answers
// 429 with Retry-After once a client passes its limit of N requests in a window (a second); waiting
// out Retry-After and then sending everything again at once meets the limit again at the next
// burst, so each cycle costs the whole Retry-After (whole seconds) on top of the requests.
//
// The pacer keeps the same count the portal keeps (docs/dev/decisions.md). It notes when each
// request starts and when its answer comes back. At the first 429s it learns N: the requests that
// started in the window before the burst's latest refused one and were not refused themselves. From
// then on a request starts only when fewer than N of those let through reached the portal in the
// window (plus a small margin) before it will: an answered request reached it no later than its
// answer came back, less half the shortest round trip, so a send our event loop delayed is never
// counted early. Once that window is full, starts are spread window / N apart, each at an absolute
// planned time (the previous one's + window / N), so a stall lets the overdue ones catch up at once
// instead of losing the time, while the count still bounds them. Starts are taken in order, one at
// a time, at the times they really start. A 429 to a paced request means our count and the
// portal's disagree by more than the margin: the margin doubles (at most a quarter of the window;
// once for the requests started before it widened), and past that N is lowered. A Retry-After
// holds every start until it has passed. Until a 429 nothing is delayed. One pacer per origin.

export interface PacerOptions {
  /** The window the portal counts in, in ms (portals count per second). */
  windowMs: number;
  /** Time added to each window (ms) at first: the portal's clock sees our starts a little later or sooner. */
  marginMs: number;
}

export const PACER_DEFAULTS: PacerOptions = { windowMs: 1000, marginMs: 5 };

/** A start the pacer let through (handed back with the answer). */
export interface Start {
  readonly at: number;
  /** Its place in the order of starts. */
  readonly seq: number;
  /** Was the request sent before the pacer paced (the burst that met the limit)? */
  readonly unpaced: boolean;
  refused: boolean;
  /** When its answer (not a 429) came back. */
  answeredAt?: number;
}

export class Pacer {
  /** Requests a window the portal accepts, once learned. */
  private limit?: number;
  private marginMs: number;
  /** Starts of the last four windows, oldest first (`first` is the oldest kept). */
  private starts: Start[] = [];
  private first = 0;
  private count = 0;
  /** The planned time of the next start (absolute): the previous one's + window / limit. */
  private nextAt = -Infinity;
  /** No start before this (a Retry-After). */
  private heldUntil = -Infinity;
  /** The end of the queue of starts waiting their turn, and how many wait. */
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  /** The latest start refused in the burst that met the limit. */
  private burstEnd?: Start;
  /** The shortest round trip seen (ms): half of it is the way back of each answer. */
  private minRttMs = Infinity;
  /** When the margin was last widened: the 429s of requests started before widen it once. */
  private widenedAt = -Infinity;

  constructor(
    private readonly now: () => number,
    private readonly options: PacerOptions = PACER_DEFAULTS,
  ) {
    this.marginMs = options.marginMs;
  }

  /** Requests a second the pacer keeps to; undefined until the portal has rate-limited us. */
  get rate(): number | undefined {
    return this.limit === undefined ? undefined : (this.limit * 1000) / (this.options.windowMs + this.marginMs);
  }

  /** Requests a window the portal accepts, as learned (undefined: not yet). */
  get learnedLimit(): number | undefined {
    return this.limit;
  }

  /** No request starts for `ms` from now (a Retry-After). */
  holdFor(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, this.now() + ms);
  }

  /**
   * Waits for this request's turn (`sleep` waits ms) and notes its start: at once while nothing is
   * paced or held; else in order, after the previous one. Resolves to the start and the ms waited.
   */
  take(sleep: (ms: number) => Promise<void>, ignoreHold = false): Promise<{ start: Start; waitedMs: number }> {
    if (this.waiting === 0 && this.earliest(ignoreHold) <= this.now()) return Promise.resolve({ start: this.record(ignoreHold), waitedMs: 0 });
    this.waiting++;
    const turn = this.tail.then(async () => {
      // one wait, not a loop: a clock that a test holds still must not spin
      const wait = this.earliest(ignoreHold) - this.now();
      if (wait > 0) await sleep(wait);
      return { start: this.record(ignoreHold), waitedMs: Math.max(0, wait) };
    });
    const done = turn.finally(() => this.waiting--);
    this.tail = done.catch(() => undefined);
    return done;
  }

  /** The portal answered the request of `start` (anything but 429). */
  answered(start: Start): void {
    start.answeredAt = this.now();
    this.minRttMs = Math.min(this.minRttMs, start.answeredAt - start.at);
  }

  /** The portal answered 429 to the request of `start`: learn its limit, or widen the margin. */
  throttled(start: Start): void {
    start.refused = true;
    if (this.limit === undefined || start.unpaced) {
      // the burst that met the limit: what the portal let through in the window before its latest
      // refused start (the portal may take requests in another order than they started: counted
      // again at each refusal, the count settles once the burst's answers are in)
      if (this.burstEnd === undefined || start.seq > this.burstEnd.seq) this.burstEnd = start;
      this.limit = Math.max(1, this.acceptedBefore(this.burstEnd));
      return;
    }
    if (start.at <= this.widenedAt) return;
    this.widenedAt = this.now();
    if (this.marginMs < this.options.windowMs / 4) this.marginMs = Math.min(this.options.windowMs / 4, this.marginMs * 2);
    else this.limit = Math.max(1, Math.min(this.limit - 1, this.acceptedBefore(start)));
  }

  /** When the next start may go: after a hold, at its planned time, and when fewer than the limit of the requests let through reached the portal in the window (+ margin) before it reaches it. */
  private earliest(ignoreHold = false): number {
    const held = ignoreHold ? -Infinity : this.heldUntil;
    if (this.limit === undefined) return held;
    return Math.max(held, this.nextAt, this.limitThArrival() - this.oneWay() + this.options.windowMs + this.marginMs);
  }

  /** Half the shortest round trip: how long after its start a request reaches the portal, and an answer comes back. */
  private oneWay(): number {
    return Number.isFinite(this.minRttMs) ? this.minRttMs / 2 : 0;
  }

  /**
   * When the limit-th latest request let through reached the portal (-Infinity: fewer). An answered
   * one reached it no later than its answer came back, less the way back (so a start our event loop
   * delayed is not counted early); one not answered yet, its start and the way there.
   */
  private limitThArrival(): number {
    const limit = this.limit!;
    const arrivals: number[] = [];
    // two windows back are enough: an older start reached the portal more than a window ago
    const since = this.now() - 2 * this.options.windowMs;
    for (let i = this.starts.length - 1; i >= this.first && this.starts[i].at >= since; i--) {
      const s = this.starts[i];
      if (!s.refused) arrivals.push(s.answeredAt !== undefined ? s.answeredAt - this.oneWay() : s.at + this.oneWay());
    }
    if (arrivals.length < limit) return -Infinity;
    arrivals.sort((a, b) => b - a);
    return arrivals[limit - 1];
  }

  private record(ignoreHold: boolean): Start {
    const at = this.now();
    // planned at its earliest time (in the past after a stall: the next ones catch up)
    if (this.limit !== undefined) this.nextAt = Math.min(this.earliest(ignoreHold), at) + this.options.windowMs / this.limit;
    const start: Start = { at, seq: this.count++, unpaced: this.limit === undefined, refused: false };
    this.starts.push(start);
    this.trim(at);
    return start;
  }

  /** The starts before `x`, within a window of it, that were not refused (the ones still unanswered count as let through). */
  private acceptedBefore(x: Start): number {
    const from = x.at - this.options.windowMs;
    let n = 0;
    for (let i = this.first; i < this.starts.length; i++) {
      const s = this.starts[i];
      if (s.seq < x.seq && s.at > from && !s.refused) n++;
    }
    return n;
  }

  /** Forgets starts older than four windows (a 429 answered late still finds the window before it). */
  private trim(t: number): void {
    const horizon = t - 4 * this.options.windowMs;
    while (this.first < this.starts.length && this.starts[this.first].at < horizon) this.first++;
    if (this.first > 1024 && this.first * 2 > this.starts.length) {
      this.starts = this.starts.slice(this.first);
      this.first = 0;
    }
  }
}
