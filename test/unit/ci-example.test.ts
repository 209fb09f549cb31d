// examples/ci: the workflow parses, and its jobs do what docs/review.md promises (plan comment on
// pull requests, up on dev at merge, prod on a tag or by hand); and actionlint (built at a pinned
// version by scripts/ensure-actionlint, cached outside the repo) finds nothing in any workflow there.
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";

const root = path.join(__dirname, "..", "..");
const workflows = path.join(root, "examples", "ci", ".github", "workflows");
const file = path.join(workflows, "portal.yml");

const run = (cmd: string, args: string[], cwd: string, input?: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(cmd, args, { cwd, encoding: "utf8", maxBuffer: 1e7 }, (e, stdout, stderr) => resolve({ code: e ? (typeof e.code === "number" ? e.code : 1) : 0, stdout, stderr }));
    child.stdin!.end(input ?? "");
  });

describe("unit: examples/ci workflow", () => {
  const wf = parse(fs.readFileSync(file, "utf8"));
  const run = (job: string) => (wf.jobs[job].steps as Array<{ run?: string; uses?: string }>).map((s) => s.run ?? s.uses ?? "").join("\n");

  it("has the triggers and the three jobs with runs-on and steps", () => {
    assert.deepEqual(Object.keys(wf.on).sort(), ["pull_request", "push", "workflow_dispatch"]);
    for (const job of ["plan", "dev", "prod"]) {
      assert.equal(wf.jobs[job]["runs-on"], "ubuntu-latest");
      assert.ok(Array.isArray(wf.jobs[job].steps) && wf.jobs[job].steps.every((s: object) => "run" in s || "uses" in s));
    }
  });
  it("the pull-request job previews as JSON and posts render-plan's Markdown", () => {
    assert.match(wf.jobs.plan.if, /pull_request/);
    assert.match(run("plan"), /pulumi preview --stack dev --json/);
    assert.match(run("plan"), /pulumi-gis-portal render-plan preview\.json/);
    assert.match(run("plan"), /gh pr comment/);
  });
  it("dev on merge, prod on a tag or by hand; secrets come from the repository", () => {
    assert.match(run("dev"), /pulumi up --stack dev --yes/);
    assert.match(wf.jobs.prod.if, /refs\/tags\/release-/);
    assert.match(wf.jobs.prod.if, /workflow_dispatch/);
    assert.match(run("prod"), /pulumi up --stack prod --yes/);
    assert.match(fs.readFileSync(file, "utf8"), /secrets\.PULUMI_CONFIG_PASSPHRASE/);
    assert.doesNotMatch(fs.readFileSync(file, "utf8"), /PORTAL_TOKEN: [^$]/, "no literal token");
  });
  it("the jobs that run up keep .pulumi-gis-portal/ after a failed or cancelled up (restore before, save with if: always() after)", () => {
    type Step = { run?: string; uses?: string; if?: string; with?: Record<string, string> };
    for (const job of ["dev", "prod"]) {
      const steps = wf.jobs[job].steps as Step[];
      assert.ok(!steps.some((s) => /^actions\/cache@/.test(s.uses ?? "")), `${job}: actions/cache saves only after a successful job`);
      const up = steps.findIndex((s) => /pulumi up --stack/.test(s.run ?? ""));
      const restore = steps.findIndex((s) => /^actions\/cache\/restore@/.test(s.uses ?? ""));
      const save = steps.findIndex((s) => /^actions\/cache\/save@/.test(s.uses ?? ""));
      assert.ok(restore >= 0 && restore < up, `${job}: restored before up`);
      assert.ok(save > up, `${job}: saved after up`);
      assert.equal(steps[save].if, "always()", `${job}: saved even when up failed or the run was cancelled`);
      for (const i of [restore, save]) assert.equal(steps[i].with?.path, ".pulumi-gis-portal");
      // a cache key is written once: a re-run (new attempt) saves under its own key
      assert.equal(steps[save].with?.key, steps[restore].with?.key);
      assert.match(steps[save].with!.key, /github\.run_id.*github\.run_attempt/);
      assert.match(steps[restore].with!["restore-keys"], new RegExp(`^pulumi-gis-portal-${job}-$`));
    }
  });
});

describe("unit: examples/ci workflows pass actionlint", function () {
  // a cold build of actionlint (empty Go caches) takes about half a minute; cached, none
  this.timeout(300_000);
  let actionlint: string;
  const flags = ["-no-color", "-shellcheck=", "-pyflakes="];

  before(async () => {
    const ensure = await run(path.join(root, "scripts", "ensure-actionlint"), [], root);
    assert.equal(ensure.code, 0, `scripts/ensure-actionlint failed:\n${ensure.stderr}`);
    actionlint = ensure.stdout.trim().split("\n").pop()!;
  });

  it("no finding in any workflow (shellcheck and pyflakes integrations off: not on every machine)", async () => {
    const files = fs.readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(".github", "workflows", f));
    assert.ok(files.length > 0, "no workflow in examples/ci/.github/workflows");
    const lint = await run(actionlint, [...flags, ...files], path.join(root, "examples", "ci"));
    assert.equal(lint.code, 0, `actionlint found problems:\n${lint.stdout}${lint.stderr}`);
    assert.equal(lint.stdout.trim(), "");
  });

  it("reports a broken copy of the workflow (the check is not vacuous)", async () => {
    const broken = fs
      .readFileSync(file, "utf8")
      .replace("runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    timeout-minutes: soon")
      .replace("inputs.stack == 'prod'", "inputs.stak == 'prod'");
    const lint = await run(actionlint, [...flags, "-stdin-filename", "portal.yml", "-"], root, broken);
    assert.notEqual(lint.code, 0, lint.stdout);
    assert.match(lint.stdout, /timeout-minutes/);
    assert.match(lint.stdout, /stak/);
  });
});
