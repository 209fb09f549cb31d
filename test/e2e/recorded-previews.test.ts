// The recorded previews behind render-plan's goldens (test/fixtures/previews) are still what the real
// CLI previews: the story of test/support/previews.ts runs again through the Pulumi CLI and the packed
// package against the emulator (one stack, one up, five previews covering every resource kind and
// operation), and each normalized preview must say what its recording says: the change summary, each
// step's operation, resource and plan lines, replace and diff reasons, warnings and errors. So a
// change of the provider's plan lines cannot leave the goldens stale; re-record with
// scripts/record-previews (which also rewrites the goldens and docs/review.md's comment).
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { fixtureFile, PREVIEW_NAMES, recordPreviews, semanticContent, type PreviewName } from "../support/previews";

describe("e2e recorded previews are current (render-plan goldens)", function () {
  this.timeout(600_000);
  let recorded: Record<PreviewName, any>;

  before(async () => {
    recorded = await recordPreviews();
  });

  for (const name of PREVIEW_NAMES) {
    it(`${name}: the CLI's preview says what test/fixtures/previews/${name}.json says`, () => {
      const stored = JSON.parse(fs.readFileSync(fixtureFile(name, "json"), "utf8"));
      assert.deepEqual(semanticContent(recorded[name]), semanticContent(stored), `the recording ${name}.json is stale: run scripts/record-previews (after npm run build) and review the goldens' diff`);
    });
  }
});
