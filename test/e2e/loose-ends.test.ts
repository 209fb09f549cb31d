// Issue 45 through the real CLI and the packed packages, as a new user meets them: an unknown
// relationship type fails the preview naming the closest type and listing them all; a closed port
// fails the preview in one attempt (no "sent again" line, no backoff); `npx portal-emulator`
// stopped with SIGTERM to npx frees its port within 3 s (npm does not pass the signal on).
import { strict as assert } from "node:assert";
import { execFileSync, spawn } from "node:child_process";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { RELATIONSHIP_TYPES } from "../../spec/limits";
import { clearRequestLog, requestLog } from "../provider/resources/portalCalls";
import { closedPort, portFreed } from "../emulator/ports";
import { createFixtureProject, fixtureStack, packedEmulator, runPulumi, type FixtureProject } from "../support/pulumi";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const which = new pulumi.Config().get("case") || "ok";
if (which === "rel") new portal.PortalItem("app", { type: "Web Mapping Application", title: "App", url: "https://apps.example.com/a", relationship: { type: "Map2Data", originItemId: "0123456789abcdef0123456789abcdef" } });
else if (which === "text") new portal.PortalItem("map", { type: "Web Map", title: "Map", text: "{not json" });
else {
  new portal.Folder("drafts", { title: "Drafts" });
  new portal.Folder("archive", { title: "Archive" });
}
`;

const STACK_FRAME = /^\s+at .+\(.*:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;

describe("e2e loose ends of the first hour (issue 45)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("loose-ends", program);
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  const preview = async (config: Record<string, string>): Promise<{ out: string; ms: number }> => {
    for (const [k, v] of Object.entries(config)) await runPulumi(project, ["config", "set", k, v]);
    const started = Date.now();
    const out = await runPulumi(project, ["preview"], { allowFailure: true });
    return { out, ms: Date.now() - started };
  };

  it("Map2Data fails the preview naming the closest type and every known one, and sends no write", async () => {
    await clearRequestLog(emu);
    const { out } = await preview({ case: "rel" });
    const line = out.split("\n").find((l) => l.includes('"Map2Data" is not a relationship type'));
    assert.ok(line, out);
    assert.match(line, /property relationship\.type [^\n]*"Map2Data" is not a relationship type the portal knows; did you mean "Map2Area"\? The relationship types: /);
    for (const t of RELATIONSHIP_TYPES) assert.ok(line.includes(t), `${t} missing from: ${line}`);
    assert.doesNotMatch(out, /spec\.md/);
    assert.doesNotMatch(out, STACK_FRAME);
    assert.deepEqual((await requestLog(emu)).filter((q) => q.method !== "GET"), [], "no write");
  });

  it("a closed port fails the preview in one attempt: the message naming portal:url, no 'sent again' line, under 2 s beyond a preview that sends nothing", async () => {
    // the same engine, program and provider start-up, failing on an input rule before any request
    const baseline = await preview({ case: "text" });
    assert.match(baseline.out, /property text value [^\n]*not valid JSON text/, baseline.out);
    const url = `http://127.0.0.1:${await closedPort()}`;
    const closed = await preview({ case: "ok", "portal:url": url });
    assert.match(closed.out, new RegExp(`property portal:url [^\\n]*cannot reach the portal at ${url.replace(/\./g, "\\.")} \\(ECONNREFUSED\\); check portal:url`), closed.out);
    assert.doesNotMatch(closed.out, /sent again/i, closed.out);
    assert.doesNotMatch(closed.out, /gave up after/);
    assert.doesNotMatch(closed.out, STACK_FRAME);
    console.log(`      closed-port preview ${closed.ms} ms; a preview failing on its inputs ${baseline.ms} ms (loaded machine)`);
    assert.ok(closed.ms - baseline.ms < 2000, `the closed-port preview took ${closed.ms} ms, ${closed.ms - baseline.ms} ms beyond the baseline`);
    await runPulumi(project, ["config", "set", "portal:url", emu.portalUrl]);
  });

  it("npx portal-emulator, then SIGTERM to npx: the port is free within 3 s", async () => {
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", "--save-dev", `file:${packedEmulator()}`], { cwd: project.dir, stdio: ["ignore", "ignore", "inherit"] });
    const npx = spawn("npx", ["--no-install", "portal-emulator", "--port", "0"], { cwd: project.dir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_update_notifier: "false" } });
    let err = "";
    npx.stderr!.on("data", (d) => (err += d));
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no banner in 60 s: ${out} ${err}`)), 60_000);
        npx.stdout!.on("data", (d) => {
          out += d;
          if (/prod_viewer: \S+\n/.test(out)) {
            clearTimeout(timer);
            resolve(out);
          }
        });
        npx.once("exit", (code) => reject(new Error(`npx exited ${code}: ${out} ${err}`)));
      });
      const port = Number(new URL(/url: +(\S+)/.exec(banner)![1]).port);
      assert.equal((await fetch(`http://127.0.0.1:${port}/sharing/rest/portals/self?f=json`)).status, 200);
      const stopped = Date.now();
      npx.kill("SIGTERM");
      assert.ok(await portFreed(port, 3000), `port ${port} still bound 3 s after SIGTERM to npx; stderr: ${err}`);
      console.log(`      port free ${Date.now() - stopped} ms after SIGTERM to npx`);
      await assert.rejects(fetch(`http://127.0.0.1:${port}/sharing/rest/portals/self?f=json`));
    } finally {
      if (npx.exitCode === null) npx.kill("SIGKILL");
    }
  });
});
