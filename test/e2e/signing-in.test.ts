// Signing in through the real CLI and the packed package: `pulumi-gis-portal login` against the
// emulator (the test plays the browser over HTTP) writes an encrypted portal:refreshToken; `up`
// works with it; with access tokens living 5 s, an `up` of 50 items that lasts longer finishes with
// no failed request and the provider's own count of renewals above 0; a revoked refresh token and an
// app token on a CategorySchema fail the preview with no write; no secret in state, CLI output or the
// emulator's answers.
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, requestLog } from "../provider/resources/portalCalls";
import { createFixtureProject, fixtureStack, rawStateFile, runPulumi, type FixtureProject } from "../support/pulumi";
import { oobCode, signInThrough } from "../emulator/oauthBrowser";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const count = Number(config.get("count") || "1");
for (let i = 0; i < count; i++) new portal.PortalItem("map-" + i, { type: "Web Map", title: "Map " + i, text: JSON.stringify({ operationalLayers: [] }) });
if (config.get("case") === "schema") new portal.CategorySchema("org-tree", { categorySchema: [{ title: "Categories", categories: [{ title: "Water" }] }] });
`;

const STACK_FRAME = /^\s+at .+\(.*:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;

/** Runs the packed package's bin in the project, as `npx pulumi-gis-portal …` would. */
function runBin(project: FixtureProject, args: string[], onOutput: (stdout: string, stdin: NodeJS.WritableStream) => void): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(project.dir, "node_modules", ".bin", "pulumi-gis-portal"), args, { cwd: project.dir, env: { ...process.env, ...project.env, DISPLAY: "", WAYLAND_DISPLAY: "" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
      onOutput(stdout, child.stdin);
    });
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("e2e signing in: login, refresh tokens mid-run, app tokens at preview (the OAuth 2.0 endpoints)", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  const control = (p: string, body: unknown) => fetch(`${emu.controlUrl}/${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
  const oauthStats = () => fetch(`${emu.controlUrl}/oauth`).then((r) => r.json() as Promise<{ grants: Record<string, number> }>);
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET" && !q.path.includes("/oauth2/"));
  let refreshToken = "";
  const outputs: string[] = [];

  /** The login command, the test signing in as `username` in "the browser". */
  async function login(username: string): Promise<string> {
    let played = false;
    const run = await runBin(project, ["login", "--url", emu.portalUrl, "--client-id", "dev-cli"], (stdout) => {
      const url = /\n {2}(http\S+\/oauth2\/authorize\?\S+)\n/.exec(stdout)?.[1];
      if (url && !played) {
        played = true;
        void signInThrough(url, username, `${username}-password`);
      }
    });
    const all = run.stdout + run.stderr;
    outputs.push(all);
    assert.equal(run.code, 0, all);
    return run.stdout;
  }

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("signing-in", program);
    await fixtureStack(project, "dev");
  });
  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("login writes portal:url, portal:clientId and an encrypted portal:refreshToken; says who signed in and when it expires", async () => {
    const out = await login("dev_admin");
    assert.match(out, /Signed in to Dev Organization \(urlKey dev, http:\/\/127\.0\.0\.1:\d+\) as dev_admin\./);
    assert.match(out, /The refresh token expires \d{4}-\d\d-\d\dT[\d:.]+Z \(in 14 days\)/);
    const yaml = fs.readFileSync(path.join(project.dir, "Pulumi.dev.yaml"), "utf8");
    assert.match(yaml, /portal:refreshToken:\n\s+secure: v1:/, yaml);
    assert.match(yaml, /portal:clientId: dev-cli/);
    refreshToken = (await runPulumi(project, ["config", "get", "portal:refreshToken"])).trim();
    assert.ok(refreshToken.length > 20);
    assert.ok(!yaml.includes(refreshToken));
    assert.ok(!out.includes(refreshToken));
  });

  it("up with the refresh token; with access tokens living 5 s, an up of 50 items lasting longer: 0 failed requests, renewals counted by the provider", async () => {
    await runPulumi(project, ["up", "--yes", "--skip-preview"]);
    await control("oauth/lifetimes", { accessSeconds: 5 });
    await control("faults", { latencyMs: 150, paths: "/content/" });
    await runPulumi(project, ["config", "set", "count", "50"]);
    await clearRequestLog(emu);
    const before = (await oauthStats()).grants.refresh_token;
    const started = Date.now();
    const out = await runPulumi(project, ["up", "--yes", "--skip-preview", "--parallel", "4"]);
    const took = Date.now() - started;
    outputs.push(out);
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    assert.ok(took > 5000, `the up lasted ${took} ms, longer than an access token's life`);
    assert.match(out, /49 created|\+ 49 created/, out);
    const failed = ((await requestLog(emu)) as unknown as Array<{ status: number }>).filter((q) => q.status >= 400);
    assert.deepEqual(failed, [], "0 failed requests");
    const renewals = [...out.matchAll(/access token renewed from portal:refreshToken \((\d+) renewals? so far\)/g)].map((m) => Number(m[1]));
    assert.ok(renewals.length > 0 && Math.max(...renewals) > 0, `the provider's count of renewals:\n${out}`);
    assert.ok((await oauthStats()).grants.refresh_token - before > 1, "the emulator granted the renewals");
  });

  it("an app token on a CategorySchema fails the preview naming the privilege and the login command, with 0 writes", async () => {
    await runPulumi(project, ["config", "set", "count", "1"]);
    await runPulumi(project, ["config", "set", "case", "schema"]);
    await runPulumi(project, ["config", "rm", "portal:refreshToken"]);
    await runPulumi(project, ["config", "set", "portal:clientId", "dev-ci"]);
    await runPulumi(project, ["config", "set", "--secret", "portal:clientSecret", "dev-ci-secret-value"]);
    await clearRequestLog(emu);
    const out = await runPulumi(project, ["preview"], { allowFailure: true });
    outputs.push(out);
    assert.match(out, /property portal:clientSecret [^\n]*an app token cannot assign the content category schema: it acts as no user and does not hold the privilege portal:admin:updateItemCategorySchema[^\n]*sign in as an administrator with `npx pulumi-gis-portal login/, out);
    assert.doesNotMatch(out, STACK_FRAME);
    assert.deepEqual(await writes(), [], "no write");
    assert.ok(!out.includes("dev-ci-secret-value"));
    await runPulumi(project, ["config", "rm", "portal:clientSecret"]);
    await runPulumi(project, ["config", "rm", "case"]);
  });

  it("two kinds of credential at once fail the preview naming both keys", async () => {
    await login("dev_admin");
    await runPulumi(project, ["config", "set", "--secret", "portal:apiKey", "apikey-dev-0000000000000000"]);
    const out = await runPulumi(project, ["preview"], { allowFailure: true });
    outputs.push(out);
    assert.match(out, /two kinds of credential are set: a login \(refresh token\) and an API key \(portal:refreshToken, portal:apiKey\)/, out);
    await runPulumi(project, ["config", "rm", "portal:apiKey"]);
  });

  it("a revoked refresh token fails the preview naming portal:refreshToken and the login command, with 0 writes", async () => {
    refreshToken = (await runPulumi(project, ["config", "get", "portal:refreshToken"])).trim();
    await control("oauth/revoke", { username: "dev_admin" });
    await runPulumi(project, ["config", "set", "count", "2"]);
    await clearRequestLog(emu);
    const out = await runPulumi(project, ["preview"], { allowFailure: true });
    outputs.push(out);
    assert.match(out, /property portal:refreshToken [^\n]*portal:refreshToken was refused [^\n]*Sign in again: npx pulumi-gis-portal login --url http:\/\/127\.0\.0\.1:\d+ --client-id dev-cli/, out);
    assert.doesNotMatch(out, STACK_FRAME);
    assert.deepEqual(await writes(), []);
  });

  it("login --no-browser prints the URL (oob redirect) and reads the pasted code from standard input", async () => {
    let pasted = false;
    const run = await runBin(project, ["login", "--url", emu.portalUrl, "--client-id", "dev-cli", "--no-browser"], (stdout, stdin) => {
      const url = /\n {2}(http\S+\/oauth2\/authorize\?\S+)\n/.exec(stdout)?.[1];
      if (url && !pasted) {
        pasted = true;
        assert.equal(new URL(url).searchParams.get("redirect_uri"), "urn:ietf:wg:oauth:2.0:oob");
        void oobCode(url, "dev_publisher", "dev_publisher-password").then((code) => stdin.end(`${code}\n`));
      }
    });
    outputs.push(run.stdout + run.stderr);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /as dev_publisher\./);
    const yaml = fs.readFileSync(path.join(project.dir, "Pulumi.dev.yaml"), "utf8");
    assert.match(yaml, /portal:refreshToken:\n\s+secure: v1:/, yaml);
  });

  it("no secret in the state file, in any CLI output, or in the emulator's answers", async () => {
    const state = rawStateFile(project, "signing-in", "dev");
    const secrets = [refreshToken, "dev-ci-secret-value", "apikey-dev-0000000000000000"];
    for (const s of secrets) {
      assert.ok(!state.includes(s), "not in the state");
      for (const o of outputs) assert.ok(!o.includes(s), `not in the output:\n${o}`);
    }
    // the emulator's error bodies for wrong and revoked credentials never echo them
    const token = await fetch(`${emu.sharingUrl}/oauth2/token`, { method: "POST", body: new URLSearchParams({ f: "json", grant_type: "refresh_token", client_id: "dev-cli", refresh_token: refreshToken }) }).then((r) => r.text());
    const app = await fetch(`${emu.sharingUrl}/oauth2/token`, { method: "POST", body: new URLSearchParams({ f: "json", grant_type: "client_credentials", client_id: "dev-ci", client_secret: "wrong-secret-1234" }) }).then((r) => r.text());
    const key = await fetch(`${emu.sharingUrl}/portals/self?f=json&token=apikey-not-valid-1234`).then((r) => r.text());
    assert.match(token, /invalid_grant/);
    assert.ok(!token.includes(refreshToken) && !app.includes("wrong-secret-1234") && !key.includes("apikey-not-valid-1234"), `${token}\n${app}\n${key}`);
  });
});
