// Reliability (issue "crash-safe creates and correct retries"): create, update, refresh and destroy
// of every resource kind through the real CLI and the packed package while the emulator fails 10%
// of the requests — 5xx answers, dropped connections, bursts of 429 with Retry-After. A run that an
// unsafe operation's failure stops is run again, as a user would; each phase converges within a few
// runs with nothing doubled (one item per PortalItem, the rows once) and nothing left behind.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { layerRows } from "../provider/resources/layerAppendCalls";
import { contentSchemaOf } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";
import { allKindsProgram, assertAllKindsConverged, BIG_FILE_BYTES, markedItems } from "./support/allKinds";
import { pulumi } from "./support/cli";
import { clearFaults, clearRequests, requests, setFaults } from "./support/engine";

const PROJECT = "faultsall";
const STACK = "dev";
/** A run stopped by a fault on an operation that is never repeated blindly is run again, up to this. */
const MAX_RUNS = 6;

describe("reliability: every resource kind under 10% faults converges (create, update, refresh, destroy)", function () {
  this.timeout(1_800_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let rowsBefore = 0;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject(PROJECT, allKindsProgram({ upsert: true }));
    fs.writeFileSync(path.join(project.dir, "big.bin"), Buffer.alloc(BIG_FILE_BYTES, 9));
    rowsBefore = (await layerRows(emu, "dev_admin", "Stations")).length;
    await fixtureStack(project, STACK, {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
      [`${PROJECT}:layerUrl`]: { value: `${emu.serviceUrl}/Stations/FeatureServer/0` },
    });
  });
  afterEach(async () => clearFaults(emu));
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  const cli = (args: string[]) => pulumi(project, [...args, "--stack", STACK, "--non-interactive"]);

  /** Failed answers (injected 5xx, 429, dropped connections) seen across the phases. */
  let injected = 0;

  /** Runs the command until it succeeds; returns how many runs it took. */
  async function untilDone(args: string[]): Promise<number> {
    const errors: string[] = [];
    await clearRequests(emu);
    for (let run = 1; run <= MAX_RUNS; run++) {
      const r = await cli(args);
      if (r.code === 0) {
        const failed = (await requests(emu)).filter((q) => q.status !== 200).length;
        injected += failed;
        console.log(`      pulumi ${args[0]}: ${run} run(s), ${failed} failed answers injected`);
        return run;
      }
      errors.push(`${r.stdout.split("\n").filter((l) => /error:/.test(l)).join("\n")}`);
    }
    assert.fail(`pulumi ${args.join(" ")} did not converge in ${MAX_RUNS} runs:\n${errors.join("\n---\n")}`);
  }

  async function converged(mapTitle?: string): Promise<void> {
    await clearFaults(emu);
    const deployment = JSON.parse((await cli(["stack", "export"])).stdout).deployment;
    await assertAllKindsConverged(emu, { project: PROJECT, stack: STACK, deployment, rowsBefore, mapTitle });
    const preview = await cli(["preview", "--expect-no-changes"]);
    assert.equal(preview.code, 0, `no changes once converged:\n${preview.stdout}\n${preview.stderr}`);
  }

  it("create under 10% 5xx answers", async () => {
    await setFaults(emu, { rate: 0.1, codes: [500, 502, 503] });
    await untilDone(["up", "--yes", "--skip-preview"]);
    await converged();
  });

  it("update under 10% dropped connections", async () => {
    assert.equal((await cli(["config", "set", "mapTitle", "Town map"])).code, 0);
    await setFaults(emu, { rate: 0.1, dropConnections: true });
    await untilDone(["up", "--yes", "--skip-preview"]);
    await converged("Town map");
  });

  it("a 429 with Retry-After on updateItem is waited out and retried: the run succeeds at once", async () => {
    assert.equal((await cli(["config", "set", "mapTitle", "Harbour map"])).code, 0);
    await clearRequests(emu);
    await setFaults(emu, { burst429: { count: 2, retryAfterSeconds: 1 }, paths: "/items/[^/]+/update$" });
    const r = await cli(["up", "--yes", "--skip-preview"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const updates = (await requests(emu)).filter((q) => /\/items\/[^/]+\/update$/.test(q.path.split("?")[0]));
    assert.deepEqual(updates.map((q) => q.status), [429, 429, 200]);
    await converged("Harbour map");
  });

  it("refresh under 429 bursts and 10% 5xx answers", async () => {
    await setFaults(emu, { burst429: { count: 4, retryAfterSeconds: 1 }, rate: 0.1, codes: [500, 503] });
    await untilDone(["refresh", "--yes", "--skip-preview"]);
    await converged("Harbour map");
  });

  it("destroy under 10% 5xx answers leaves nothing", async () => {
    await setFaults(emu, { rate: 0.1, codes: [500, 503] });
    await untilDone(["destroy", "--yes", "--skip-preview"]);
    await clearFaults(emu);
    assert.deepEqual(await markedItems(emu, "dev_admin", PROJECT, STACK), [], "no item of the stack is left");
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    const exported = JSON.parse((await cli(["stack", "export"])).stdout).deployment;
    assert.deepEqual((exported.resources ?? []).filter((r: any) => r.type.includes("dynamic/portal:")), []);
    // at 10% over some 150 requests, no fault at all would mean the faults were not on (p < 1e-6)
    assert.ok(injected > 0, "the phases ran under faults");
  });
});
