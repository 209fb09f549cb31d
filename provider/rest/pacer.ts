// Requests to a portal that has rate-limited us are spaced, not sent in bursts. A portal answers
// 429 with Retry-After once a client passes its requests-per-second limit; waiting out Retry-After
// and then sending everything again at once meets the limit again at the next burst, so each cycle
// costs the whole Retry-After (whole seconds) on top of the requests. After the first 429 the pacer
// learns the rate the portal accepted (answers in the last window) and spaces request starts a little
// below it; another 429 lowers the rate again. Until a 429 nothing is delayed. One pacer per origin.

export interface PacerOptions {
  /** The window the portal counts in, in ms (portals count per second). */
  windowMs: number;
  /** Share of the accepted rate the pacer keeps to (a little under the limit: the portal's clock is not ours). */
  headroom: number;
}

export const PACER_DEFAULTS: PacerOptions = { windowMs: 1000, headroom: 0.95 };

export class Pacer {
  /** Answers the portal accepted in the current window and in the one before (two buckets: O(1) a request). */
  private windowStart = 0;
  private count = 0;
  private previous = 0;
  private intervalMs = 0;
  private nextStart = 0;
  /** When the rate was last lowered: the 429s of one burst (requests in flight together) lower it once. */
  private loweredAt = -Infinity;

  constructor(
    private readonly now: () => number,
    private readonly options: PacerOptions = PACER_DEFAULTS,
  ) {}

  /** Requests a second the pacer keeps to; undefined until the portal has rate-limited us. */
  get rate(): number | undefined {
    return this.intervalMs > 0 ? this.options.windowMs / this.intervalMs : undefined;
  }

  /** Milliseconds to wait before the next request starts (0 while not pacing); takes its slot. */
  slot(): number {
    if (this.intervalMs === 0) return 0;
    const t = this.now();
    const start = Math.max(t, this.nextStart);
    this.nextStart = start + this.intervalMs;
    return start - t;
  }

  /** The portal answered a request (anything but 429). */
  answered(): void {
    this.roll(this.now());
    this.count++;
  }

  /** The portal answered 429: keep to a little under what it accepted in the last window. */
  throttled(): void {
    const t = this.now();
    if (t - this.loweredAt < this.options.windowMs) return;
    this.loweredAt = t;
    this.roll(t);
    const accepted = Math.max(this.count, this.previous);
    const current = this.rate ?? Infinity;
    const learned = Math.max(1, Math.min(current, accepted) * this.options.headroom);
    this.intervalMs = this.options.windowMs / learned;
  }

  private roll(t: number): void {
    const w = this.options.windowMs;
    if (t < this.windowStart + w) return;
    this.previous = t < this.windowStart + 2 * w ? this.count : 0;
    this.count = 0;
    this.windowStart = t;
  }
}
