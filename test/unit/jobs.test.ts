// The one job poller (spec.md#design-timeouts; spec.md#async-add, spec.md#append-job-states, spec.md#url-report-job-states): done, failed with the job's reason,
// deadline with what it waited for and the last status, and the schedule of limits.ts JOB_POLL (issue 28):
// up to two polls in flight staggered by half the measured round trip, at most one poll per 40 ms,
// past the fast phase an interval of 2% of the time waited, up to 500 ms. Times here are virtual
// (a clock that runs timers in order when nothing else is left to do), so every figure is exact.
import assert from "node:assert/strict";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { JOB_POLL } from "../../spec/limits";
import { JobFailedError, JobTimeoutError } from "../../provider/rest/errors";
import { jobState, pollIntervalMs, pollJob, POLL_DEFAULTS } from "../../provider/rest/jobs";
import { getAppendJob, waitForAppendJob } from "../../provider/ops/features";
import { scripted } from "./mockPortal";

/** Virtual time: sleep(ms) resolves when the clock reaches it; run(p) advances to the next timer whenever only timers are left. */
function virtualClock() {
  let t = 0;
  let order = 0;
  const timers: { at: number; order: number; resolve: () => void }[] = [];
  const sleep = (ms: number) => new Promise<void>((resolve) => void timers.push({ at: t + Math.max(0, ms), order: order++, resolve }));
  async function run<T>(p: Promise<T>): Promise<T> {
    let settled = false;
    const watched = p.finally(() => void (settled = true));
    watched.catch(() => undefined);
    for (;;) {
      await new Promise((r) => setImmediate(r)); // every promise callback runs first
      if (settled) return watched;
      timers.sort((x, y) => x.at - y.at || x.order - y.order);
      const next = timers.shift();
      if (!next) throw new Error("deadlock: nothing in flight and no timer");
      t = next.at;
      next.resolve();
    }
  }
  return { now: () => t, sleep, run };
}

/**
 * A job behind a link of `rtt` ms: a poll reaches the portal rtt/2 after it was sent and reads the
 * job's state there; its answer comes back rtt/2 later (`slow(n)` adds to poll n's answer).
 */
function linkedJob(clock: ReturnType<typeof virtualClock>, rtt: number, endsAt: number, slow: (n: number) => number = () => 0) {
  const sends: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async () => {
    const n = sends.push(clock.now());
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    await clock.sleep(rtt / 2);
    const status = clock.now() >= endsAt ? "Completed" : "InProgress";
    await clock.sleep(rtt / 2 + slow(n));
    inFlight--;
    return { status, poll: n };
  };
  return { fetch, sends, maxInFlight: () => maxInFlight };
}

async function noticed(rtt: number, endsAt: number) {
  const clock = virtualClock();
  const job = linkedJob(clock, rtt, endsAt);
  const doc = await clock.run(pollJob({ operation: "appendJob", what: "append job j", fetch: job.fetch, now: clock.now, sleep: clock.sleep }));
  assert.equal(doc.status, "Completed");
  return { gap: clock.now() - endsAt, polls: job.sends.length, sends: job.sends, maxInFlight: job.maxInFlight() };
}

describe("unit: job poller (spec.md#design-timeouts)", () => {
  it("3.2/3.3/3.4: one state table for item status, append jobs and URL-report jobs", () => {
    for (const s of ["processing", "partial", "Pending", "InProgress", "running", ""]) assert.equal(jobState(s), "pending", s);
    for (const s of ["completed", "Completed", "COMPLETED"]) assert.equal(jobState(s), "done", s);
    for (const s of ["failed", "Failed"]) assert.equal(jobState(s), "failed", s);
  });

  it("the interval: the shortest for the fast phase, half the round trip on a long link, then 2% of the time waited up to the cap", () => {
    assert.equal(POLL_DEFAULTS.maxInFlight, 2);
    assert.equal(pollIntervalMs(0, undefined), JOB_POLL.initialDelayMs);
    assert.equal(pollIntervalMs(1_000, 1), JOB_POLL.initialDelayMs);
    assert.equal(pollIntervalMs(1_000, 240), 120);
    assert.equal(pollIntervalMs(JOB_POLL.fastPhaseMs, 1), JOB_POLL.initialDelayMs);
    assert.equal(pollIntervalMs(4 * JOB_POLL.fastPhaseMs, 1), 4 * JOB_POLL.initialDelayMs);
    assert.equal(pollIntervalMs(3_600_000, 1), JOB_POLL.maxDelayMs);
    assert.equal(pollIntervalMs(3_600_000, 4_000), 2_000, "a link longer than twice the cap keeps two polls in flight");
    assert.equal(pollIntervalMs(3_600_000, 1, { maxDelayMs: 1_000 }), 1_000);
    assert.equal(pollIntervalMs(0, 1, { initialDelayMs: 100 }), 100);
  });

  it("over a network: a job's end is noticed within one round trip in the fast phase, with two polls in flight half a round trip apart (issue 28)", async () => {
    for (const rtt of [2, 20, 80, 240, 500]) {
      // from the first answer on (before it the round trip is unknown: the second poll goes at the shortest interval)
      for (let endsAt = 1.5 * rtt + 1; endsAt < JOB_POLL.fastPhaseMs; endsAt += 97) {
        const r = await noticed(rtt, endsAt);
        const bound = Math.max(rtt, rtt / 2 + JOB_POLL.initialDelayMs);
        assert.ok(r.gap <= bound, `rtt ${rtt} ms, job ended at ${endsAt} ms: noticed ${r.gap} ms later, more than ${bound}`);
        assert.ok(r.gap >= rtt / 2, "no poll sees the end before its answer has come back");
        assert.ok(r.maxInFlight <= POLL_DEFAULTS.maxInFlight);
      }
    }
    // a long link: after the first answer, sends go every half round trip, two in flight
    const far = await noticed(240, 1_900);
    const steady = far.sends.slice(3).map((s, i) => s - far.sends[2 + i]);
    assert.ok(steady.length > 5 && steady.every((d) => d === 120), `intervals ${steady.join(", ")}`);
    assert.equal(far.maxInFlight, 2);
    // a job that ends at once: the first poll's answer, or the second's (40 ms later)
    assert.ok((await noticed(80, 0)).gap <= 80);
    assert.ok((await noticed(240, 0)).gap <= 240);
  });

  it("past the fast phase: noticed within half a round trip plus 2% of the time waited (at most 500 ms)", async () => {
    for (const rtt of [2, 80, 240]) {
      for (const endsAt of [2_500, 4_100, 6_300, 13_000, 31_000, 47_000]) {
        const r = await noticed(rtt, endsAt);
        const bound = rtt / 2 + pollIntervalMs(endsAt, rtt);
        assert.ok(r.gap <= bound, `rtt ${rtt} ms, job ended at ${endsAt} ms: noticed ${r.gap} ms later, more than ${bound}`);
      }
    }
  });

  it("the request rate per job: at most one poll per 40 ms and two in flight, then one per 2% of the time waited, then 2 a second", async () => {
    for (const rtt of [1, 80, 240]) {
      const r = await noticed(rtt, 60_000);
      const gaps = r.sends.slice(1).map((s, i) => s - r.sends[i]);
      assert.ok(gaps.every((d) => d >= JOB_POLL.initialDelayMs), `rtt ${rtt}: an interval under ${JOB_POLL.initialDelayMs} ms`);
      for (const [i, d] of gaps.entries()) {
        const at = r.sends[i];
        if (at > JOB_POLL.fastPhaseMs) assert.ok(d >= Math.min(JOB_POLL.maxDelayMs, (at * JOB_POLL.initialDelayMs) / JOB_POLL.fastPhaseMs) - 1e-9, `rtt ${rtt}: ${d} ms after ${at} ms`);
      }
      assert.ok(r.maxInFlight <= 2);
      // limits.ts: 50 in the fast phase, 50·ln(25 / 2) to 25 s, 2 a second after
      const bound = 50 + 50 * Math.log(25 / 2) + 2 * 35 + 3;
      assert.ok(r.polls <= bound, `rtt ${rtt}: ${r.polls} polls for a 60 s job, more than ${Math.round(bound)}`);
    }
  });

  it("a slow answer holds the next poll: never more than two in flight; answers out of order; the first that says done wins", async () => {
    const clock = virtualClock();
    // poll 3 is answered 2 s late; the job ends at 1 s
    const job = linkedJob(clock, 80, 1_000, (n) => (n === 3 ? 2_000 : 0));
    const doc = await clock.run(pollJob({ operation: "appendJob", what: "append job j", fetch: job.fetch, now: clock.now, sleep: clock.sleep }));
    assert.equal(doc.status, "Completed");
    assert.equal(job.maxInFlight(), 2);
    assert.ok(clock.now() - 1_000 <= 80, `noticed ${clock.now() - 1_000} ms after the end, with poll 3 still out`);
  });

  it("3.2: failed carries the statusMessage; 2.9 messages are joined", async () => {
    const clock = virtualClock();
    await assert.rejects(
      clock.run(pollJob({ operation: "itemStatus", what: "async add of item abc", fetch: async () => ({ status: "failed", statusMessage: "Could not download dataUrl" }), now: clock.now, sleep: clock.sleep })),
      (e: JobFailedError) => e instanceof JobFailedError && /async add of item abc failed: Could not download dataUrl/.test(e.message),
    );
    await assert.rejects(
      clock.run(pollJob({ operation: "appendJob", what: "append job j2", fetch: async () => ({ status: "Failed", messages: [{ description: "upsert on a sync-enabled layer" }] }), now: clock.now, sleep: clock.sleep })),
      /append job j2 failed: upsert on a sync-enabled layer/,
    );
  });

  it("gives up at the deadline, saying what it waited for and the last status seen (the newest poll's, answers out of order)", async () => {
    const clock = virtualClock();
    let n = 0;
    // each poll takes 80 ms, every third one 300 ms more: answers come back out of order
    const fetch = async () => {
      const modified = ++n;
      await clock.sleep(modified % 3 === 0 ? 380 : 80);
      return { status: "processing", modified };
    };
    await assert.rejects(
      clock.run(pollJob({ operation: "urlReportJob", what: "URL-report job r9", fetch, timeoutMs: 10_000, now: clock.now, sleep: clock.sleep })),
      (e: JobTimeoutError) => e instanceof JobTimeoutError && new RegExp(`gave up after 10 s waiting for URL-report job r9; last status seen: "processing", modified=${n}$`).test(e.message),
    );
    assert.ok(clock.now() >= 10_000 && clock.now() <= 10_000 + 380, `gave up at ${clock.now()} ms`);
  });

  it("a poll that fails fails the wait, and the other poll in flight leaves no unhandled rejection", async () => {
    const clock = virtualClock();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      let n = 0;
      const fetch = async () => {
        const k = ++n;
        await clock.sleep(k === 1 ? 100 : 50);
        throw new Error(`connection reset (poll ${k})`);
      };
      await assert.rejects(clock.run(pollJob({ operation: "appendJob", what: "append job j3", fetch, now: clock.now, sleep: clock.sleep })), /connection reset \(poll 2\)/);
      await clock.run(clock.sleep(200)); // poll 1 fails after the wait has given up
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("with real timers, through a small HTTP server: polls until done, at most two at a time", async () => {
    let polls = 0;
    let open = 0;
    let most = 0;
    const server = http.createServer((_req, res) => {
      const k = ++polls;
      most = Math.max(most, ++open);
      setTimeout(() => {
        open--;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ status: k >= 6 ? "completed" : "processing", k }));
      }, 60);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
      const doc = await pollJob({ operation: "itemStatus", what: "commit of item abc", fetch: async () => (await fetch(url)).json() as Promise<{ status: string; k: number }> });
      assert.equal(doc.status, "completed");
      assert.ok(doc.k >= 6);
      assert.ok(most <= POLL_DEFAULTS.maxInFlight, `${most} polls at once`);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("spec.md#gap-job-failures Job failures: a job document with status Failed and an error member reaches the poller", async () => {
    const failed = { status: "Failed", error: { code: 500, message: "the zip file is corrupt" } };
    // a Failed answer more than the reads need: in the fast phase two polls may be in flight, and on
    // a busy machine the second is sent before the first's answer ends the wait
    const s = scripted([{ json: { status: "InProgress" } }, { json: failed }, { json: failed }, { json: failed }]);
    const c = s.client({ sleep: async () => undefined });
    const layer = "https://portal.test/server/rest/services/S/FeatureServer/0";
    await assert.rejects(waitForAppendJob(c, layer, "j7"), (e: JobFailedError) => e instanceof JobFailedError && /append job j7 on layer .* failed: the zip file is corrupt/.test(e.message));
    assert.deepEqual(await getAppendJob(c, layer, "j7"), failed);
    assert.match(s.sent[0].path, /\/S\/FeatureServer\/0\/append\/jobs\/j7\?f=json$/);
  });
});
