// The transport's pacing after a 429 (provider/rest/pacer.ts): nothing is delayed until the portal
// rate-limits; then the pacer keeps the portal's own count (no window of ours holds more starts than
// the portal let through in the window before its first 429), spreads the starts over the window
// at absolute times (a stall is caught up, within the count), learns the limit from a burst's
// 429s, and widens its margin, then lowers the limit, at a 429 to a paced request. A clock held by
// the test: no timed assertion. test/emulator/throttle.test.ts checks it end to end against the
// emulator's throttle.
import { strict as assert } from "node:assert";
import { Pacer, type Start } from "../../provider/rest/pacer";

describe("unit: the transport paces requests after a 429", () => {
  /** A clock that moves only when told, or when a start sleeps (the sleeps are kept). */
  const clock = () => {
    let t = 10_000;
    const sleeps: number[] = [];
    return { now: () => t, advance: (ms: number) => (t += ms), sleeps, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)) };
  };
  /** `n` requests started at once, all unanswered; with `refuseLast`, the last one answered 429 (the burst that met the limit). */
  const burstOf = async (p: Pacer, c: ReturnType<typeof clock>, n: number, refuseLast = true): Promise<Start[]> => {
    const starts: Start[] = [];
    for (let i = 0; i < n; i++) starts.push((await p.take(c.sleep)).start);
    if (refuseLast) p.throttled(starts[n - 1]);
    return starts;
  };
  /** The portal's count: most starts in any window of `ms` (a start `ms` after another has left it). */
  const mostInWindow = (at: number[], ms: number) => Math.max(0, ...at.map((a, i) => at.slice(i).filter((b) => b < a + ms).length));

  it("delays nothing until the portal has answered 429", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    for (let i = 0; i < 500; i++) {
      const { waitedMs } = await p.take(c.sleep);
      assert.equal(waitedMs, 0);
    }
    assert.deepEqual(c.sleeps, []);
    assert.equal(p.rate, undefined);
  });

  it("learns the limit from the burst that met it: the starts in the window before its latest refused one that were let through", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    const burst: Start[] = [];
    for (let i = 0; i < 30; i++) {
      burst.push((await p.take(c.sleep)).start);
      c.advance(3);
    }
    // the portal let 20 through and refused 10, not quite in the order they started (13 to 18 passed
    // after 12 was refused); the answers arrive in any order
    const refused = [12, 22, 19, 29, 23, 28, 24, 27, 25, 26];
    const learned = refused.map((i) => {
      p.throttled(burst[i]);
      return p.learnedLimit;
    });
    assert.equal(learned[0], 12, "at the first 429, what is known: twelve let through before it");
    assert.equal(p.learnedLimit, 20, `once the burst's answers are in: the 20 that passed (${learned.join(", ")})`);
    assert.ok(Math.abs(p.rate! - 20_000 / 1020) < 1e-9);
  });

  it("paced: no window holds more than the limit, starts spread over it, a Retry-After holds them all", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    const first = await burstOf(p, c, 21);
    assert.equal(p.learnedLimit, 20);
    p.holdFor(1000);
    const at: number[] = [];
    // 200 requests asked for at once (many workers): each starts in its turn
    const starts = await Promise.all(Array.from({ length: 200 }, () => p.take(c.sleep)));
    for (const s of starts) at.push(s.start.at);
    assert.ok(at.every((a, i) => i === 0 || a >= at[i - 1]), "in order");
    assert.ok(at[0] >= 10_000 + 1000, "not before the Retry-After");
    const all = [...first.slice(0, 20).map((s) => s.at), ...at];
    assert.ok(mostInWindow(all, 1000) <= 20, `at most 20 in any second: ${mostInWindow(all, 1000)}`);
    // spread evenly: the 200 took 10 windows (+ margins), not bursts and long gaps
    const gaps = at.slice(1).map((a, i) => a - at[i]);
    assert.ok(Math.max(...gaps) <= 1000 / 20 + 20 + 1e-9, `largest gap ${Math.max(...gaps)} ms`);
    assert.ok(Math.min(...gaps) >= 1000 / 20 - 1e-9, `smallest gap ${Math.min(...gaps)} ms`);
    const span = at[199] - at[0];
    assert.ok(span <= (199 / 20) * 1020 + 1e-6 && span >= (180 / 20) * 1000, `200 starts over ${span} ms`);
  });

  it("a stalled event loop: the starts that were due catch up at once, never past the limit", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    const burst = await burstOf(p, c, 11);
    c.advance(1100);
    const at: number[] = [];
    for (let i = 0; i < 5; i++) at.push((await p.take(c.sleep)).start.at);
    c.advance(400); // a stall: two planned starts (100 ms apart at 10 a second) are overdue
    for (let i = 0; i < 5; i++) at.push((await p.take(c.sleep)).start.at);
    const afterStall = at.slice(5);
    assert.equal(afterStall[0], afterStall[1], "the overdue starts go at once");
    assert.ok(mostInWindow([...burst.slice(0, 10).map((s) => s.at), ...at], 1000) <= 10);
    assert.ok(at[9] - at[0] < 1000, `ten starts in ${at[9] - at[0]} ms: the stall is made up`);
  });

  it("a 429 to a paced request widens the margin (to a quarter window), then lowers the limit", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    await burstOf(p, c, 41);
    assert.equal(p.learnedLimit, 40);
    const rates: number[] = [p.rate!];
    for (let k = 0; k < 5; k++) {
      const { start } = await p.take(c.sleep);
      p.throttled(start);
      rates.push(p.rate!);
    }
    const expected = [1020, 1040, 1080, 1160, 1250].map((w) => 40_000 / w);
    rates.slice(0, 5).forEach((r, i) => assert.ok(Math.abs(r - expected[i]) < 1e-9, `rate ${i}: ${r}, not ${expected[i]}`));
    assert.ok(p.learnedLimit! < 40, `the limit lowered at the margin's cap: ${p.learnedLimit}`);
  });

  it("an answer that comes back late counts its request as reaching the portal late: the next window waits for it", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    const burst = await burstOf(p, c, 6, false);
    for (const s of burst.slice(0, 5)) p.answered(s); // a 0 ms round trip: the way back is nothing
    p.throttled(burst[5]);
    assert.equal(p.learnedLimit, 5);
    c.advance(1100);
    const paced: Start[] = [];
    for (let i = 0; i < 5; i++) paced.push((await p.take(c.sleep)).start);
    // the first of these was held in our event loop: its answer came 300 ms after it started
    paced.slice(1).forEach((s) => p.answered(s));
    c.advance(300);
    p.answered(paced[0]);
    const next = await p.take(c.sleep);
    assert.ok(next.start.at >= paced[0].at + 300 + 1000, `the sixth starts ${next.start.at - paced[0].at} ms after the first, not before its answer + a window`);
  });

  it("the 429s of requests started before the margin widened widen it once", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    await burstOf(p, c, 11);
    c.advance(2000);
    const paced: Start[] = [];
    for (let i = 0; i < 4; i++) paced.push((await p.take(c.sleep)).start);
    const before = p.rate!;
    paced.forEach((s) => p.throttled(s));
    assert.ok(Math.abs(p.rate! - 10_000 / 1040) < 1e-9 && before > p.rate!, `one widening: ${before} → ${p.rate}`);
  });

  it("the request that saw the Retry-After sends again once it has waited it out: no second wait, nothing counted of the refused one", async () => {
    const c = clock();
    const p = new Pacer(c.now, { windowMs: 1000, marginMs: 20 });
    const { start } = await p.take(c.sleep);
    p.throttled(start);
    p.holdFor(3000);
    const again = await p.take(c.sleep, true);
    assert.equal(again.waitedMs, 0);
    assert.deepEqual(c.sleeps, []);
  });
});
