// Every text field of the PortalItem table, against the emulator (issue 26: a row is the only place a
// field is named): for each argument row sent with the item, read back from the portal as held, and
// taking plain text, the provider creates an item with a value, the portal's REST answer holds it,
// an edit is an in-place update, an out-of-band edit is drift on read, export writes it, and an
// adoption of the item compares it. A new row whose emulator side is missing fails here, without a test of its own.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { ruleType } from "../../../provider/resources/machinery/ruleType";
import type { ItemFacets, Row } from "../../../provider/resources/machinery/propertyTable";
import { ADOPT_COMPARED, PORTAL_ITEM } from "../../../provider/resources/portalItem/table";
import { portalGet, portalPost } from "./portalCalls";
import { exportInProcess } from "../cli/exportRun";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

/** The first sample the row's rule takes: plain text for most rows, a URL or a culture for the others. */
function sampleFor(row: Row<ItemFacets>, n: number): string | undefined {
  for (const v of [`Sample text ${n}`, ["en-US", "fr-FR", "de-DE"][n % 3], `https://example.com/${n}.png`]) if (row.rule!.safeParse(v).success) return v;
  return undefined;
}

const ROWS = (Object.entries(PORTAL_ITEM) as Array<[string, Row<ItemFacets>]>).filter(
  ([k, r]) => r.role === "argument" && r.sent === true && r.drift === "held" && r.read !== undefined && r.rule !== undefined && ruleType(r.rule) === "string" && !["title", "owner"].includes(k),
);

describe("provider PortalItem: every plain-text row round-trips through the emulator (issue 26)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "rows-"));
  after(() => fs.rmSync(work, { recursive: true, force: true }));
  before(async () => {
    emu = await startEmulator({ port: 0 });
    await p.configure!(configFor(emu, "dev_publisher") as any);
  });
  after(() => emu.close());

  it("the rows it covers include the text fields (a filter that matched nothing would prove nothing)", () => {
    const keys = ROWS.map(([k]) => k);
    for (const k of ["description", "snippet", "licenseInfo", "accessInformation", "culture", "serviceCredentialsType"]) assert.ok(keys.includes(k), `${k} in ${keys.join(", ")}`);
  });

  for (const [key, row] of ROWS) {
    it(`${key}: created, held by the portal as ${row.read}, updated in place, drift when edited out of band, exported, compared by an adoption`, async () => {
      const [first, second, third] = [1, 2, 3].map((n) => sampleFor(row, n));
      assert.ok(first && second && third && new Set([first, second, third]).size === 3, `samples for ${key}`);
      const c = await p.check!({}, { type: "Web Map", title: `Row ${key}`, text: {}, [key]: first });
      assert.deepEqual(c.failures ?? [], []);
      const made = await p.create(c.inputs!);
      assert.equal((await portalGet(emu, "dev_publisher", `content/items/${made.id}`))[row.read!], first, "the portal holds the created value");

      const u = await p.check!(made.outs, { type: "Web Map", title: `Row ${key}`, text: {}, [key]: second });
      const d = await p.diff!(made.id, made.outs, u.inputs!);
      assert.equal(d.changes, true);
      assert.deepEqual(d.replaces ?? [], [], "an edit is an update, not a replace");
      const updated = await p.update!(made.id, made.outs, u.inputs!);
      assert.equal((await portalGet(emu, "dev_publisher", `content/items/${made.id}`))[row.read!], second, "the portal holds the updated value");

      await portalPost(emu, "dev_publisher", `content/users/dev_publisher/items/${made.id}/update`, { [row.wire!]: third });
      const read = await p.read!(made.id, updated.outs!);
      assert.equal(read.inputs![key], third, "read gives the portal's value back as the input: drift");

      const exported = await exportInProcess(emu, work, []);
      assert.equal(exported.code, 0, exported.err);
      // a row marked `exported: "no"` (the file name, which the portal fills in) is left out on purpose
      assert.equal(exported.program.includes(`${key}: ${JSON.stringify(third)}`), row.exported === "copied", `export writes ${key}: ${JSON.stringify(third)} (exported: ${row.exported})`);

      assert.ok((ADOPT_COMPARED as string[]).includes(key), "an adoption compares it");
      const adopt = await p.check!({}, { type: "Web Map", title: `Row ${key}`, text: {}, [key]: second, adoptItemId: made.id });
      assert.ok(((adopt.inputs?.plannedChanges ?? []) as string[]).some((l) => l.includes(key)), `the adoption's plan names ${key}: ${JSON.stringify(adopt.inputs?.plannedChanges)}`);
    });
  }
});
