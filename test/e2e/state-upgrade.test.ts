// State upgrades: a stack written by an earlier package previews with no change under this one. For
// each resource kind, test/fixtures/state/<kind>/stack.json is the state `pulumi stack export` gave
// after `pulumi up` of the program beside it, recorded with the real CLI and the packed package
// named in test/fixtures/state/README.md. Here: the emulator with the same organization content,
// `pulumi stack import` of that state into a fresh file-backend stack, `pulumi preview --json`
// (no refresh) with the current packed package → nothing but "same".
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { STATE_FIXTURES, fixtureDir, fixtureEmulator, replay, type ImportedResource, type Replay } from "../fixtures/state/stateFixtures";

const root = path.resolve(__dirname, "..", "..");
const PORTAL_TYPE = "pulumi-nodejs:dynamic/portal:";

/** The resources a preview counts: every one but the providers. */
const counted = (resources: ImportedResource[]) => resources.filter((r) => !r.type.startsWith("pulumi:providers:"));

describe("e2e state upgrades: fixtures recorded by an earlier package preview with no change", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;

  before(async () => {
    assert.ok(fs.existsSync(path.join(root, "dist", "resources", "index.js")), "run `npm run build` first");
    emu = await fixtureEmulator();
  });
  after(async () => {
    await emu?.close();
  });

  for (const f of STATE_FIXTURES) {
    it(`${f.kind} (${path.relative(root, fixtureDir(f))})`, async () => {
      let r: Replay | undefined;
      try {
        r = await replay(f, emu);
        const ours = r.imported.filter((x) => x.type.startsWith(PORTAL_TYPE));
        assert.ok(ours.some((x) => x.type === PORTAL_TYPE + f.kind), `the fixture holds a ${f.kind}`);
        for (const x of ours) assert.equal(x.outputs?.schemaVersion, 1, `${x.urn}: recorded with state layout 1`);
        const changed = r.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn} ${JSON.stringify(s.diffReasons ?? [])} ${JSON.stringify(s.detailedDiff ?? {})}`);
        assert.deepEqual(changed, [], "no create, update, replace or delete");
        assert.deepEqual(r.changeSummary, { same: counted(r.imported).length }, "every imported resource is the same");
      } finally {
        r?.project.remove();
      }
    });
  }

  it("the check can fail: the same state with one input changed previews as an update", async () => {
    const folder = STATE_FIXTURES.find((f) => f.kind === "Folder")!;
    let r: Replay | undefined;
    try {
      // the state says the folder "Drafts" was titled "Old drafts": the program's title is a change
      r = await replay(folder, emu, (state) => {
        const s = JSON.parse(state);
        const drafts = s.deployment.resources.find((x: ImportedResource) => x.urn.endsWith("::drafts"));
        drafts.inputs.title = "Old drafts";
        drafts.outputs.title = "Old drafts";
        return JSON.stringify(s);
      });
      const updates = r.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`);
      assert.deepEqual(updates, ["update drafts"]);
    } finally {
      r?.project.remove();
    }
  });
});
