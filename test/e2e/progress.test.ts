// Progress (issue 16, scope 5): a line sent with reportProgress from inside the dynamic-provider
// host reaches the CLI while the step runs, on the resource's row when the URN is given and on the
// stack's row without one; it is ephemeral (not repeated under Diagnostics), and `preview --json`
// carries none. The real upload and job code paths call the same function.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { clearRequestLog, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, runPulumi, type FixtureProject } from "../support/pulumi";
import { UPLOAD } from "../../spec/limits";

/** The Diagnostics section of an `up` (before Resources): ephemeral lines must not be in it. */
const diagnosticsOf = (out: string) => (out.split(/^Diagnostics:/m)[1] ?? "").split(/^Resources:/m)[0];

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
    assert.doesNotMatch(diagnosticsOf(out), /PROBE/, "progress lines are ephemeral");
    await pulumi(["destroy", "--yes"]);
  });
});

describe("e2e progress: PortalItem uploads report on their row (multipart, and one request)", function () {
  this.timeout(600_000);
  let emu: import("../../emulator").RunningEmulator;
  const projects: FixtureProject[] = [];

  before(async () => {
    const { startEmulator } = await import("../../emulator");
    emu = await startEmulator({ port: 0 });
  });

  after(async () => {
    for (const p of projects) p.remove();
    await emu?.close();
  });

  /** A stack of one PortalItem whose file is `bytes` long (sparse); `up` it and return the output. */
  async function upOneFile(name: string, bytes: number, env: Record<string, string> = {}): Promise<string> {
    const project = createFixtureProject(name, `const portal = require("pulumi-gis-portal");\nnew portal.PortalItem("big", { type: "Image", title: "Big image (${name})", file: "big.bin" });\n`);
    projects.push(project);
    Object.assign(project.env, env);
    const file = path.join(project.dir, "big.bin");
    fs.writeFileSync(file, "");
    fs.truncateSync(file, bytes); // sparse: no bytes written
    await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
    return runPulumi(project, ["up", "--yes"]);
  }

  it("multipart (test sizes): bytes, rate and parts on the PortalItem's row, not under Diagnostics", async () => {
    const out = await upOneFile("progress-real", 26 * 1024 * 1024);
    assert.match(out, /portal:PortalItem\s+big\s+creating \(\d+s\)\s+uploading 26\.0 of 26\.0 MiB \(100%\), [\d.]+ MiB\/s, parts 6\/6/, out);
    assert.doesNotMatch(diagnosticsOf(out), /uploading/, "progress lines are ephemeral");
  });

  it("the shipped threshold: bytes and rate while the one request streams, and no part is sent", async () => {
    await clearRequestLog(emu);
    // limits.ts UPLOAD as shipped: a file of the threshold's size itself goes in one streamed addItem
    const mib = UPLOAD.singleRequestMaxBytes / (1024 * 1024);
    const out = await upOneFile("progress-one-request", UPLOAD.singleRequestMaxBytes, { PORTAL_UPLOAD_SINGLE_MAX_BYTES: String(UPLOAD.singleRequestMaxBytes) });
    assert.match(out, new RegExp(`portal:PortalItem\\s+big\\s+creating \\(\\d+s\\)\\s+uploading ${mib}\\.0 of ${mib}\\.0 MiB \\(100%\\), [\\d.]+ MiB/s\\s*$`, "m"), out);
    const parts = (await requestLog(emu)).filter((q) => /addPart/.test(q.path));
    assert.equal(parts.length, 0, "one request: no addPart");
    assert.doesNotMatch(diagnosticsOf(out), /uploading/, "progress lines are ephemeral");
  });
});
