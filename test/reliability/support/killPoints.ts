// The kill-point tests of the reliability layer (docs/recovery.md), in two files so that mocha's
// workers run them side by side (kill-points.test.ts, kill-points-late.test.ts): each file has its
// own emulator, kill switch and fixture project, and runs the points it names in order.
import { strict as assert } from "node:assert";
import { once } from "node:events";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { layerRows } from "../../provider/resources/layerAppendCalls";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../../support/pulumi";
import { allKindsProgram, assertAllKindsConverged, BIG_FILE_BYTES } from "./allKinds";
import { killLikeACrash, pulumi, startPulumi } from "./cli";
import { KillSwitch, type KillPoint } from "./killSwitch";

const PROJECT = "killpoints";

export const CREATE_POINTS: [string, KillPoint, Record<string, string>?][] = [
  ["after addItem", { method: "POST", path: /\/addItem$/ }],
  ["mid multipart parts", { method: "POST", path: /\/addPart$/, nth: 2 }],
  ["after commit", { method: "POST", path: /\/commit$/ }],
  ["after setContentStatus", { method: "POST", path: /\/setContentStatus$/ }],
  // the first poll of the job: the portal has started it and the provider has journaled its id
  ["after the append job started", { method: "GET", path: /\/FeatureServer\/0\/append\/jobs\/[^/]+$/ }],
  ["after assignCategorySchema", { method: "POST", path: /\/assignCategorySchema$/ }],
  // with checkpoints off the engine writes the state only at the end: every create is unrecorded
  ["before the state write", { method: "POST", path: /\/setContentStatus$/ }, { PULUMI_SKIP_CHECKPOINTS: "true" }],
];

/** The points of each file; together every point of CREATE_POINTS, each once. */
export const EARLY_POINTS = ["after addItem", "mid multipart parts", "after commit"];
export const LATE_POINTS = ["after setContentStatus", "after the append job started", "after assignCategorySchema", "before the state write"];
{
  const all = CREATE_POINTS.map(([what]) => what);
  const split = [...EARLY_POINTS, ...LATE_POINTS];
  if (split.length !== all.length || all.some((w) => !split.includes(w))) throw new Error(`killPoints: the two files' points ${JSON.stringify(split)} are not CREATE_POINTS ${JSON.stringify(all)}`);
}

/**
 * The describe of one file: the create points named in `points` (by their CREATE_POINTS name), then,
 * with `update`, the kill after updateItem, and with `journal`, the check of the append journal.
 */
export function describeKillPoints(title: string, o: { points: string[]; update?: boolean; journal?: boolean }): void {
  describe(title, function () {
    this.timeout(1_800_000);
    let emu: RunningEmulator;
    let sw: KillSwitch;
    let project: FixtureProject;
    let rowsBefore = 0;

    before(async () => {
      emu = await startEmulator({ port: 0 });
      sw = await new KillSwitch(new URL(emu.url)).start();
      project = createFixtureProject(PROJECT, allKindsProgram({ upsert: false }));
      fs.writeFileSync(path.join(project.dir, "big.bin"), Buffer.alloc(BIG_FILE_BYTES, 7));
    });
    after(async () => {
      await sw?.close();
      await emu?.close();
      project?.remove();
    });

    const run = (stack: string, args: string[], env: Record<string, string> = {}) => pulumi(project, [...args, "--stack", stack, "--non-interactive"], env);
    const ok = async (stack: string, args: string[], env: Record<string, string> = {}) => {
      const r = await run(stack, args, env);
      assert.equal(r.code, 0, `pulumi ${args.join(" ")}:\n${r.stdout}\n${r.stderr}`);
      return r;
    };

    async function freshStack(stack: string): Promise<void> {
      await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
      rowsBefore = (await layerRows(emu, "dev_admin", "Stations")).length;
      await fixtureStack(project, stack, {
        "portal:url": { value: sw.origin },
        "portal:token": { value: emu.tokens.dev_admin, secret: true },
        [`${PROJECT}:layerUrl`]: { value: `${sw.origin}/arcgis/rest/services/Stations/FeatureServer/0` },
      });
    }

    /** Runs up until `point`, SIGKILLs it there, then follows docs/recovery.md. */
    async function killThenRecover(stack: string, point: KillPoint, env: Record<string, string> = {}): Promise<void> {
      const reached = sw.arm(point);
      const child = startPulumi(project, ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", stack], env);
      const outcome = await Promise.race([reached.then(() => "killed"), once(child, "exit").then(() => "ended")]);
      assert.equal(outcome, "killed", `the up ended before ${point.method} ${point.path}`);
      await killLikeACrash(child, project);
      sw.release();
      // docs/recovery.md, "What to do"; a kill during the file backend's checkpoint write can leave the
      // checkpoint's metadata sidecar (<stack>.json.attrs, written in place) truncated ("failed to load
      // checkpoint: EOF"): remove it; if the error stays, the previous checkpoint is in <stack>.json.bak
      let cancel = await run(stack, ["cancel", "--yes"]);
      const file = path.join(project.backendDir, ".pulumi", "stacks", PROJECT, `${stack}.json`);
      const eof = (r: { code: number | null; stdout: string; stderr: string }) => r.code !== 0 && /failed to load checkpoint/.test(r.stderr + r.stdout);
      if (eof(cancel)) {
        fs.rmSync(`${file}.attrs`, { force: true });
        cancel = await run(stack, ["cancel", "--yes"]);
      }
      if (eof(cancel)) {
        fs.copyFileSync(`${file}.bak`, file);
        fs.rmSync(`${file}.attrs`, { force: true });
        cancel = await run(stack, ["cancel", "--yes"]);
      }
      assert.equal(cancel.code, 0, `pulumi cancel --yes:\n${cancel.stdout}\n${cancel.stderr}`);
      await ok(stack, ["refresh", "--yes", "--clear-pending-creates"]);
      await ok(stack, ["up", "--yes", "--skip-preview"]);
    }

    /** What the recovered stack must hold, on the portal and in the state; then a preview with no changes. */
    async function assertConverged(stack: string, mapTitle = "City map"): Promise<void> {
      const deployment = JSON.parse((await ok(stack, ["stack", "export"])).stdout).deployment;
      await assertAllKindsConverged(emu, { project: PROJECT, stack, deployment, rowsBefore, mapTitle });
      const preview = await run(stack, ["preview", "--expect-no-changes"]);
      assert.equal(preview.code, 0, `a preview with no changes after recovery:\n${preview.stdout}\n${preview.stderr}`);
    }

    CREATE_POINTS.forEach(([what, point, env], i) => {
      if (!o.points.includes(what)) return;
      it(`SIGKILL ${what}: recovery converges with nothing doubled or left behind`, async () => {
        const stack = `k${i}`;
        await freshStack(stack);
        await killThenRecover(stack, point, env);
        await assertConverged(stack);
      });
    });

    if (o.update) it("SIGKILL after updateItem: recovery converges on the new title", async () => {
      const stack = "kupdate";
      await freshStack(stack);
      await ok(stack, ["up", "--yes", "--skip-preview"]);
      await ok(stack, ["config", "set", "mapTitle", "Town map"]);
      await killThenRecover(stack, { method: "POST", path: /\/items\/[^/]+\/update$/ });
      await assertConverged(stack, "Town map");
    });

    if (o.journal) it("the append journal lives in the project directory", () => {
      const dir = path.join(project.dir, ".pulumi-gis-portal", "appends");
      assert.ok(fs.existsSync(dir) && fs.readdirSync(dir).length > 0, `${dir} holds the journal`);
    });
  });
}
