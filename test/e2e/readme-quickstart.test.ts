// The README's quickstart, run as a new user would run it: its shell blocks and files taken from
// README.md itself, in a new folder, with the packed package and the packed emulator package (the
// names `pulumi-gis-portal` and `pulumi-gis-portal-emulator` in the install lines point at the
// tarballs; @pulumi/pulumi at the SDK this checkout uses, so npm works offline), the emulator's
// bin started as the README starts it (on a free port instead of 7443), then the stack commands
// through the real CLI. Then the edit the README suggests shows the plan line it quotes.
import * as assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { offlineEngineEnv, packedEmulator, packedPackage, runCommand } from "../support/pulumi";

const ROOT = path.resolve(__dirname, "..", "..");

/** The README's quickstart section: its code blocks in order, with their language. */
function quickstartBlocks(): { lang: string; code: string }[] {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("## Quickstart");
  assert.ok(start >= 0, "README.md has no Quickstart section");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], code: m[2] }));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe("e2e: the README quickstart works as written", function () {
  this.timeout(15 * 60 * 1000);
  let dir: string;
  let emulator: ChildProcess | undefined;

  after(() => {
    // npx runs the bin in a child of its own: stop the whole process group started below
    if (emulator?.pid !== undefined && emulator.exitCode === null) {
      try {
        process.kill(-emulator.pid, "SIGTERM");
      } catch {
        emulator.kill("SIGTERM");
      }
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("installs, starts the emulator, previews 5 creates, applies them, shows the suggested edit, destroys", async () => {
    const blocks = quickstartBlocks();
    const [install, pulumiYaml, indexTs, stack] = [blocks.find((b) => b.lang === "sh" && /npm init/.test(b.code)), blocks.find((b) => b.lang === "yaml"), blocks.find((b) => b.lang === "ts"), blocks.find((b) => b.lang === "sh" && /pulumi stack init/.test(b.code))];
    assert.ok(install && pulumiYaml && indexTs && stack, "the quickstart has an install block, Pulumi.yaml, index.ts and the stack commands");

    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-readme-"));
    const env = { ...process.env, ...offlineEngineEnv(path.join(dir, "unused-backend"), path.join(dir, ".pulumi-home")), PULUMI_CONFIG_PASSPHRASE: "" };
    delete (env as Record<string, string | undefined>).PULUMI_BACKEND_URL; // the README sets its own
    const sdk = require("@pulumi/pulumi/package.json").version as string;
    const port = await freePort();

    // the install block, without its last line (the emulator, started below so the test can stop it)
    const lines = install.code.trim().split("\n");
    const emulatorLine = lines.pop()!;
    assert.match(emulatorLine, /^npx portal-emulator --port 7443 &/);
    const installScript = lines
      .join("\n")
      .replace(/\bpulumi-gis-portal-emulator\b/g, `file:${packedEmulator()}`)
      .replace(/(?<![\w:/.-])pulumi-gis-portal(?![\w-])/g, `file:${packedPackage()}`)
      .replace(/@pulumi\/pulumi\b/g, `@pulumi/pulumi@${sdk}`)
      .replace(/npm install /g, "npm install --no-audit --no-fund --prefer-offline --loglevel=error ");
    const installed = await runCommand("bash", ["-euo", "pipefail", "-c", installScript], { cwd: dir, env });
    assert.equal(installed.code, 0, installed.stderr);
    const project = path.join(dir, "portal-quickstart");

    emulator = spawn("npx", ["portal-emulator", "--port", String(port)], { cwd: project, env, stdio: ["ignore", "pipe", "inherit"], detached: true });
    const banner = await new Promise<string>((resolve, reject) => {
      let out = "";
      emulator!.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        if (/dev_admin: /.test(out)) resolve(out);
      });
      emulator!.once("exit", (code) => reject(new Error(`portal-emulator exited ${code}: ${out}`)));
    });
    assert.match(banner, /dev_admin: tok-dev_admin/, "the token the README sets is the one the emulator prints");

    fs.writeFileSync(path.join(project, "Pulumi.yaml"), pulumiYaml.code);
    fs.writeFileSync(path.join(project, "index.ts"), indexTs.code);
    const commands = stack.code.replace(/7443/g, String(port)).replace(/pulumi preview --diff/g, "pulumi preview --diff --non-interactive").replace(/pulumi up --yes/g, "pulumi up --yes --non-interactive");
    const run = await runCommand("bash", ["-euo", "pipefail", "-c", commands], { cwd: project, env });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /\+ 5 to create/, "the README says: + 5 to create");
    assert.match(run.stdout, /\+ 5 created/);

    // the edit the README suggests, and the line it says the preview shows
    fs.writeFileSync(path.join(project, "index.ts"), indexTs.code.replace('title: "Field map"', 'title: "Field crews map"'));
    const stateEnv = { ...env, PULUMI_BACKEND_URL: `file://${path.join(project, ".state")}`, PULUMI_CONFIG_PASSPHRASE: "quickstart" };
    const edited = await runCommand("pulumi", ["preview", "--diff", "--non-interactive"], { cwd: project, env: stateEnv });
    assert.equal(edited.code, 0, edited.stderr);
    assert.ok(edited.stdout.includes('~ title: \\"Field map\\" → \\"Field crews map\\"') || edited.stdout.includes('~ title: "Field map" → "Field crews map"'), edited.stdout);
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    assert.ok(readme.includes('`~ title: "Field map" → "Field crews map"`'), "the README quotes the line the preview shows");

    const destroyed = await runCommand("pulumi", ["destroy", "--yes", "--non-interactive"], { cwd: project, env: stateEnv });
    assert.equal(destroyed.code, 0, destroyed.stderr);
  });
});
