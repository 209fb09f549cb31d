// Issue 29 scope 8: export and what another stack manages. An item carrying a stack's marker is
// skipped with the reason; category trees carry no marker, so when some stack manages items of the
// organization, export warns that it may manage the trees too and says how to leave them out.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { exportInProcess } from "./exportRun";
import { resourceMarker, stackMarker } from "../../../provider/resources/portalItem/identity";
import { portalGet, portalPost } from "../resources/portalCalls";

describe("export warns about what another stack manages (issue 29)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let tmp: string;
  let managedId: string;
  const marker = stackMarker("org/prod");

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-managed-"));
    const self = await portalGet(emu, "dev_admin", "portals/self");
    await portalPost(emu, "dev_admin", `portals/${self.id}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: [{ title: "Categories", categories: [{ title: "Water" }] }] }) });
    managedId = (await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Managed map", type: "Web Map", text: "{}", typeKeywords: `${resourceMarker("urn:pulumi:prod::org::x::m")},${marker}` })).id;
    await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Free map", type: "Web Map", text: "{}" });
  });
  after(async () => {
    await emu?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const exported = (args: string[]) => exportInProcess(emu, tmp, [...args]);


  it("skips the marked item, and warns that the trees may be that stack's, naming --no-schemas", async () => {
    const r = await exported([]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, new RegExp(`skipped item ${managedId} "Managed map": a Pulumi stack already manages it`));
    assert.match(r.err, new RegExp(`warning: 1 Pulumi stack already manages items of this organization \\(type keyword ${marker}\\)[^\\n]*export again with --no-schemas`));
    assert.match(r.program, /CategorySchema/);
    assert.doesNotMatch(r.program, /Managed map/);
    assert.match(r.program, /Free map/);
  });

  it("with --no-schemas the trees are left out and there is no warning", async () => {
    const r = await exported(["--no-schemas"]);
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.err, /warning:/);
    assert.doesNotMatch(r.program, /CategorySchema/);
  });
});
