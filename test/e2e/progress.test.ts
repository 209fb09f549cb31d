// Progress (issue 16, scope 5): a line sent with reportProgress from inside the dynamic-provider
// host reaches the CLI while the step runs, on the resource's row when the URN is given and on the
// stack's row without one; it is ephemeral (not repeated under Diagnostics), and `preview --json`
// carries none. The real upload and job code paths call the same function.
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, runPulumi, type FixtureProject } from "../support/pulumi";

const program = `
const pulumi = require("@pulumi/pulumi");
const provider = {
  async create(inputs) {
    const { reportProgress, uploadProgressLine } = require("pulumi-gis-portal/provider");
    const total = 256 * 1024 * 1024;
    for (let i = 1; i <= 3; i++) {
      await reportProgress("PROBE " + uploadProgressLine((total * i) / 4, total, i * 1000, { done: 8 * i, total: 32 }), { urn: inputs.progressUrn, intervalMs: 0 });
      await new Promise((r) => setTimeout(r, 700));
    }
    await reportProgress("PROBE-STACK no urn", { final: true });
    return { id: "probe", outs: {} };
  },
};
new pulumi.dynamic.Resource(provider, "probe", { progressUrn: pulumi.createUrn("probe", "pulumi-nodejs:dynamic:Resource") });
`;

describe("e2e progress: lines from the dynamic provider reach the CLI during the step", function () {
  this.timeout(300_000);
  let project: FixtureProject;

  before(async () => {
    project = createFixtureProject("progress", program);
    await fixtureStack(project, "dev");
  });

  after(() => project?.remove());

  const pulumi = (args: string[]) => runPulumi(project, args);

  it("shows the lines on the step's row, not under Diagnostics, and none in preview --json", async () => {
    const previewJson = await pulumi(["preview", "--json"]);
    const diags: { message: string }[] = JSON.parse(previewJson).diagnostics ?? [];
    assert.ok(!diags.some((d) => d.message.includes("PROBE")), `preview --json diagnostics: ${JSON.stringify(diags)}`);
    const out = await pulumi(["up", "--yes"]);
    const rows = out.split("\n").filter((l) => l.includes("PROBE"));
    assert.ok(rows.some((l) => /pulumi-nodejs:dynamic:Resource\s+probe\s+creating \(\d+s\)\s+PROBE uploading 128\.0 of 256\.0 MiB \(50%\), [\d.]+ MiB\/s, parts 16\/32/.test(l)), out);
    assert.ok(rows.some((l) => /pulumi:pulumi:Stack\s+\S+\s+creating \(\d+s\)\s+PROBE-STACK no urn/.test(l)), out);
    const diagnostics = out.split(/^Diagnostics:/m)[1] ?? "";
    assert.doesNotMatch(diagnostics.split(/^Resources:/m)[0], /PROBE/, "progress lines are ephemeral");
    await pulumi(["destroy", "--yes"]);
  });
});

describe("e2e progress: a multipart PortalItem upload reports on its row", function () {
  this.timeout(300_000);
  let project: FixtureProject;
  let emu: import("../../emulator").RunningEmulator;

  before(async () => {
    const { startEmulator } = await import("../../emulator");
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject(
      "progress-real",
      `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
new portal.PortalItem("big", { type: "Image", title: "Big image", file: "big.bin" });
`,
    );
    require("node:fs").writeFileSync(path.join(project.dir, "big.bin"), Buffer.alloc(26 * 1024 * 1024, 3));
    await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
  });

  after(async () => {
    project?.remove();
    await emu?.close();
  });

  it("up shows the upload's bytes, rate and parts on the PortalItem's row, not under Diagnostics", async () => {
    const out = await runPulumi(project, ["up", "--yes"]);
    assert.match(out, /portal:PortalItem\s+big\s+creating \(\d+s\)\s+uploading 26\.0 of 26\.0 MiB \(100%\), [\d.]+ MiB\/s, parts 6\/6/, out);
    const diagnostics = out.split(/^Diagnostics:/m)[1] ?? "";
    assert.doesNotMatch(diagnostics.split(/^Resources:/m)[0], /uploading/, "progress lines are ephemeral");
  });
});

describe("e2e progress: a 256 MiB one-request PortalItem upload reports on its row", function () {
  this.timeout(600_000);
  let project: FixtureProject;
  let emu: import("../../emulator").RunningEmulator;

  before(async () => {
    const { startEmulator } = await import("../../emulator");
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject(
      "progress-one-request",
      `
const portal = require("pulumi-gis-portal");
new portal.PortalItem("big", { type: "Image", title: "Big image (one request)", file: "big.bin" });
`,
    );
    // the shipped sizes (limits.ts UPLOAD): 256 MiB goes in one streamed addItem
    project.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES = String(1024 * 1024 * 1024);
    project.env.PORTAL_UPLOAD_PART_BYTES = String(64 * 1024 * 1024);
    const fd = require("node:fs").openSync(path.join(project.dir, "big.bin"), "w");
    require("node:fs").ftruncateSync(fd, 256 * 1024 * 1024);
    require("node:fs").closeSync(fd);
    await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
  });

  after(async () => {
    project?.remove();
    await emu?.close();
  });

  it("up shows bytes and rate on the PortalItem's row while the one request streams, and sends no part", async () => {
    const out = await runPulumi(project, ["up", "--yes"]);
    assert.match(out, /portal:PortalItem\s+big\s+creating \(\d+s\)\s+uploading 256\.0 of 256\.0 MiB \(100%\), [\d.]+ MiB\/s\s*$/m, out);
    const parts = (await requestLog(emu)).filter((q) => /addPart/.test(q.path));
    assert.equal(parts.length, 0, "one request: no addPart");
    const diagnostics = out.split(/^Diagnostics:/m)[1] ?? "";
    assert.doesNotMatch(diagnostics.split(/^Resources:/m)[0], /uploading/, "progress lines are ephemeral");
  });
});
