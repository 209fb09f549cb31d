// Issue 25: render-plan's comment stays readable — the whole of it through a pipe, under GitHub's
// 65,536 characters with the summary first and a note of what was cut (whole sections), a hidden
// marker for the workflow to update its own comment, policy results first, drift in the portal's
// words, and a JSON twin with a formatVersion.
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../cli/index";
import { driftLine, planJson, renderComment } from "../../cli/planComment";
import { parsePreview } from "../../cli/renderPlan";

const URN = (kind: string, name: string) => `urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:${kind}::${name}`;
const item = (name: string, inputs: Record<string, unknown>, op = "create") => ({ op, urn: URN("PortalItem", name), newState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", inputs: { plannedChanges: [`+ create Web Map "${name}"`, "+ sharing: org"], ...inputs } } });

function bigPlan(n: number): string {
  const steps = Array.from({ length: n }, (_, i) => item(`map-${i}`, { title: `Map ${i}`, text: "{}", plannedChanges: [`+ create Web Map "Map ${i}" with text "{}"`, `+ tags: ["a","b","c"]`, "+ sharing: org", "+ folder: \"Published maps\""] }));
  return JSON.stringify({ changeSummary: { create: n }, steps });
}

describe("unit: render-plan's comment (issue 25)", () => {
  it("a 4,000-step plan: under 65,536 characters, summary first, whole sections only, a note of what was cut", () => {
    const md = renderComment(parsePreview(bigPlan(4000)));
    assert.ok(md.length < 65_536, `${md.length}`);
    const lines = md.split("\n");
    assert.match(lines[0], /^<!-- pulumi-gis-portal:plan:org\/dev -->$/);
    assert.equal(lines[1], "## Pulumi plan");
    assert.equal(lines[3], "**4000 to create**");
    const note = /\*\*(\d+) of 4000 resource sections not shown\*\* \(([\d,]+) characters; the comment limit is 65,536\)/.exec(md);
    assert.ok(note, md.slice(-600));
    const shown = (md.match(/^### \+ create/gm) ?? []).length;
    assert.equal(shown + Number(note![1]), 4000);
    // every shown section is whole: each opened ```diff block is closed
    assert.equal((md.match(/^```diff$/gm) ?? []).length, (md.match(/^```$/gm) ?? []).length);
  });

  it("4,000 steps, 8,000 policy violations and 3,000 errors: under 65,536 characters, mandatory lines first, whole lines, notes of what was cut", () => {
    // each item is public without licence (mandatory) and lacks the required tag (advisory)
    const steps = Array.from({ length: 4000 }, (_, i) => item(`map-${i}`, { title: `Map ${i}`, tags: ["x"], sharing: { access: "public" } }));
    const diagnostics = Array.from({ length: 3000 }, (_, i) => ({ severity: "error", message: `map-${i}: the portal refused the item (HTTP 400 Invalid request)\nsecond line` }));
    const preview = parsePreview(JSON.stringify({ changeSummary: { create: 4000 }, steps, diagnostics }));
    const md = renderComment(preview, { policies: { "portal-item-conventions": { requiredTags: ["water"] } } });
    assert.ok(md.length < 65_536, `${md.length}`);
    assert.match(md, /\*\*4000 mandatory violations \(blocking\)\*\*, 8000 in all:/);
    const mandatory = (md.match(/^- ⛔ \*\*mandatory\*\* /gm) ?? []).length;
    const advisory = (md.match(/^- ⚠️ advisory /gm) ?? []).length;
    assert.ok(mandatory > 0, "some mandatory lines are shown");
    // mandatory lines come first: an advisory line only once every mandatory one is shown
    assert.ok(advisory === 0 || mandatory === 4000, `${mandatory} mandatory, ${advisory} advisory`);
    const pNote = /\*\*(\d+) of 8000 policy violations not shown\*\* \((\d+) mandatory, (\d+) advisory; [\d,]+ characters; the comment limit is 65,536\)/.exec(md);
    assert.ok(pNote, md.slice(0, 2000));
    assert.equal(mandatory + advisory + Number(pNote![1]), 8000);
    assert.equal(Number(pNote![2]), 4000 - mandatory);
    assert.equal(Number(pNote![3]), 4000 - advisory);
    // errors keep their room, whole lines, first lines only, and a note
    const shownErrors = (md.match(/^- map-\d+: the portal refused the item \(HTTP 400 Invalid request\)$/gm) ?? []).length;
    assert.ok(shownErrors > 0);
    const eNote = /\*\*(\d+) of 3000 errors not shown\*\*/.exec(md);
    assert.ok(eNote, md.slice(-1000));
    assert.equal(shownErrors + Number(eNote![1]), 3000);
    assert.match(md, /\*\*\d+ of 4000 resource sections not shown\*\*/);
    // order: summary, policies, resources' note, errors; every line whole
    assert.ok(md.indexOf("### Policies") < md.indexOf("resource sections not shown") && md.indexOf("resource sections not shown") < md.indexOf("### Errors"));
    for (const line of md.split("\n")) assert.ok(line === "" || /^(<!--|##|\*\*|- |> |```)/.test(line), `a cut line: ${line.slice(0, 80)}`);
  });

  it("few violations and errors are shown whole, with no note", () => {
    const preview = parsePreview(JSON.stringify({ changeSummary: { create: 1 }, steps: [item("map", { title: "Map", sharing: { access: "public" } })], diagnostics: [{ severity: "error", message: "boom" }] }));
    const md = renderComment(preview, { policies: {} });
    assert.doesNotMatch(md, /not shown/);
    assert.match(md, /### Errors\n\n- boom\n$/);
    assert.match(md, /, 1 in all:\n\n- ⛔ \*\*mandatory\*\* `portal-public-item-authority`[^\n]*\n\n### \+ create/);
  });

  it("through a pipe, the bin's output arrives whole", function () {
    this.timeout(120_000); // two runs of the bin through ts-node: 2 s alone, past 20 s on a busy machine
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-pipe-"));
    try {
      const file = path.join(dir, "big.json");
      fs.writeFileSync(file, bigPlan(4000));
      // the bin from source (no build needed): node -r ts-node/register/transpile-only cli/index.ts
      const bin = [process.execPath, "-r", require.resolve("ts-node/register/transpile-only"), path.join(__dirname, "..", "..", "cli", "index.ts")];
      const expected = spawnSync(bin[0], [...bin.slice(1), "render-plan", file, "--json"], { cwd: path.join(__dirname, "..", ".."), encoding: "utf8", maxBuffer: 64 << 20 }).stdout;
      assert.ok(expected.length > 500_000, `${expected.length}`);
      const piped = spawnSync("sh", ["-c", `${bin.map((a) => `"${a}"`).join(" ")} render-plan "${file}" --json | wc -c`], { cwd: path.join(__dirname, "..", ".."), encoding: "utf8" });
      assert.equal(Number(piped.stdout.trim()), Buffer.byteLength(expected));
      assert.equal(JSON.parse(expected).resources.length, 4000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--json: formatVersion 1, the summary, every resource with its lines, the policy results", () => {
    const preview = parsePreview(JSON.stringify({ changeSummary: { create: 1 }, steps: [item("map", { title: "Map", sharing: { access: "public" } })] }));
    const j = planJson(preview, { policies: {} }) as any;
    assert.equal(j.formatVersion, 1);
    assert.equal(j.kind, "plan");
    assert.equal(j.stack, "org/dev");
    assert.deepEqual(j.changeSummary, { create: 1 });
    assert.deepEqual(j.resources[0].lines, ['+ create Web Map "map"', "+ sharing: org"]);
    assert.equal(j.policies[0].policy, "portal-public-item-authority");
    assert.equal(j.policies[0].level, "mandatory");
  });

  it("policy results come before the resources, mandatory first and marked as blocking", () => {
    const preview = parsePreview(JSON.stringify({ changeSummary: { create: 1 }, steps: [item("map", { title: "map", tags: ["x"], sharing: { access: "public" } })] }));
    const md = renderComment(preview, { policies: { "portal-item-conventions": { requiredTags: ["water"] } } });
    const policies = md.indexOf("### Policies");
    assert.ok(policies > 0 && policies < md.indexOf("### + create"), md);
    assert.match(md, /\*\*1 mandatory violation \(blocking\)\*\*, 2 in all:\n\n- ⛔ \*\*mandatory\*\* `portal-public-item-authority`[^\n]*\n- ⚠️ advisory `portal-item-conventions`: PortalItem "map": tags lack "water"/);
  });

  it("drift: each provider line in the portal's words", () => {
    assert.equal(driftLine('~ title: "Map (edited)" → "Map"'), 'portal changed title to "Map (edited)" (the program says "Map")');
    assert.equal(driftLine("+ add Categories/Water/Lakes"), "portal removed Categories/Water/Lakes");
    assert.equal(driftLine("- remove Categories/Water/Wells"), "portal added Categories/Water/Wells");
    assert.equal(driftLine("~ rename Categories/Water/Wells → Categories/Water/Lakes (0 items are in it)"), "portal renamed Categories/Water/Lakes to Categories/Water/Wells");
    const preview = parsePreview(JSON.stringify({ changeSummary: { update: 1, same: 3 }, steps: [{ op: "update", urn: URN("PortalItem", "m"), newState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", inputs: { plannedChanges: ['~ title: "Map (edited)" → "Map"'] } } }] }));
    const md = renderComment(preview, { drift: true });
    assert.match(md, /^<!-- pulumi-gis-portal:drift:org\/dev -->\n## Pulumi drift check\n\n\*\*Drift in 1 resource\*\*/);
    assert.match(md, /### ! drift `portal:PortalItem` \*\*m\*\*\n\n```diff\nportal changed title to "Map \(edited\)" \(the program says "Map"\)\n```/);
  });
});

describe("unit: the shipped policy pack and the example config (issue 25)", () => {
  const root = path.join(__dirname, "..", "..");
  it("examples/ci/policy.json names only rules the pack has, each with a level the engine takes", () => {
    const { RULES } = require("../../policy/rules") as typeof import("../../policy/rules");
    const config = JSON.parse(fs.readFileSync(path.join(root, "examples", "ci", "policy.json"), "utf8"));
    const names = new Set(RULES.map((r) => r.name));
    for (const [k, v] of Object.entries(config)) {
      assert.ok(names.has(k), `unknown rule ${k}`);
      const level = typeof v === "string" ? v : (v as { enforcementLevel?: string }).enforcementLevel;
      assert.ok(["advisory", "mandatory", "disabled"].includes(level!), `${k}: ${level}`);
    }
  });
  it("policy-pack/package.json carries the package's version (the engine shows it with each violation)", () => {
    const pack = JSON.parse(fs.readFileSync(path.join(root, "policy-pack", "package.json"), "utf8"));
    assert.equal(pack.version, JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version);
  });
});

describe("unit: render-plan --drift on `pulumi refresh --preview-only --json` (issue 25)", () => {
  it("a refresh that counts changes is drift, and the comment says how to see them", () => {
    const step = (name: string) => ({ op: "refresh", urn: `urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:PortalItem::${name}`, oldState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", outputs: {} }, newState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", outputs: {} } });
    const md = renderComment(parsePreview(JSON.stringify({ changeSummary: { same: 1, update: 1 }, steps: [step("a"), step("b")] })), { drift: true });
    assert.match(md, /\*\*Drift in 1 resource\*\* \(counted by the refresh; its JSON does not say what changed\): run `pulumi preview --refresh --json`/);
    const none = renderComment(parsePreview(JSON.stringify({ changeSummary: { same: 2 }, steps: [step("a"), step("b")] })), { drift: true });
    assert.match(none, /No drift: the portal is as the program says\./);
  });
});

describe("unit: render-plan --policy-config is checked before any rule runs (issue 25)", () => {
  /** main() in this process, with what it writes. */
  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const [w1, w2] = [process.stdout.write, process.stderr.write];
    process.stdout.write = ((c: string) => (out.push(String(c)), true)) as typeof process.stdout.write;
    process.stderr.write = ((c: string) => (err.push(String(c)), true)) as typeof process.stderr.write;
    try {
      const code = await main(args);
      return { code, stdout: out.join(""), stderr: err.join("") };
    } finally {
      process.stdout.write = w1;
      process.stderr.write = w2;
    }
  }
  let dir: string;
  let plan: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "policy-config-"));
    plan = path.join(dir, "preview.json");
    fs.writeFileSync(plan, JSON.stringify({ changeSummary: { create: 1 }, steps: [item("map", { title: "map", tags: ["x"] })] }));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, unknown, RegExp]> = [
    ["a tag that is not a string", { "portal-item-conventions": { requiredTags: [1] } }, /portal-item-conventions\.requiredTags\[0\] must be a string \(got number 1\)/],
    ["a titlePattern that is not a regular expression", { "portal-item-conventions": { titlePattern: "([" } }, /portal-item-conventions\.titlePattern "\(\[" is not a regular expression/],
    ["a level the engine does not take", { "portal-max-sharing": "sometimes" }, /portal-max-sharing must be one of advisory, mandatory, remediate, disabled \(got string "sometimes"\)/],
    ["an unknown setting", { "portal-append-truncate-allowed": { allowed: ["x"] } }, /portal-append-truncate-allowed\.allowed: no such setting/],
  ];
  for (const [what, doc, re] of cases) {
    it(`${what}: one line naming the file, the rule and the key; exit 2; the plan is not blamed`, async () => {
      const config = path.join(dir, "policy.json");
      fs.writeFileSync(config, JSON.stringify(doc));
      const r = await cli(["render-plan", plan, "--policy-config", config]);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.equal(r.stderr.split("\n").filter(Boolean).length, 1, r.stderr);
      assert.ok(r.stderr.startsWith(`pulumi-gis-portal render-plan: --policy-config ${config}: `), r.stderr);
      assert.match(r.stderr, re);
      assert.doesNotMatch(r.stderr, /preview --json|TypeError|usage:/);
    });
  }
  it("remediate is taken (as mandatory, like the engine on a stack policy)", async () => {
    const config = path.join(dir, "ok.json");
    fs.writeFileSync(config, JSON.stringify({ "portal-item-conventions": { enforcementLevel: "remediate", requiredTags: ["water"] } }));
    const r = await cli(["render-plan", plan, "--policy-config", config]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /⛔ \*\*mandatory\*\* `portal-item-conventions`: PortalItem "map": tags lack "water"/);
  });
});
