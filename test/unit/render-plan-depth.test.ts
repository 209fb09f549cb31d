// Issue 45: render-plan on deeply nested JSON answered "Maximum call stack size exceeded". The
// nesting is measured on the text before anything parses or walks it: exit 2 and one line naming
// the limit and where the input goes deeper. The deep documents are built as text (a deep object
// could not be stringified to make them).
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parsePreview, renderPlan } from "../../cli/renderPlan";
import { MAX_NESTING, nestingProblem } from "../../cli/renderPlanDepth";

const URN = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:PortalItem::deep";

/** A preview whose fourth step's old outputs nest `depth` objects deep under `outputs.tree`. */
function deepPreview(depth: number): string {
  const tree = '{"child":'.repeat(depth) + '"leaf"' + "}".repeat(depth);
  const same = `{"op":"same","urn":"${URN}"}`;
  return `{"changeSummary":{"update":1,"same":3},"steps":[${same},${same},${same},{"op":"update","urn":"${URN}","diffReasons":["tree"],"oldState":{"type":"pulumi-nodejs:dynamic/portal:PortalItem","outputs":{"note":"[[[{{{\\"","tree":${tree}}}}]}`;
}

describe("issue 45: render-plan bounds the nesting of its input before walking it", function () {
  this.timeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-deep-"));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cli = (file: string) => spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(__dirname, "..", "..", "cli", "index.ts"), "render-plan", file], { encoding: "utf8", maxBuffer: 64 << 20, cwd: path.join(__dirname, "..", "..") });

  for (const depth of [10_000, 200_000]) {
    it(`outputs ${depth.toLocaleString("en")} levels deep: exit 2, one line naming the limit and where, no "Maximum call stack"`, () => {
      const file = path.join(dir, `deep-${depth}.json`);
      fs.writeFileSync(file, deepPreview(depth));
      const r = cli(file);
      assert.equal(r.status, 2, `exit ${r.status}; stderr ${r.stderr.slice(0, 300)}`);
      assert.equal(r.stdout, "");
      const lines = r.stderr.split("\n").filter((l) => l !== "");
      assert.equal(lines.length, 1, r.stderr.slice(0, 500));
      assert.match(lines[0], new RegExp(`^pulumi-gis-portal render-plan: the input is nested deeper than ${MAX_NESTING} levels at steps\\[3\\]\\.oldState\\.outputs\\.tree\\.child\\.child`));
      assert.doesNotMatch(r.stderr, /Maximum call stack|RangeError|at .*\.ts:\d+/);
      assert.ok(lines[0].length < 400, `${lines[0].length} characters`);
    });
  }

  it("a preview just within the limit renders; one level more is refused", () => {
    // the document, steps, the step, oldState and outputs are five levels above the tree
    const within = deepPreview(MAX_NESTING - 5);
    assert.equal(nestingProblem(within), undefined);
    assert.match(renderPlan(parsePreview(within)), /~ tree/);
    assert.match(nestingProblem(deepPreview(MAX_NESTING - 4)) ?? "", /^nested deeper than 1000 levels at steps\[3\]\.oldState\.outputs\.tree/);
  });

  it("brackets and escaped quotes inside strings do not count; keys that are not names are quoted", () => {
    assert.equal(nestingProblem(`{"a":"${"[".repeat(5000)}\\"${"{".repeat(5000)}"}`, 3), undefined);
    assert.equal(nestingProblem('[[["x"]]]', 3), undefined);
    assert.equal(nestingProblem('[[[["x"]]]]', 3), "nested deeper than 3 levels at [0][0][0]");
    assert.equal(nestingProblem('{"a b":[1,2,{"c\\"d":{"e":[[]]}}]}', 4), 'nested deeper than 4 levels at ["a b"][2]["c\\"d"].e');
    assert.equal(nestingProblem('[{"x":1},{"y":{"z":[{}]}}]', 4), "nested deeper than 4 levels at [1].y.z[0]");
  });
});
