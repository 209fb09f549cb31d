// Golden tests for render-plan (issue 11): every preview recorded through the real CLI
// (test/fixtures/previews/<name>.json, scripts/record-previews) renders exactly as its golden
// <name>.md, and the plan comment shown in docs/review.md is render-plan's output for its recording.
// UPDATE_GOLDENS=1 rewrites the goldens and the doc's block instead of comparing.
// test/e2e/recorded-previews.test.ts checks that the recordings still match what the CLI previews.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { parsePreview, renderPlan } from "../../cli/renderPlan";
import { fixtureFile, PREVIEW_NAMES, recordedNames, renderFixture, REVIEW_DOC, reviewDocFixtures, reviewDocRendered, writeGoldens } from "../support/previews";

const update = process.env.UPDATE_GOLDENS === "1";
const HINT = "run `UPDATE_GOLDENS=1 npx mocha -r ts-node/register/transpile-only test/unit/render-plan-goldens.test.ts` if the change is intended";

const read = (name: string) => JSON.parse(fs.readFileSync(fixtureFile(name, "json"), "utf8"));
const kindOf = (s: any) => String(s.newState?.type ?? s.oldState?.type ?? s.type ?? "").replace(/^pulumi-nodejs:dynamic\//, "");

describe("unit: render-plan goldens over recorded previews", () => {
  before(() => {
    if (update) writeGoldens();
  });

  it("the recordings are the story of test/support/previews.ts", () => {
    assert.deepEqual(recordedNames(), [...PREVIEW_NAMES].sort());
  });

  for (const name of PREVIEW_NAMES) {
    it(`${name}: render-plan prints the golden ${name}.md`, () => {
      const golden = fs.readFileSync(fixtureFile(name, "md"), "utf8");
      assert.equal(renderFixture(name), golden, `test/fixtures/previews/${name}.md differs from render-plan's output; ${HINT}`);
    });
  }

  it("cover every resource kind, each operation of a PortalItem, and a plan with no changes", () => {
    const seen = new Set<string>();
    for (const name of PREVIEW_NAMES) for (const s of read(name).steps) seen.add(`${kindOf(s)} ${s.op}`);
    // a LayerAppend's new load is a replace; the content tree's delete shares the member tree's lines
    const wanted: Record<string, string[]> = {
      CategorySchema: ["create", "update"],
      MemberCategorySchema: ["create", "update", "delete"],
      ItemStatus: ["create", "update", "delete"],
      LayerAppend: ["create", "replace", "delete"],
    };
    for (const [kind, ops] of Object.entries(wanted)) for (const op of ops) assert.ok(seen.has(`portal:${kind} ${op}`), `no recorded ${op} of a ${kind}`);
    for (const op of ["create", "update", "replace", "delete"]) assert.ok(seen.has(`portal:PortalItem ${op}`), `no recorded ${op} of a PortalItem`);
    assert.match(renderFixture("no-change"), /^No changes\.$/m);
  });

  it("every provider step of a recording carries plan lines, and the Markdown shows them", () => {
    for (const name of PREVIEW_NAMES) {
      const md = renderFixture(name);
      for (const s of read(name).steps) {
        if (!kindOf(s).startsWith("portal:") || s.op === "same" || s.op === "delete") continue;
        const lines: string[] = s.newState?.inputs?.plannedChanges ?? [];
        assert.ok(lines.length > 0, `${name}: ${s.op} of ${s.urn} has no plannedChanges`);
        for (const line of lines) assert.ok(md.includes(line.replace(/`/g, "'")), `${name}: ${line} is not in the Markdown`);
      }
      assert.doesNotMatch(md, /e2e-passphrase|\/tmp\//, `${name}: a secret or a temp path in the comment`);
    }
  });

  it("docs/review.md shows render-plan's output for its recorded preview", () => {
    const doc = fs.readFileSync(REVIEW_DOC, "utf8");
    assert.ok(reviewDocFixtures(doc).length > 0, "docs/review.md has no <!-- render-plan:begin fixture=... --> block");
    for (const name of reviewDocFixtures(doc)) assert.ok(fs.existsSync(fixtureFile(name, "json")), `docs/review.md names a fixture ${name} that is not recorded`);
    assert.equal(doc, reviewDocRendered(doc), `docs/review.md's plan comment differs from render-plan's output; ${HINT}`);
  });
});

describe("unit: render-plan of a replace step", () => {
  const urn = (type: string, name: string) => `urn:pulumi:dev::org::pulumi-nodejs:dynamic/${type}::${name}`;

  it("names the property that forces it and what the old resource takes with it, when the provider's lines are a create's", () => {
    const preview = {
      changeSummary: { replace: 1 },
      steps: [
        {
          op: "replace",
          urn: urn("portal:PortalItem", "boundaries"),
          replaceReasons: ["itemIdToCreate", "folder"],
          oldState: {
            type: "pulumi-nodejs:dynamic/portal:PortalItem",
            inputs: { title: "B", itemIdToCreate: "a1", generatedItemIdToCreate: true },
            outputs: { type: "GeoJson", title: "B", itemId: "a1", contentStatus: "org_authoritative", relatedItemIds: ["m1"] },
          },
          newState: {
            type: "pulumi-nodejs:dynamic/portal:PortalItem",
            inputs: { title: "B", folder: "reference", itemIdToCreate: "b2", generatedItemIdToCreate: true, plannedChanges: ['+ create GeoJson "B"'] },
          },
        },
      ],
    };
    const md = renderPlan(parsePreview(JSON.stringify(preview)));
    assert.ok(
      md.includes(['```diff', '~ folder: (none) → "reference" (forces a replace)', '+ create GeoJson "B"', '- delete GeoJson "B" (item a1)', "! it is org_authoritative", "! related items: m1", "```"].join("\n")),
      md,
    );
    assert.doesNotMatch(md, /itemIdToCreate/, "a generated id is not a reason");
  });

  it("keeps the provider's lines alone when they already speak of the replace; hashes and long values stay short", () => {
    const said = ["~ type: \"Web Map\" → \"Web Scene\" (replaces the item)"];
    const step = (planned: string[]) => ({
      op: "replace",
      urn: urn("portal:LayerAppend", "load"),
      replaceReasons: ["fileSha256", "text"],
      oldState: { type: "pulumi-nodejs:dynamic/portal:LayerAppend", inputs: { fileSha256: "a".repeat(64), text: "x".repeat(100) } },
      newState: { type: "pulumi-nodejs:dynamic/portal:LayerAppend", inputs: { fileSha256: "b".repeat(64), text: "y".repeat(100), plannedChanges: planned } },
    });
    const kept = renderPlan(parsePreview(JSON.stringify({ changeSummary: { replace: 1 }, steps: [step(said)] })));
    assert.ok(kept.includes(["```diff", ...said, "```"].join("\n")), kept);
    const added = renderPlan(parsePreview(JSON.stringify({ changeSummary: { replace: 1 }, steps: [step(["+ load file"])] })));
    assert.ok(added.includes(`~ fileSha256: sha256 ${"a".repeat(12)}… → sha256 ${"b".repeat(12)}… (forces a replace)`), added);
    assert.ok(added.includes(`~ text: "${"x".repeat(39)}… (102 characters) → "${"y".repeat(39)}… (102 characters) (forces a replace)`), added);
    const secret = step(["+ load file"]);
    secret.replaceReasons = ["servicePassword"];
    Object.assign(secret.oldState.inputs, { servicePassword: "plain-old" });
    Object.assign(secret.newState.inputs, { servicePassword: "plain-new" });
    const masked = renderPlan(parsePreview(JSON.stringify({ changeSummary: { replace: 1 }, steps: [secret] })));
    assert.ok(masked.includes("~ servicePassword: [secret] → [secret] (forces a replace)"), masked);
    assert.doesNotMatch(masked, /plain-/);
  });
});
