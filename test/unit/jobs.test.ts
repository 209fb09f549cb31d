// The one job poller (spec.md#design-timeouts; spec.md#async-add, spec.md#append-job-states, spec.md#url-report-job-states): done, failed with the job's reason,
// deadline with what it waited for and the last status, backoff from 50 ms up to 1 s (limits.ts JOB_POLL).
import assert from "node:assert/strict";
import { JobFailedError, JobTimeoutError } from "../../provider/rest/errors";
import { jobState, pollJob, POLL_DEFAULTS } from "../../provider/rest/jobs";
import { getAppendJob, waitForAppendJob } from "../../provider/ops/features";
import { scripted } from "./mockPortal";

function fakeClock() {
  let t = 0;
  const sleeps: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)), sleeps };
}

describe("unit: job poller (spec.md#design-timeouts)", () => {
  it("3.2/3.3/3.4: one state table for item status, append jobs and URL-report jobs", () => {
    for (const s of ["processing", "partial", "Pending", "InProgress", "running", ""]) assert.equal(jobState(s), "pending", s);
    for (const s of ["completed", "Completed", "COMPLETED"]) assert.equal(jobState(s), "done", s);
    for (const s of ["failed", "Failed"]) assert.equal(jobState(s), "failed", s);
  });

  it("polls until Completed, quickly at first, then backing off to at most the cap", async () => {
    const clock = fakeClock();
    const statuses = [...Array(80).fill("InProgress"), "Completed"];
    let i = 0;
    const doc = await pollJob({ operation: "appendJob", what: "append job j1", fetch: async () => ({ status: statuses[i++], recordCount: i }), ...clock });
    assert.equal(doc.status, "Completed");
    assert.equal(clock.sleeps[0], POLL_DEFAULTS.initialDelayMs);
    assert.ok(POLL_DEFAULTS.initialDelayMs <= 50, "a job that ends at once is noticed within 50 ms");
    assert.ok(clock.sleeps.every((ms, k) => k === 0 || ms >= clock.sleeps[k - 1]));
    assert.equal(Math.max(...clock.sleeps), POLL_DEFAULTS.maxDelayMs);
  });

  it("over a network: the wait runs from when a poll was sent, so a round trip is not added to each interval (issue 28)", async () => {
    const clock = fakeClock();
    const rtt = 40; // each answer takes 40 ms to come back
    const endsAt = 1_000; // the job ends at t = 1 s
    const doc = await pollJob({ operation: "appendJob", what: "append job j2", fetch: async () => ((clock as { now: () => number }).now() >= endsAt ? { status: "Completed" } : (await clock.sleep(rtt), { status: "InProgress" })), ...clock });
    assert.equal(doc.status, "Completed");
    // the first wait is the interval less the round trip the poll took
    assert.equal(clock.sleeps[1], POLL_DEFAULTS.initialDelayMs - rtt);
    // noticed by the first poll sent after the end: within one interval, not interval + round trip
    assert.ok(clock.now() - endsAt <= POLL_DEFAULTS.initialDelayMs, `noticed ${clock.now() - endsAt} ms after the end`);
  });

  it("3.2: failed carries the statusMessage; 2.9 messages are joined", async () => {
    const clock = fakeClock();
    await assert.rejects(
      pollJob({ operation: "itemStatus", what: "async add of item abc", fetch: async () => ({ status: "failed", statusMessage: "Could not download dataUrl" }), ...clock }),
      (e: JobFailedError) => e instanceof JobFailedError && /async add of item abc failed: Could not download dataUrl/.test(e.message),
    );
    await assert.rejects(
      pollJob({ operation: "appendJob", what: "append job j2", fetch: async () => ({ status: "Failed", messages: [{ description: "upsert on a sync-enabled layer" }] }), ...clock }),
      /append job j2 failed: upsert on a sync-enabled layer/,
    );
  });

  it("gives up at the deadline, saying what it waited for and the last status seen", async () => {
    const clock = fakeClock();
    await assert.rejects(
      pollJob({ operation: "urlReportJob", what: "URL-report job r9", fetch: async () => ({ status: "processing", modified: 5 }), timeoutMs: 10_000, ...clock }),
      (e: JobTimeoutError) => e instanceof JobTimeoutError && /gave up after 10 s waiting for URL-report job r9; last status seen: "processing", modified=5/.test(e.message),
    );
    assert.ok(clock.now() >= 10_000 && clock.now() < 10_000 + POLL_DEFAULTS.maxDelayMs + 100);
  });

  it("spec.md#gap-job-failures Job failures: a job document with status Failed and an error member reaches the poller", async () => {
    const failed = { status: "Failed", error: { code: 500, message: "the zip file is corrupt" } };
    const s = scripted([{ json: { status: "InProgress" } }, { json: failed }, { json: failed }]);
    const c = s.client({ sleep: async () => undefined });
    const layer = "https://portal.test/server/rest/services/S/FeatureServer/0";
    await assert.rejects(waitForAppendJob(c, layer, "j7"), (e: JobFailedError) => e instanceof JobFailedError && /append job j7 on layer .* failed: the zip file is corrupt/.test(e.message));
    assert.deepEqual(await getAppendJob(c, layer, "j7"), failed);
    assert.match(s.sent[0].path, /\/S\/FeatureServer\/0\/append\/jobs\/j7\?f=json$/);
  });
});
