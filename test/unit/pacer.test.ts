// The transport's pacing after a 429 (provider/rest/pacer.ts): nothing is delayed until the portal
// rate-limits; then request starts are spaced a little under the rate the portal accepted, the 429s
// of one burst lower it once, and a later 429 lowers it again.
// test/emulator/throttle.test.ts checks it end to end against the emulator's throttle.
import { strict as assert } from "node:assert";
import { Pacer } from "../../provider/rest/pacer";

describe("unit: the transport paces requests after a 429", () => {
  const clock = () => {
    let t = 10_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it("delays nothing until the portal has answered 429", () => {
    const c = clock();
    const p = new Pacer(c.now);
    for (let i = 0; i < 500; i++) {
      assert.equal(p.slot(), 0);
      p.answered();
    }
    assert.equal(p.rate, undefined);
  });

  it("learns the accepted rate from the last window and spaces starts a little under it", () => {
    const c = clock();
    const p = new Pacer(c.now);
    for (let i = 0; i < 50; i++) {
      p.answered();
      c.advance(10);
    }
    p.throttled();
    assert.equal(p.rate, 50 * 0.95);
    const waits = Array.from({ length: 5 }, () => p.slot());
    const interval = 1000 / (50 * 0.95);
    waits.forEach((w, i) => assert.ok(Math.abs(w - i * interval) < 1e-9, `start ${i} waits ${w} ms`));
  });

  it("the 429s of one burst lower the rate once; a 429 a window later lowers it again", () => {
    const c = clock();
    const p = new Pacer(c.now);
    for (let i = 0; i < 40; i++) p.answered();
    for (let i = 0; i < 16; i++) p.throttled();
    assert.equal(p.rate, 40 * 0.95);
    c.advance(1500);
    for (let i = 0; i < 38; i++) p.answered();
    p.throttled();
    assert.ok(Math.abs(p.rate! - 40 * 0.95 * 0.95) < 1e-9, `rate ${p.rate}`);
  });
});
