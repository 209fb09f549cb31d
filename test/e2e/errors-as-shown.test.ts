// Errors as the CLI prints them (issue 16, scope 4): docs/errors.md shows the text a user sees for a
// deadline; this runs the case through the real CLI and the packed package and checks that the
// page shows the error line the CLI printed (ids and times normalized), so the page cannot go stale.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { layerRows } from "../provider/resources/layerAppendCalls";
import { createFixtureProject, fixtureStack, runPulumi, type FixtureProject } from "../support/pulumi";

const program = `
const portal = require("pulumi-gis-portal");
new portal.LayerAppend("load", {
  layerUrl: process.env.LAYER_URL,
  upsert: false,
  edits: { features: [{ attributes: { station_id: "D1", name: "Deadline 1" } }] },
  timeoutSeconds: 3,
});
`;

/** The Diagnostics error line of a resource, with job ids and seconds made stable. */
export function normalizedError(out: string, type: string): string {
  const diagnostics = out.split(/^Diagnostics:/m).pop() ?? ""; // the update's, after the preview's
  const block = diagnostics.split(new RegExp(`^  ${type.replace(/[/:]/g, (c) => `\\${c}`)} \\(`, "m"))[1] ?? "";
  const line = block.split("\n").find((l) => /^\s+error: /.test(l)) ?? "";
  return normalize(line.trim());
}

/** Job ids, ports and epoch times as placeholders. */
const normalize = (s: string) =>
  s
    .replace(/[0-9a-f]{32}/g, "<id>")
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
    .replace(/=\d{13}\b/g, "=<epoch ms>");

describe("e2e errors as shown: a deadline, through the real CLI", function () {
  this.timeout(300_000);
  let project: FixtureProject;
  let emu: import("../../emulator").RunningEmulator;

  before(async () => {
    const { startEmulator } = await import("../../emulator");
    emu = await startEmulator({ port: 0 });
    // the append job waits for a step that never comes: the provider's deadline ends the wait
    await fetch(`${emu.controlUrl}/jobs/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "append", mode: "manual" }) });
    project = createFixtureProject("deadline", program);
    project.env.LAYER_URL = `${emu.serviceUrl}/Stations/FeatureServer/0`;
    await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
  });

  after(async () => {
    project?.remove();
    await emu?.close();
  });

  it("up fails at the deadline with what it waited for and the last status; docs/errors.md shows the same line", async () => {
    const out = await runPulumi(project, ["up", "--yes"], { allowFailure: true });
    const line = normalizedError(out, "pulumi-nodejs:dynamic/portal:LayerAppend");
    assert.match(line, /^error: .*3 s/, out);
    const page = normalize(fs.readFileSync(path.join(__dirname, "..", "..", "docs", "errors.md"), "utf8"));
    assert.ok(page.includes(line), `docs/errors.md does not show the line the CLI printed:\n${line}\n\nfull output:\n${out}`);
  });

  it("the job goes on; the next up waits for it instead of appending again: the row is there once", async () => {
    const before = (await layerRows(emu, "dev_admin", "Stations")).length;
    await fetch(`${emu.controlUrl}/jobs/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "append", mode: "auto" }) });
    const out = await runPulumi(project, ["up", "--yes"]);
    assert.match(out, /1 created/, out);
    const rows = await layerRows(emu, "dev_admin", "Stations");
    assert.deepEqual(rows.filter((r) => r.station_id === "D1").length, 1, "the row of the first run's job, once");
    assert.ok(rows.length <= before + 1, `${rows.length - before} rows added after the deadline`);
  });
});
