// Issue 30 on the provider and CLI side, without a portal: render-plan refuses malformed preview
// JSON in one line naming where (never an internal JavaScript error); loadCategoryTree fails in one
// line with file:line:col (and a "did you mean" for an unknown key); an item's text that is not JSON
// fails at check with its path.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { spawnSync } from "node:child_process";
import { NotPreviewJson, parsePreview, renderPlan } from "../../cli/renderPlan";
import { loadCategoryTree, loadMemberCategoryTree } from "../../resources/loadTree";
import { checkPortalItem } from "../../provider/resources/portalItem/check";

const URN = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:Group::g";

describe("issue 30: render-plan input shape", () => {
  const refused = (text: string, where: RegExp) => {
    assert.throws(() => parsePreview(text), (e: unknown) => e instanceof NotPreviewJson && where.test((e as Error).message) && !/Cannot read properties/.test((e as Error).message));
  };
  it("refuses each malformed shape with where it is wrong", () => {
    refused("not json", /not JSON/);
    refused("null", /the document/);
    refused("[]", /the document/);
    refused("{}", /no changeSummary/);
    refused('{"changeSummary":{"create":"2"}}', /changeSummary\.create/);
    refused('{"changeSummary":{},"steps":{}}', /steps/);
    refused('{"changeSummary":{},"steps":[{"op":"create"}]}', /steps\[0\]\.urn/);
    refused(`{"changeSummary":{},"steps":[{"op":1,"urn":"${URN}"}]}`, /steps\[0\]\.op/);
    refused(`{"changeSummary":{},"steps":[{"op":"update","urn":"${URN}","newState":{"inputs":[]}}]}`, /steps\[0\]\.newState\.inputs/);
    refused('{"changeSummary":{},"diagnostics":[{"message":5}]}', /diagnostics\[0\]\.message/);
  });
  it("the schema is tight: ops from the engine's list, urn:pulumi: URNs, counts, plannedChanges a list of strings", () => {
    refused('{"changeSummary":{},"steps":"x"}', /steps: must be a list of steps, not string/);
    refused('{"changeSummary":[]}', /changeSummary: must be an object of counts per operation, not a list/);
    refused(`{"changeSummary":{},"steps":[{"op":null,"urn":"${URN}"}]}`, /steps\[0\]\.op: must be one of the engine's operations .* not null/);
    refused(`{"changeSummary":{},"steps":[{"op":"Obliterate!","urn":"${URN}"}]}`, /steps\[0\]\.op: must be one of the engine's operations/);
    refused(`{"changeSummary":{},"steps":[{"op":42,"urn":"${URN}"}]}`, /steps\[0\]\.op: must be one of the engine's operations/);
    // an operation word a newer engine may add is a change under its own name, not a refusal
    const newer = renderPlan(parsePreview(`{"changeSummary":{"update":1},"steps":[{"op":"view-update","urn":"${URN}"}]}`));
    assert.match(newer, /view-update/);
    refused('{"changeSummary":{},"steps":[null]}', /steps\[0\]: must be a step object, not null/);
    refused('{"changeSummary":{},"steps":[{"op":"create","urn":5}]}', /steps\[0\]\.urn: must be a string of the form urn:pulumi:/);
    refused('{"changeSummary":{},"steps":[{"op":"create","urn":"u"}]}', /steps\[0\]\.urn: must be of the form urn:pulumi:/);
    refused('{"changeSummary":{"create":-1}}', /changeSummary\.create: must be a count/);
    refused('{"changeSummary":{"create":1.5}}', /changeSummary\.create: must be a count/);
    refused(`{"changeSummary":{},"steps":[{"op":"create","urn":"${URN}","newState":{"inputs":{"plannedChanges":"+ x"}}}]}`, /steps\[0\]\.newState\.inputs\.plannedChanges: must be a list of strings/);
    refused(`{"changeSummary":{},"steps":[{"op":"create","urn":"${URN}","newState":{"inputs":{"plannedChanges":[1]}}}]}`, /plannedChanges/);
  });
  it("renders what it accepts, null states included", () => {
    const md = renderPlan(parsePreview('{"changeSummary":{"create":1},"steps":[{"op":"create","urn":"urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:Group::n","oldState":null,"newState":{"type":"pulumi-nodejs:dynamic/portal:Group","inputs":{"plannedChanges":["+ group \\"A\\" (org)"]}}}]}'));
    assert.match(md, /\+ group "A" \(org\)/);
  });
});

describe("issue 30: the render-plan CLI on each malformed shape of the issue: exit 2, one line, no JavaScript error", function () {
  this.timeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-malformed-"));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // the bin from source, as `pulumi-gis-portal render-plan <file>` runs it
  const cli = (file: string) => spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(__dirname, "..", "..", "cli", "index.ts"), "render-plan", file], { encoding: "utf8", maxBuffer: 64 << 20, cwd: path.join(__dirname, "..", "..") });
  const cases: Array<[string, string | (() => string), RegExp]> = [
    ["steps a string", '{"changeSummary":{"create":1},"steps":"create everything"}', /steps: must be a list of steps/],
    ["changeSummary: []", '{"changeSummary":[],"steps":[]}', /changeSummary: must be an object of counts/],
    ["op: null", `{"changeSummary":{"create":1},"steps":[{"op":null,"urn":"${URN}"}]}`, /steps\[0\]\.op: must be one of the engine's operations/],
    ["a null step", '{"changeSummary":{"create":1},"steps":[null]}', /steps\[0\]: must be a step object, not null/],
    ["a numeric urn", '{"changeSummary":{"create":1},"steps":[{"op":"create","urn":42}]}', /steps\[0\]\.urn: must be a string of the form urn:pulumi:/],
    ["a 50 MB document whose steps is a string", () => `{"changeSummary":{"create":1},"steps":"${"x".repeat(50 * 1024 * 1024)}"}`, /steps: must be a list of steps, not string/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      const file = path.join(dir, `${what.replace(/\W+/g, "-")}.json`);
      fs.writeFileSync(file, typeof text === "string" ? text : text());
      const r = cli(file);
      assert.equal(r.status, 2, `exit ${r.status}; stdout ${r.stdout.slice(0, 200)}; stderr ${r.stderr.slice(0, 300)}`);
      assert.equal(r.stdout, "", "nothing rendered");
      const lines = r.stderr.split("\n").filter((l) => l !== "" && !/^npm warn/.test(l));
      assert.equal(lines.length, 1, r.stderr.slice(0, 500));
      assert.match(lines[0], /^pulumi-gis-portal render-plan: the input is JSON but not `pulumi preview --json` output \(/);
      assert.match(lines[0], message);
      assert.ok(!/Cannot read properties|TypeError|is not a function|at .*\.ts:\d+/.test(r.stderr), r.stderr.slice(0, 300));
      assert.ok(lines[0].length < 400, `${lines[0].length} characters`);
    });
  }
});

describe("issue 30 / 29: loadCategoryTree errors are one line with the file and position", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "trees-"));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const fails = (fn: () => unknown, message: RegExp) => assert.throws(fn, (e: unknown) => (e as Error).constructor.name === "RunError" && message.test((e as Error).message) && !(e as Error).message.includes("\n"));

  it("a missing file, broken YAML, broken JSON, a misspelled key, a wrong shape", () => {
    fails(() => loadCategoryTree(path.join(dir, "none.yaml")), /cannot read the category tree .*none\.yaml: ENOENT/);
    fails(() => loadCategoryTree(write("broken.yaml", "- title: A\n  categories: [\n")), /broken\.yaml:\d+:\d+: not valid YAML/);
    fails(() => loadCategoryTree(write("broken.json", '{"categorySchema": [')), /broken\.json:\d+:\d+: not valid JSON/);
    fails(() => loadCategoryTree(write("typo.yaml", "- title: Categories\n  categoires:\n    - title: Water\n")), /typo\.yaml:2:3: unknown key "categoires" in a category node; did you mean "categories"\?/);
    fails(() => loadMemberCategoryTree(write("member.yaml", "- title: Roles\n  description: members have none\n")), /member\.yaml:2:3: unknown key "description"/);
    fails(() => loadCategoryTree(write("shape.yaml", "title: A\n")), /shape\.yaml:1:1: must hold a list of category nodes/);
  });

  it("limits fail at load with the file, line and column and the node's title path; every failure of the file at once (issue 29 scope 6)", () => {
    const long = "Rivers and lakes of the northern districts and the coastal plains beyond the ridge of the old quarry road";
    fails(() => loadCategoryTree(write("long.yaml", `- title: Categories\n  categories:\n    - title: Water\n      categories:\n        - title: ${long}\n`)), new RegExp(`long\\.yaml:5:18: Categories/Water/Rivers and lakes of the northern distric…: title has ${long.length} characters; at most 100$`));
    const file = write("many.yaml", `- title: Categories\n  categories:\n    - title: Lakes\n    - title: lakes\n    - title: Land\n      description: ${"d".repeat(301)}\n`);
    assert.throws(
      () => loadCategoryTree(file),
      (e: unknown) => {
        const lines = (e as Error).message.split("\n");
        assert.equal(lines[0], "2 problems in the category tree:");
        assert.match(lines[1], /many\.yaml:4:14: Categories\/lakes: title: duplicate title "lakes"/);
        assert.match(lines[2], /many\.yaml:6:20: Categories\/Land: description has 301 characters; at most 300/);
        return (e as Error).constructor.name === "RunError";
      },
    );
    fails(() => loadMemberCategoryTree(write("deep.yaml", "- title: A\n  categories:\n    - title: B\n      categories:\n        - title: C\n          categories:\n            - title: D\n")), /deep\.yaml:7:15: A\/B\/C\/D: level 4; at most 3 levels/);
  });

  it("a good tree loads, in YAML and in the portal's JSON shape", () => {
    assert.deepEqual(loadCategoryTree(write("ok.yaml", "- title: A\n  categories:\n    - title: B\n")), [{ title: "A", categories: [{ title: "B" }] }]);
    assert.deepEqual(loadCategoryTree(write("ok.json", '{"categorySchema":[{"title":"A"}]}')), [{ title: "A" }]);
  });
});

describe("issue 30: an item's text must be JSON, at preview", () => {
  it("text that does not parse fails at check with its path; an object and JSON text pass", async () => {
    const bad = await checkPortalItem({}, { type: "Web Map", title: "M", text: "{not json" });
    assert.deepEqual(bad.failures?.map((f) => f.property), ["text"]);
    assert.match(bad.failures![0].reason, /not valid JSON text/);
    for (const text of ['{"operationalLayers":[]}', { operationalLayers: [] }]) assert.deepEqual((await checkPortalItem({}, { type: "Web Map", title: "M", text })).failures ?? [], []);
  });
});
