// The examples run as copied: each examples/<name> is copied into a clean temp folder as a clone
// gives it, installed with `npm ci` from its committed lockfile (the packed packages served in place
// of the published ones: test/e2e/localRegistry.ts), the emulator started from the example's own dev
// dependency (`npx portal-emulator`), the stack made with the commands of the README's "Try it"
// block, and `pulumi preview` passes. The CI example's policy step runs as its workflow writes it.
// The template: `pulumi new <examples/templates/...> --yes` with a file backend (no plugin
// downloads), then `pulumi preview` against the emulator.
import { strict as assert } from "node:assert";
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { offlineEngineEnv, packedEmulator, packedPackage, pulumiBinDir, runCommand, type CommandRun } from "../support/pulumi";
import { startLocalRegistry, type LocalRegistry } from "./localRegistry";
import { EXAMPLES, EXAMPLES_DIR, copyExample } from "./examplesCopied";
import { PROD_ORG_ID } from "../../emulator/fixtures";

const root = path.resolve(__dirname, "..", "..");
const TEMPLATE = path.join(EXAMPLES_DIR, "templates", "portal-typescript");
/** The emulator's address in the READMEs (its default port). */
const README_ORIGIN = "http://127.0.0.1:7443";

/** The words of one shell command line: quotes kept together, a trailing `# comment` dropped. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (ch === "#" && word === undefined) {
      break;
    } else {
      word = (word ?? "") + ch;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The commands of the README's first ```sh block under "## Try it against the local emulator". */
export function tryItCommands(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Try it against the local emulator"));
  assert.ok(section, "the README has a section \"Try it against the local emulator\"");
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(block, "that section has a ```sh block");
  return block[1].split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("#"));
}

interface ExampleEmulator {
  url: string;
  stop(): void;
}

/** `npx portal-emulator --port 0` in the project: the emulator of its installed dev dependency. */
function startProjectEmulator(dir: string): Promise<ExampleEmulator> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(path.join(dir, "node_modules", ".bin", "portal-emulator"), ["--port", "0"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`portal-emulator printed no url in 60 s:\n${out}\n${err}`));
    }, 60_000);
    child.stderr!.on("data", (d) => (err += d));
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /^url:\s+(\S+)/m.exec(out);
      if (m && /^tokens/m.test(out)) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => child.kill("SIGTERM") });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`portal-emulator exited ${code}:\n${out}\n${err}`));
    });
  });
}

describe("e2e examples run as copied (npm ci, the emulator, the README's commands, pulumi preview)", function () {
  this.timeout(900_000);
  let registry: LocalRegistry;
  let work: string;
  const running: ExampleEmulator[] = [];
  /** The emulator each example's test started, by example name. */
  const emulatorOf = new Map<string, ExampleEmulator>();

  before(async () => {
    assert.ok(fs.existsSync(path.join(root, "dist", "resources", "index.js")), "run `npm run build` first");
    registry = await startLocalRegistry([packedPackage(), packedEmulator()]);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-examples-"));
  });
  after(async () => {
    for (const e of running) e.stop();
    if (registry) {
      await registry.close();
      // npm cached the packed tarballs under this run's registry address: no use to anyone after it
      for (const [name, version] of Object.entries(registry.served)) {
        const keys = execFileSync("npm", ["cache", "ls", `${name}@${version}`], { encoding: "utf8" }).split("\n").filter((k) => k.includes(`:${registry.url}`));
        for (const key of keys) spawnSync("npm", ["cache", "clean", key], { stdio: "ignore" });
      }
    }
    // five installs of some 500 packages each: removed in the background (minutes on a busy disk)
    if (work) spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref();
  });

  /** npm with the local registry in place of the public one (the lockfile's URLs follow it). */
  const npm = (args: string[], cwd: string) => runCommand("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd, env: { ...process.env, npm_config_registry: registry.url } });

  /** The engine in a project: a file backend and a Pulumi home of its own, no downloads. */
  function engine(dir: string) {
    const env: Record<string, string | undefined> = { ...process.env, ...offlineEngineEnv(path.join(dir, ".state"), path.join(dir, ".pulumi-home")), PULUMI_CONFIG_PASSPHRASE: "local", npm_config_registry: registry.url };
    fs.mkdirSync(path.join(dir, ".state"), { recursive: true });
    const pulumi = (args: string[], cwd = dir): Promise<CommandRun> => runCommand(path.join(pulumiBinDir(), "pulumi"), [...args, "--non-interactive"], { cwd, env });
    return { env, pulumi };
  }
  const ok = (r: CommandRun, what: string) => assert.equal(r.code, 0, `${what} exited ${r.code}\n${r.stdout}\n${r.stderr}`);

  async function emulatorFor(dir: string): Promise<ExampleEmulator> {
    const emu = await startProjectEmulator(dir);
    running.push(emu);
    return emu;
  }

  for (const name of EXAMPLES) {
    it(`examples/${name}: README, .gitignore, npm ci from the lockfile, the README's stack commands, pulumi preview`, async () => {
      const dir = path.join(work, name);
      copyExample(name, dir);
      const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
      const ignored = fs.readFileSync(path.join(dir, ".gitignore"), "utf8").split("\n").map((l) => l.trim());
      for (const entry of ["node_modules/", ".pulumi-gis-portal/"]) assert.ok(ignored.includes(entry), `.gitignore lists ${entry}`);

      const commands = tryItCommands(readme);
      assert.equal(commands[0], "npm ci", "the README installs with npm ci");
      assert.ok(commands.some((c) => c.startsWith("npx portal-emulator")), "the README starts the emulator");
      assert.ok(commands.some((c) => /^pulumi preview\b/.test(c)), "the README previews");

      ok(await npm(["ci"], dir), "npm ci");
      // the packed package, through the lockfile's registry URL (from npm's cache after the first example)
      for (const [pkg, tarball] of [["pulumi-gis-portal", packedPackage()], ["pulumi-gis-portal-emulator", packedEmulator()]]) {
        const file = "package/package.json";
        assert.equal(fs.readFileSync(path.join(dir, "node_modules", pkg, "package.json"), "utf8"), execFileSync("tar", ["-xzOf", tarball, file], { encoding: "utf8" }), `${pkg} is the packed one`);
      }
      const bundle = "dist/provider/served.bundle.js";
      assert.ok(fs.readFileSync(path.join(dir, "node_modules", "pulumi-gis-portal", bundle)).equals(execFileSync("tar", ["-xzOf", packedPackage(), `package/${bundle}`], { maxBuffer: 1e8 })), "the provider is this checkout's");

      const emu = await emulatorFor(dir);
      emulatorOf.set(name, emu);
      const { pulumi } = engine(dir);
      for (const command of commands.filter((c) => /^pulumi (stack init|config set)\b/.test(c))) {
        const words = shellWords(command.split(README_ORIGIN).join(emu.url));
        ok(await pulumi(words.slice(1)), command);
      }
      const preview = await pulumi(["preview", "--json"]);
      ok(preview, "pulumi preview");
      const summary = JSON.parse(preview.stdout).changeSummary as Record<string, number>;
      assert.ok((summary.create ?? 0) > 0, JSON.stringify(summary));
    });
  }

  it("examples/stations: up creates the service then loads the 50 stations; a second stack (the promotion) gets its own service", async () => {
    const dir = path.join(work, "stations");
    const emu = emulatorOf.get("stations");
    assert.ok(emu, "the stations example is installed and previewed (the test above)");
    const { pulumi } = engine(dir);
    const up = async (stack: string) => {
      const r = await pulumi(["up", "--yes", "--stack", stack]);
      ok(r, `pulumi up --stack ${stack}`);
      const out = await pulumi(["stack", "output", "--json", "--stack", stack]);
      ok(out, "pulumi stack output");
      return JSON.parse(out.stdout) as { stationsUrl: string; recordCount: number };
    };
    const dev = await up("emulator");
    assert.equal(dev.stationsUrl, `${emu!.url}/arcgis/rest/services/BikeStations/FeatureServer/0`);
    assert.equal(dev.recordCount, 50);
    ok(await pulumi(["stack", "init", "emulator-prod"]), "stack init");
    for (const args of [["portal:url", emu!.url], ["--secret", "portal:token", "tok-prod_admin"], ["serviceName", "BikeStationsProd"]]) ok(await pulumi(["config", "set", ...args, "--stack", "emulator-prod"]), `config set ${args.join(" ")}`);
    const prod = await up("emulator-prod");
    // the second organization's services are in ArcGIS Online's form, under its org id
    assert.equal(prod.stationsUrl, `${emu!.url}/${PROD_ORG_ID}/arcgis/rest/services/BikeStationsProd/FeatureServer/0`);
    assert.equal(prod.recordCount, 50);
  });

  it("examples/ci: the workflow's policy step, with @pulumi/policy from the example's package.json", async () => {
    const dir = path.join(work, "ci");
    assert.ok(fs.existsSync(path.join(dir, "node_modules", "@pulumi", "policy", "package.json")), "the ci example is installed (the test above)");
    const workflow = parse(fs.readFileSync(path.join(dir, ".github", "workflows", "portal.yml"), "utf8"));
    const step = (workflow.jobs.plan.steps as Array<{ name?: string; run?: string }>).find((s) => s.name === "Policies")!;
    const words = shellWords(step.run!.trim());
    assert.equal(words[0], "pulumi");
    const stackAt = words.indexOf("--stack");
    const args = words.slice(1).filter((_, i) => i + 1 !== stackAt && i + 1 !== stackAt + 1);
    const { env, pulumi } = engine(dir);
    let r = await pulumi([...args, "--stack", "emulator"]);
    if (/could not read plugin .*not supported/.test(r.stdout + r.stderr)) {
      // a CLI whose Node.js language host cannot run policy packs (the fallback host of
      // scripts/ensure-pulumi): the same pack through the engine's analyzer plugin, whose runtime
      // is a script on PATH starting @pulumi/pulumi's policy-pack runner, as older CLIs ran packs
      const shim = path.join(work, "policy-shim");
      const shipped = path.join(dir, "node_modules", "pulumi-gis-portal", "policy-pack");
      fs.mkdirSync(path.join(shim, "pack"), { recursive: true });
      fs.writeFileSync(path.join(shim, "pack", "PulumiPolicy.yaml"), "runtime: examplesshim\n");
      fs.writeFileSync(path.join(shim, "pack", "index.js"), `require(${JSON.stringify(shipped)});\n`);
      fs.copyFileSync(path.join(shipped, "package.json"), path.join(shim, "pack", "package.json"));
      fs.writeFileSync(path.join(shim, "pulumi-analyzer-policy-examplesshim"), `#!/bin/sh\nexec node ${JSON.stringify(path.join(dir, "node_modules", "@pulumi", "pulumi", "cmd", "run-policy-pack"))} "$@"\n`, { mode: 0o755 });
      env.PATH = `${shim}${path.delimiter}${env.PATH}`;
      r = await pulumi([...args.map((a) => (a === "node_modules/pulumi-gis-portal/policy-pack" ? path.join(shim, "pack") : a)), "--stack", "emulator"]);
    }
    ok(r, step.run!);
    assert.match(r.stdout, /portal-item-categories-exist|Policies/, "the policy pack ran");

    // the README's last two lines: the plan as JSON, and the comment render-plan makes of it
    const plan = await pulumi(["preview", "--json", "--stack", "emulator"]);
    ok(plan, "pulumi preview --json");
    fs.writeFileSync(path.join(dir, "preview.json"), plan.stdout);
    const comment = await runCommand(path.join(dir, "node_modules", ".bin", "pulumi-gis-portal"), ["render-plan", "preview.json", "--policy-config", "policy.json"], { cwd: dir, env });
    ok(comment, "pulumi-gis-portal render-plan");
    assert.match(comment.stdout, /City map/);
  });

  it("pulumi new from examples/templates/portal-typescript (file backend, no plugin download), then pulumi preview", async () => {
    const dir = path.join(work, "from-template");
    const { pulumi } = engine(work);
    const made = await pulumi(["new", TEMPLATE, "--yes", "--name", "city-portal", "--description", "The city's portal", "--stack", "emulator", "--dir", dir], work);
    ok(made, "pulumi new");
    const project = parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"));
    assert.equal(project.name, "city-portal");
    assert.equal(project.description, "The city's portal");
    assert.equal(project.template, undefined, "the template section is the template's own");
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name, "city-portal");
    for (const file of ["Pulumi.yaml", "package.json", "README.md", "index.ts"]) assert.doesNotMatch(fs.readFileSync(path.join(dir, file), "utf8"), /\$\{(PROJECT|DESCRIPTION)\}/, file);
    assert.match(fs.readFileSync(path.join(dir, "Pulumi.emulator.yaml"), "utf8"), /portal:url: http:\/\/127\.0\.0\.1:7443/, "the template's default portal:url");

    const emu = await emulatorFor(dir);
    // in the new project, on the backend `pulumi new` made its stack in
    const cfg = (args: string[]) => pulumi([...args, "--stack", "emulator"], dir);
    ok(await cfg(["config", "set", "portal:url", emu.url]), "config set portal:url");
    ok(await cfg(["config", "set", "--secret", "portal:token", "tok-dev_admin"]), "config set portal:token");
    const preview = await cfg(["preview", "--json"]);
    ok(preview, "pulumi preview");
    assert.deepEqual(JSON.parse(preview.stdout).changeSummary, { create: 4 });
  });
});
