// Reliability (spec.md#design-create-delete-read, Tests "reliability" row): `pulumi up` killed with SIGKILL while the
// CategorySchema is being created (the emulator holds its assign open with latencyMs). The stack is
// left locked with a pending create; the recovery of docs/recovery.md (cancel, refresh
// --clear-pending-creates, up) converges to exactly the program's state, with nothing duplicated
// in state and nothing left on the portal after destroy.
import { strict as assert } from "node:assert";
import type { ChildProcess } from "node:child_process";
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator";
import { rawStateFile, type FixtureProject } from "../support/pulumi";
import { contentSchemaOf, contentStatusOf, memberSchemaOf } from "../provider/resources/portalCalls";
import { clearFaults, PROJECT, programContentTree, programMemberTree, setFaults, startEngineFixture, type EngineFixture } from "./support/engine";
import { killLikeACrash, pulumi, startPulumi } from "./support/cli";

interface Deployment {
  resources: { urn: string; type: string }[];
  pending_operations?: { type: string; resource: { urn: string } }[];
}

const CATEGORY_URN = `urn:pulumi:dev::${PROJECT}::pulumi-nodejs:dynamic/portal:CategorySchema::org-categories`;

describe("reliability: an up killed mid-create (spec.md#design-create-delete-read; docs/recovery.md)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  let itemId: string;

  let fixture: EngineFixture | undefined;

  before(async () => {
    fixture = await startEngineFixture();
    ({ emu, project, stack, itemId } = fixture);
  });

  after(async () => fixture?.close());

  async function exported(): Promise<Deployment> {
    const r = await pulumi(project, ["stack", "export", "--stack", "dev"]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).deployment;
  }

  /** Waits until the checkpoint records `type` (creating, deleting) of `urn` as in flight. */
  async function pendingOperation(child: ChildProcess, type: string, urn: string): Promise<void> {
    for (;;) {
      let pending: Deployment["pending_operations"] = [];
      try {
        pending = JSON.parse(rawStateFile(project, PROJECT, "dev")).checkpoint?.latest?.pending_operations ?? [];
      } catch {
        // no checkpoint yet, or caught mid-write
      }
      if (pending!.some((p) => p.resource.urn === urn && p.type === type)) return;
      assert.equal(child.exitCode, null, `the run ended before ${type} ${urn}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("rule 6: SIGKILL while CategorySchema is creating; cancel, refresh --clear-pending-creates, up converge", async () => {
    // the assign is held 4 s: the window in which the CLI dies with the create in flight
    await setFaults(emu, { latencyMs: 4000, paths: "assignCategorySchema$" });
    const child = startPulumi(project, ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "dev"]);
    await pendingOperation(child, "creating", CATEGORY_URN);
    await killLikeACrash(child, project);
    await clearFaults(emu);

    // what the user finds: the stack is locked, and the export shows the create as pending
    const locked = await pulumi(project, ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "dev"]);
    assert.notEqual(locked.code, 0);
    assert.match(locked.stderr + locked.stdout, /the stack is currently locked by 1 lock\(s\).*pulumi cancel/s);
    const cancel = await pulumi(project, ["cancel", "--yes", "--stack", "dev"]);
    assert.equal(cancel.code, 0, cancel.stderr);
    const interrupted = await exported();
    // the other two creates may have been checkpointed as pending too, depending on timing
    const pending = interrupted.pending_operations ?? [];
    assert.ok(pending.some((p) => p.type === "creating" && p.resource.urn === CATEGORY_URN), JSON.stringify(pending));
    assert.ok(pending.every((p) => p.type === "creating" && /dynamic\/portal:/.test(p.resource.urn)), JSON.stringify(pending));
    assert.ok(!interrupted.resources.some((r) => r.urn === CATEGORY_URN), "the interrupted create is not in state");

    // recovery (docs/recovery.md): drop the pending create, then up (assign replaces the whole tree)
    const refresh = await pulumi(project, ["refresh", "--yes", "--non-interactive", "--clear-pending-creates", "--stack", "dev"]);
    assert.equal(refresh.code, 0, refresh.stderr);
    assert.equal((await exported()).pending_operations?.length ?? 0, 0, "no pending operation after refresh --clear-pending-creates");
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");

    const recovered = await exported();
    const portalTypes = recovered.resources.map((r) => r.type).filter((t) => t.includes("dynamic/portal:")).sort();
    assert.deepEqual(portalTypes, ["CategorySchema", "ItemStatus", "MemberCategorySchema"].map((t) => `pulumi-nodejs:dynamic/portal:${t}`), "one of each, no duplicate");
    assert.equal(new Set(recovered.resources.map((r) => r.urn)).size, recovered.resources.length);
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), programContentTree);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), programMemberTree);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), "org_authoritative");
    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 4 }, same.stdout);

    // nothing left over: destroy removes what the interrupted run and the recovery made
    assert.equal((await stack.destroy()).summary.result, "succeeded");
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), []);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), undefined);
  });

  it("rule 6: SIGKILL while CategorySchema is deleting; cancel, destroy again: nothing left (delete treats not-found as done)", async () => {
    assert.equal((await stack.up()).summary.result, "succeeded");
    await setFaults(emu, { latencyMs: 4000, paths: "deleteCategorySchema$" });
    const child = startPulumi(project, ["destroy", "--yes", "--skip-preview", "--non-interactive", "--stack", "dev"]);
    await pendingOperation(child, "deleting", CATEGORY_URN);
    await killLikeACrash(child, project);
    await clearFaults(emu);
    assert.equal((await pulumi(project, ["cancel", "--yes", "--stack", "dev"])).code, 0);
    const interrupted = await exported();
    assert.ok(interrupted.pending_operations?.some((p) => p.type === "deleting" && p.resource.urn === CATEGORY_URN), JSON.stringify(interrupted.pending_operations));
    // whether the held delete reached the portal or not, destroying again finishes the job
    const destroy = await pulumi(project, ["destroy", "--yes", "--skip-preview", "--non-interactive", "--stack", "dev"]);
    assert.equal(destroy.code, 0, destroy.stdout + destroy.stderr);
    const after = await exported();
    assert.deepEqual((after.resources ?? []).filter((r) => r.type.includes("dynamic/portal:")), [], "no portal resource left in state");
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), []);
    assert.equal(await contentStatusOf(emu, "dev_admin", itemId), undefined);
  });
});
