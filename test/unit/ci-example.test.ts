// examples/ci: the workflow parses, and its jobs do what docs/review.md promises (plan comment on
// pull requests, up on dev at merge, prod on a tag or by hand). A structural check, not actionlint.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";

const file = path.join(__dirname, "..", "..", "examples", "ci", ".github", "workflows", "portal.yml");

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
});
