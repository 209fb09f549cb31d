// examples/ci: the workflow parses, and its jobs do what docs/review.md promises (plan comment on
// pull requests, up on dev at merge, prod on a tag or by hand); the split-up workflow runs the org
// project, then the parts of projects.json as a matrix (docs/adopting.md); and actionlint (built at a pinned
// version by scripts/ensure-actionlint, cached outside the repo) finds nothing in any workflow there.
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { projectEntries } from "../../cli/export/projectSplit";
import { partition } from "../../cli/export/split";

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
  it("every stack a manual run offers is updated by a job (no choice that no job handles)", () => {
    const choices = wf.on.workflow_dispatch.inputs.stack.options as string[];
    assert.deepEqual(choices, ["dev", "prod"]);
    for (const stack of choices) {
      const jobs = Object.keys(wf.jobs).filter((job) => new RegExp(`github\\.event_name == 'workflow_dispatch' && inputs\\.stack == '${stack}'`).test(wf.jobs[job].if ?? ""));
      assert.deepEqual(jobs, [stack], `a manual run with stack ${stack}`);
      assert.match(run(stack), new RegExp(`pulumi up --stack ${stack} --yes`));
    }
  });
  it("npm ci has its lockfile, and the policy step's runtime (@pulumi/policy) is a dependency of the example", () => {
    const dir = path.join(root, "examples", "ci");
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    assert.match(run("plan"), /--policy-pack node_modules\/pulumi-gis-portal\/policy-pack --policy-pack-config policy\.json/);
    assert.ok(fs.existsSync(path.join(dir, "policy.json")));
    for (const name of ["@pulumi/policy", "@pulumi/pulumi", "pulumi-gis-portal"]) assert.ok(deps[name], `package.json lists ${name}`);
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"));
    for (const job of ["plan", "dev", "prod"]) assert.match(run(job), /^npm ci$/m);
    // the lockfile is the one for this package.json (npm ci refuses one out of step)
    assert.deepEqual(lock.packages[""].dependencies, pkg.dependencies);
    assert.deepEqual(lock.packages[""].devDependencies, pkg.devDependencies);
    assert.ok(lock.packages["node_modules/@pulumi/policy"], "the lockfile pins @pulumi/policy");
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

describe("unit: examples/ci drift workflow (issue 25)", function () {
  this.timeout(120_000);
  const driftFile = path.join(workflows, "drift.yml");
  const wf = parse(fs.readFileSync(driftFile, "utf8"));
  type Step = { name?: string; id?: string; if?: string; run?: string; uses?: string };
  const steps = wf.jobs.drift.steps as Step[];
  const check = steps.find((s) => s.id === "check")!;
  const issue = steps.find((s) => /gh issue create/.test(s.run ?? ""))!;

  it("runs on a schedule (and by hand), one job per stack, never cancelling the others", () => {
    assert.ok(Array.isArray(wf.on.schedule) && wf.on.schedule.length > 0 && /^\S+ \S+ \S+ \S+ \S+$/.test(wf.on.schedule[0].cron), JSON.stringify(wf.on));
    assert.ok("workflow_dispatch" in wf.on);
    assert.deepEqual(wf.jobs.drift.strategy.matrix.include.map((m: { stack: string }) => m.stack), ["dev", "prod"]);
    assert.equal(wf.jobs.drift.strategy["fail-fast"], false);
    assert.equal(wf.jobs.drift.env.STACK, "${{ matrix.stack }}");
    assert.equal(wf.permissions.issues, "write");
  });
  it("refreshes each stack as JSON and renders it with render-plan --drift", () => {
    assert.match(check.run!, /pulumi preview --stack "\$STACK" --refresh --expect-no-changes --json\b[^\n]*> drift\.json/);
    assert.match(check.run!, /pulumi-gis-portal render-plan drift\.json --drift --marker "drift\/\$STACK" > drift\.md/);
  });
  it("opens or edits one issue per stack, only on drift (render-plan exit 1), and fails the job", () => {
    assert.equal(issue.if, "steps.check.outputs.drift == '1'");
    assert.match(issue.run!, /title="Portal drift: \$STACK"/);
    assert.match(issue.run!, /gh issue list --state open[^\n]*select\(\.title == \\"\$title\\"\)[^\n]*head -n 1/);
    assert.match(issue.run!, /gh issue edit "\$number" --body-file drift\.md/);
    assert.match(issue.run!, /gh issue create --title "\$title" --body-file drift\.md/);
    const fail = steps[steps.indexOf(issue) + 1];
    assert.match(fail.if!, /drift == '1'/);
    assert.match(fail.run!, /exit 1/);
  });

  /** The check step's script as the runner runs it (bash -e), with pulumi and npx stubbed. */
  function runCheck(previewJson: string, previewCode: number) {
    const dir = fs.mkdtempSync(path.join(require("node:os").tmpdir(), "drift-step-"));
    try {
      const bin = path.join(dir, "bin");
      fs.mkdirSync(bin);
      fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\ncat <<'EOF'\n${previewJson}\nEOF\nexit ${previewCode}\n`, { mode: 0o755 });
      // npx pulumi-gis-portal …: the package's bin from source
      fs.writeFileSync(path.join(bin, "npx"), `#!/bin/sh\nshift\nTS_NODE_PROJECT="${path.join(root, "tsconfig.json")}" exec "${process.execPath}" -r "${require.resolve("ts-node/register/transpile-only")}" "${path.join(root, "cli", "index.ts")}" "$@"\n`, { mode: 0o755 });
      fs.writeFileSync(path.join(dir, "step.sh"), check.run!);
      const out = path.join(dir, "output");
      fs.writeFileSync(out, "");
      const r = require("node:child_process").spawnSync("bash", ["-e", "step.sh"], { cwd: dir, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: out, STACK: "dev" } });
      const outputs = Object.fromEntries(fs.readFileSync(out, "utf8").trim().split("\n").map((l) => l.split("=")));
      const md = fs.existsSync(path.join(dir, "drift.md")) ? fs.readFileSync(path.join(dir, "drift.md"), "utf8") : "";
      return { code: r.status as number, stdout: r.stdout as string, stderr: r.stderr as string, outputs, md };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it("an unreadable preview (an auth failure: no JSON) fails the step with render-plan's message and opens no issue", () => {
    const r = runCheck("", 255);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.equal(r.outputs.drift, "2");
    assert.match(r.stdout, /^::error title=Drift check of dev failed::pulumi-gis-portal render-plan: /m);
    assert.notEqual(r.outputs.drift, "1", "the issue step's condition is false");
  });
  it("drift: the step passes on, drift=1 and a report for the issue", () => {
    const urn = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:PortalItem::map";
    const plan = JSON.stringify({ changeSummary: { update: 1 }, steps: [{ op: "update", urn, newState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", inputs: { plannedChanges: ['~ title: "Map (edited)" → "Map"'] } } }] });
    const r = runCheck(plan, 255);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.outputs, { preview: "255", drift: "1" });
    assert.match(r.md, /portal changed title to "Map \(edited\)"/);
  });
});

describe("unit: examples/ci split-up workflow (export --split-by)", () => {
  const splitFile = path.join(workflows, "split-up.yml");
  const wf = parse(fs.readFileSync(splitFile, "utf8"));
  const steps = (job: string) => wf.jobs[job].steps as Array<{ run?: string; uses?: string; id?: string; "working-directory"?: string }>;
  const script = (job: string) => steps(job).map((s) => s.run ?? s.uses ?? "").join("\n");

  it("the org project first, then a matrix job over the parts of projects.json that needs it", () => {
    assert.deepEqual(Object.keys(wf.jobs), ["org", "parts"]);
    assert.equal(wf.jobs.parts.needs, "org");
    assert.equal(wf.jobs.parts.strategy.matrix.project, "${{ fromJSON(needs.org.outputs.parts) }}");
    assert.equal(wf.jobs.org.outputs.parts, "${{ steps.parts.outputs.parts }}");
    assert.match(steps("org").find((s) => s.id === "parts")!.run!, /jq -c .* projects\.json/);
    assert.match(wf.jobs.parts.if, /needs\.org\.outputs\.parts != '\[\]'/, "no matrix job over an empty list");
  });

  it("each job installs once at the root and runs in its project's directory: preview on a pull request, up on main", () => {
    for (const job of ["org", "parts"]) {
      assert.match(script(job), /npm ci/);
      const step = steps(job).find((s) => /pulumi up/.test(s.run ?? ""))!;
      assert.equal(step["working-directory"], job === "org" ? "org" : "${{ matrix.project.path }}");
      assert.match(step.run!, /pulumi preview --stack dev/);
      assert.match(step.run!, /pulumi up --stack dev --yes/);
    }
    assert.doesNotMatch(fs.readFileSync(splitFile, "utf8"), /PORTAL_TOKEN: [^$]/, "no literal token");
  });

  it("its jq filter picks the parts out of a projects.json as export writes it", async function () {
    // GitHub's runners have jq; a machine without it skips this
    if ((await run("jq", ["-c", "."], root, "1")).code !== 0) this.skip();
    const filter = /jq -c '([^']+)' projects\.json/.exec(steps("org").find((s) => s.id === "parts")!.run!)![1];
    const item = (id: string, owner: string) => ({ item: { id, title: id, type: "Web Map", owner }, name: id });
    const snapshot = { portal: { id: "o", name: "City", urlKey: "city", url: "https://city.example.com" }, items: [item("a", "ann"), item("b", "bob")], relationships: [], skipped: [] };
    const projects = projectEntries(snapshot, partition(snapshot, "owner"));
    const jq = await run("jq", ["-c", filter], root, JSON.stringify(projects));
    assert.equal(jq.code, 0, jq.stderr);
    assert.deepEqual(JSON.parse(jq.stdout).map((p: { path: string }) => p.path), ["parts/ann", "parts/bob"]);
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
