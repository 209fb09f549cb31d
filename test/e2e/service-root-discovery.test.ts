// A stack without portal:serviceUrl through the real CLI and the packed package: a LayerAppend by
// serviceName previews with the services root discovered from the portal (portals/self/urls) and
// the layer URL it resolves to, ups into that layer (one line says where the root came from), and
// previews again with no change.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, runPulumi, type FixtureProject } from "../support/pulumi";
import { layerRows } from "../provider/resources/layerAppendCalls";

const program = `
const portal = require("pulumi-gis-portal");
new portal.LayerAppend("by-name", { serviceName: "Stations", layerId: 0, edits: { features: [{ attributes: { station_id: "N1", name: "Found" } }] } });
`;

describe("e2e: the services root discovered when portal:serviceUrl is unset", function () {
  this.timeout(300_000);
  let emu: RunningEmulator;
  let project: FixtureProject;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("service-root", program);
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_publisher, secret: true } });
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("a LayerAppend by serviceName previews at the discovered root, ups into it, then previews no change", async () => {
    const root = `${emu.url}/${emu.portalId}/arcgis/rest/services`;
    const preview = JSON.parse(await runPulumi(project, ["preview", "--json"]));
    const lines: string[] = preview.steps.find((s: any) => s.urn.endsWith("::by-name"))?.newState?.inputs?.plannedChanges ?? [];
    assert.deepEqual(lines, [`+ load edits (1 features) into ${root}/Stations/FeatureServer/0: append (new rows)`, `  (services root ${root} discovered from portals/self/urls; set portal:serviceUrl to use another)`], JSON.stringify(preview.steps));

    const up = await runPulumi(project, ["up", "--yes", "--skip-preview"]);
    // one message of the run (shown on the stack's row as it comes, then under Diagnostics)
    const said = up.slice(up.indexOf("Diagnostics:")).match(/portal: services root (\S+) discovered from portals\/self\/urls \(portal:serviceUrl is not set\)/g) ?? [];
    assert.deepEqual(said, [`portal: services root ${root} discovered from portals/self/urls (portal:serviceUrl is not set)`], up);
    assert.deepEqual((await layerRows(emu, "dev_admin", "Stations")).map((r) => [r.station_id, r.name]), [["N1", "Found"]]);

    await runPulumi(project, ["preview", "--expect-no-changes"]); // rejects on a change
  });
});
