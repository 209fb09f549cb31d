// Reliability (spec.md#design-transport retries, Tests "reliability" row): `pulumi up` of the three
// resources through the real engine and the packed package while the emulator injects 503s, a 429
// burst with Retry-After and dropped connections. The request log proves the retries happened and
// that no unsafe operation was ever sent twice; when retries run out the error names the operation
// and the last status, and the next run converges.
import { strict as assert } from "node:assert";
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator";
import { contentSchemaOf, contentStatusOf, memberSchemaOf } from "../provider/resources/portalCalls";
import { clearFaults, clearRequests, countBy, faultsUntil, programContentTree, programMemberTree, requests, setFaults, startEngineFixture, type EngineFixture } from "./support/engine";

/** Operations of an up from scratch whose success must happen exactly once each. */
const WRITES = /\/(assignCategorySchema|assignMemberCategorySchema|setContentStatus)$/;
/** Never safe to repeat (docs/dev/provider-core.md retry table). */
const UNSAFE = /\/(deleteCategorySchema|deleteMemberCategorySchema|delete|update|addItem)$/;

describe("reliability: faults through the real engine (design Transport: retries)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let stack: Stack;
  let itemId: string;

  let fixture: EngineFixture | undefined;

  before(async () => {
    fixture = await startEngineFixture();
    ({ emu, stack, itemId } = fixture);
  });

  afterEach(async () => {
    await clearFaults(emu);
  });

  after(async () => fixture?.close());

  async function assertConverged(): Promise<void> {
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), programContentTree);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), programMemberTree);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), "org_authoritative");
    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 4 }, same.stdout);
  }

  /** Every path answered with a failure was sent again, and each write succeeded exactly once. */
  function assertRetriedSafely(log: Awaited<ReturnType<typeof requests>>, minFailures: number): void {
    const failed = log.filter((r) => r.status !== 200);
    assert.ok(failed.length >= minFailures, `expected ≥ ${minFailures} failed answers, log: ${JSON.stringify(log.map((r) => [r.method, r.path, r.status]))}`);
    for (const f of failed) {
      const retried = log.find((r) => r.seq > f.seq && r.method === f.method && r.path === f.path && r.status === 200);
      assert.ok(retried, `${f.method} ${f.path} failed with ${f.status} and was not retried to success`);
    }
    const writes = countBy(log, (r) => WRITES.test(r.path.split("?")[0]) && r.status === 200);
    assert.deepEqual([...writes.values()], [1, 1, 1], `each write succeeded once: ${JSON.stringify([...writes])}`);
    assert.ok(log.length > 7, "more requests than operations");
    assert.deepEqual([...countBy(log, (r) => UNSAFE.test(r.path.split("?")[0]))], [], "no unsafe operation in an up from scratch");
  }

  it("Transport: 503s on assign and read are retried; up succeeds with each write done once", async () => {
    await clearRequests(emu);
    const faults = await faultsUntil(emu, { rate: 1, codes: [503], paths: "(assign(Member)?CategorySchema|[cC]ategorySchema|setContentStatus|content/items/)" }, 3);
    const up = await stack.up();
    assert.ok((await faults.stop()) >= 3, "the faults were hit");
    assert.equal(up.summary.result, "succeeded");
    const log = await requests(emu);
    assertRetriedSafely(log, 3);
    assert.ok(log.some((r) => r.status === 503));
    // issue 28 scope 4: each retry is a line with its reason, kept in the run's Diagnostics
    const retried = up.stdout.match(/\w+: sent again \(attempt \d+ in [^)]+\) after [^\n]*503[^\n]*/g) ?? [];
    assert.ok(retried.length >= 3, `a line per retry in the output:\n${up.stdout}`);
    await assertConverged();
    await stack.destroy();
  });

  it("Transport: a 429 burst with Retry-After is waited out and retried; up succeeds", async () => {
    await clearRequests(emu);
    // 3 = the client's retries: even one request taking the whole burst still succeeds (deterministic)
    await setFaults(emu, { burst429: { count: 3, retryAfterSeconds: 1 } });
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    const log = await requests(emu);
    assert.equal(log.filter((r) => r.status === 429).length, 3, "the whole burst was answered");
    assertRetriedSafely(log, 3);
    await assertConverged();
    await stack.destroy();
  });

  it("Transport: dropped connections are retried (network errors); up succeeds", async () => {
    await clearRequests(emu);
    const faults = await faultsUntil(emu, { rate: 1, dropConnections: true, paths: "(CategorySchema|setContentStatus|content/items/|portals/self)" }, 3);
    const up = await stack.up();
    await faults.stop();
    assert.equal(up.summary.result, "succeeded");
    const log = await requests(emu);
    assert.ok(log.some((r) => r.status === 0), "a connection was dropped");
    assertRetriedSafely(log, 3);
    await assertConverged();
  });

  it("Transport: deletes are never repeated: a 503 on delete fails destroy after one request each; the next destroy converges", async () => {
    await clearRequests(emu);
    await setFaults(emu, { rate: 1, codes: [503], paths: "delete(Member)?CategorySchema$" });
    await assert.rejects(stack.destroy(), (e: Error) => /deleteCategorySchema failed \(503\)/.test(e.message) && /deleteMemberCategorySchema failed \(503\)/.test(e.message));
    const deletes = countBy(await requests(emu), (r) => /delete(Member)?CategorySchema$/.test(r.path.split("?")[0]));
    assert.deepEqual([...deletes.values()], [1, 1], `one request per delete: ${JSON.stringify([...deletes])}`);
    // the refused deletes left the schemas in place, and in state
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), programContentTree);
    await clearFaults(emu);
    const destroy = await stack.destroy();
    assert.equal(destroy.summary.result, "succeeded");
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), []);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), undefined);
  });

  it("Transport: when retries run out, up fails naming the operation and the last status; the next up converges", async () => {
    await clearRequests(emu);
    await setFaults(emu, { rate: 1, codes: [503], paths: "assignCategorySchema$" });
    await assert.rejects(stack.up(), (e: Error) => {
      assert.match(e.message, /assignCategorySchema failed \(503\): Injected fault 503/);
      return true;
    });
    // 1 attempt + RETRY_DEFAULTS.retries (3), then no more
    const assigns = (await requests(emu)).filter((r) => r.path.endsWith("/assignCategorySchema"));
    assert.deepEqual(assigns.map((r) => r.status), [503, 503, 503, 503]);
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), [], "the failed create left nothing");
    await clearFaults(emu);
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.deepEqual(up.summary.resourceChanges, { create: 1, same: 3 }, "only the failed resource is created");
    await assertConverged();
    await stack.destroy();
  });
});
