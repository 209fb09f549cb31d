// Reliability (spec.md#design-credentials, Transport "tokens and passwords are redacted", Tests "reliability"
// row): a stack signing in with portal:username + secret portal:password (generateToken) runs up,
// refresh and destroy through the CLI at the engine's highest verbosity, flowed to the plugins.
// Neither the password nor any token the portal issued appears in stdout, stderr, the raw state,
// `pulumi stack export` (no --show-secrets), the CLI's log files or anything else the run wrote.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, rawStateFile, type FixtureProject } from "../support/pulumi";
import { addWebMap, contentSchemaOf } from "../provider/resources/portalCalls";
import { program, PROJECT, programContentTree } from "./support/engine";
import { pulumi, type CliResult } from "./support/cli";
import { startTokenRecorder, type TokenRecorder } from "./support/tokenRecorder";

const PASSWORD = "dev_admin-password";
/** The emulator's generated tokens: 24 random bytes in base64url (emulator/models/directory.ts). */
const TOKEN_FORMAT = /(?<![A-Za-z0-9_+/=-])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_+/=-])/g;

/**
 * Lines the Pulumi engine writes at -v=7 and -v=9 about the default pulumi-nodejs provider's
 * config (the stack config the nodejs SDK hands to dynamic providers' `configure`): "Planner
 * decided to create '…pulumi:providers:pulumi-nodejs::default' (inputs=map[portal:password:…])"
 * and "Marshaling property for RPC[Provider[…].Configure().inputs]" / "….CheckConfig(…).news".
 */
const ENGINE_CONFIG_LOG = /"msg":"(Planner decided to create 'urn:pulumi:dev::reliability::pulumi:providers:pulumi-nodejs::default' \(inputs=|Marshaling property for RPC\[Provider\[0x[0-9a-f]+\]\.(Configure\(\)\.inputs|CheckConfig\(urn:pulumi:dev::reliability::pulumi:providers:pulumi-nodejs::default\)\.news)\]: )/;

/** Every file under `dir` (node_modules skipped: the installed packages, not the run's output). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => !f.split(path.sep).includes("node_modules"))
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
}

/**
 * Token-shaped strings, less the 32-character ids that are not secrets: item ids and the engine's
 * hashes (32 hex digits) and the organization ids (`known`), which are the schemas' resource ids.
 */
function tokenShaped(text: string, known: Set<string>): string[] {
  return [...text.matchAll(TOKEN_FORMAT)].map((m) => m[0]).filter((s) => !known.has(s) && !/^[0-9a-f]{32}$/i.test(s) && /[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s));
}

describe("reliability: secrets in state and logs (spec.md#design-credentials, Transport redaction)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let recorder: TokenRecorder;
  let project: FixtureProject;
  let tmp: string;
  let itemId: string;
  const outputs: { what: string; text: string }[] = [];

  /** A CLI run at -v=9 (or `level`), flowed to the plugins, engine logs to stderr or (without) to files in TMPDIR. */
  async function verbose(args: string[], toStderr: boolean, level = 9, stack = "dev", env: Record<string, string> = {}): Promise<CliResult> {
    const r = await pulumi(project, [...args, "--stack", stack, "--non-interactive", `-v=${level}`, "--logflow", ...(toStderr ? ["--logtostderr"] : [])], { TMPDIR: tmp, ...env });
    outputs.push({ what: `pulumi ${args[0]} stdout`, text: r.stdout }, { what: `pulumi ${args[0]} stderr`, text: r.stderr });
    assert.equal(r.code, 0, r.stdout.slice(-2000) + r.stderr.slice(-2000));
    return r;
  }

  before(async () => {
    emu = await startEmulator({ port: 0 });
    recorder = await startTokenRecorder(emu.url);
    itemId = await addWebMap(emu, "dev_admin", "Basemap");
    project = createFixtureProject(PROJECT, program);
    tmp = path.join(project.dir, ".tmp");
    fs.mkdirSync(tmp);
    await fixtureStack(project, "dev", {
      "portal:url": { value: recorder.url },
      "portal:username": { value: "dev_admin" },
      "portal:password": { value: PASSWORD, secret: true },
      [`${PROJECT}:itemId`]: { value: itemId },
    });
  });

  after(async () => {
    await recorder?.close();
    await emu?.close();
    project?.remove();
  });

  it("rule 4: up, refresh and destroy at -v=9 leave no password and no issued token anywhere", async () => {
    const up = await verbose(["up", "--yes", "--skip-preview"], true);
    assert.ok(up.stderr.length > 100_000, `verbose engine logs were produced (${up.stderr.length} bytes)`);
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), programContentTree, "the run really signed in and assigned");
    assert.ok(recorder.issued.length >= 1, "generateToken issued tokens to the provider host");

    const state = rawStateFile(project, PROJECT, "dev");
    assert.match(state, /"portal:password":\s*\{\s*"4dabf18193072939515e22adb298388d"/, "the password is a secret in state");
    outputs.push({ what: "raw state", text: state });
    const exported = await pulumi(project, ["stack", "export", "--stack", "dev"]);
    assert.equal(exported.code, 0);
    outputs.push({ what: "stack export", text: exported.stdout });

    await verbose(["refresh", "--yes"], false);
    // -v=6: below the engine's property logging, nothing may hold the password at all
    await verbose(["destroy", "--yes"], true, 6);
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);

    // PULUMI_HOME, the backend, TMPDIR and the stack's config file all live in the project dir
    for (const file of filesUnder(project.dir)) {
      outputs.push({ what: file, text: fs.readFileSync(file, "latin1") });
    }
    assert.ok(
      outputs.some((o) => o.what.startsWith(tmp) && /pulumi/.test(path.basename(o.what))),
      `the refresh wrote its log files under TMPDIR: ${filesUnder(tmp).join(", ")}`,
    );

    const secrets = [PASSWORD, encodeURIComponent(PASSWORD), ...recorder.issued];
    const engineLines: string[] = [];
    for (const { what, text } of outputs) {
      for (const line of text.split("\n")) {
        const secret = secrets.find((x) => line.includes(x));
        if (secret === undefined) continue;
        // the engine itself (the Go CLI, not this package) prints the default provider's config
        // in clear at -v≥7: allowed only in those lines, only for the password, never at -v=6
        if (secret === PASSWORD && ENGINE_CONFIG_LOG.test(line) && !what.startsWith("pulumi destroy")) {
          engineLines.push(line);
          continue;
        }
        const at = line.indexOf(secret);
        assert.fail(`${secret === PASSWORD ? "the password" : `token ${secret.slice(0, 4)}…`} in ${what}: …${line.slice(Math.max(0, at - 300), at)}[SECRET]…`);
      }
      assert.deepEqual(tokenShaped(text, new Set(Object.keys(emu.orgs))), [], `token-shaped strings in ${what}`);
    }
    console.log(`      (engine log lines with the config secret at -v≥7, not ours: ${engineLines.length})`);
  });

  it("rule 4: with PORTAL_USERNAME/PORTAL_PASSWORD from the environment, not even the engine's -v=9 logs hold the password", async () => {
    await fixtureStack(project, "envcreds", { "portal:url": { value: recorder.url }, [`${PROJECT}:itemId`]: { value: itemId } });
    const env = { PORTAL_USERNAME: "dev_admin", PORTAL_PASSWORD: PASSWORD };
    const before = recorder.issued.length;
    outputs.length = 0;
    await verbose(["up", "--yes", "--skip-preview"], true, 9, "envcreds", env);
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), programContentTree, "the run signed in with the environment's credentials");
    assert.ok(recorder.issued.length > before, "generateToken issued tokens");
    outputs.push({ what: "raw state", text: rawStateFile(project, PROJECT, "envcreds") });
    await verbose(["destroy", "--yes"], true, 9, "envcreds", env);
    for (const { what, text } of outputs) {
      for (const secret of [PASSWORD, ...recorder.issued]) assert.equal(text.indexOf(secret), -1, `${secret === PASSWORD ? "the password" : "a token"} in ${what}`);
    }
  });
});
