// The offline Pulumi harness for the e2e tests and the demo: the CLI built by scripts/ensure-pulumi,
// a file backend in a temp directory, the passphrase secrets provider, no update checks and no
// plugin downloads, driven through the Automation API (LocalWorkspace).
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import { cachedPack, cacheDisabled, contentKey, installInto } from "./fixtureCache";

const root = path.resolve(__dirname, "..", "..");

let binDirCache: string | undefined;
/** The bin directory holding pulumi, pulumi-language-nodejs and pulumi-resource-pulumi-nodejs. */
export function pulumiBinDir(): string {
  if (!binDirCache) {
    const out = execFileSync(path.join(root, "scripts", "ensure-pulumi"), { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    binDirCache = out.trim().split("\n").pop()!;
  }
  return binDirCache;
}

let tarballCache: string | undefined;
/**
 * `npm pack`s the built package (run `npm run build` first): once per build, kept in the test cache
 * (test/support/fixtureCache.ts) under a key of the packed files' contents.
 */
export function packedPackage(): string {
  if (!tarballCache) tarballCache = packOnce(root, ["dist", "policy-pack", "docs", "README.md", "LICENSE", "CHANGELOG.md", "package.json"], ["--ignore-scripts"]);
  return tarballCache;
}

let emulatorTarballCache: string | undefined;
/** `npm pack`s the emulator's own package (packages/emulator, staged by `npm run build`), once per build like packedPackage. */
export function packedEmulator(): string {
  if (!emulatorTarballCache) emulatorTarballCache = packOnce(path.join(root, "packages", "emulator"), ["dist", "README.md", "package.json"], []);
  return emulatorTarballCache;
}

function packOnce(pkgDir: string, packed: string[], packArgs: string[]): string {
  if (!cacheDisabled()) return cachedPack(pkgDir, contentKey(pkgDir, packed, packArgs.join(" ")), packArgs);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pack-"));
  // the tarball serves every fixture project of this process; it goes when the process does
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const name = execFileSync("npm", ["pack", "--silent", ...packArgs, "--pack-destination", dir], { cwd: pkgDir, encoding: "utf8" }).trim().split("\n").pop()!;
  return path.join(dir, name);
}

/** The packages npm installed in a project: the entries of its node_modules/.package-lock.json. */
export function installedPackages(dir: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", ".package-lock.json"), "utf8"));
  return Object.keys(lock.packages).filter((k) => k.startsWith("node_modules/"));
}

export interface FixtureProject {
  dir: string;
  backendDir: string;
  env: Record<string, string>;
  remove(): void;
}

/**
 * Creates a Pulumi project in a temp dir with the packed package installed from its tarball, as a
 * user would have it (the files of one `npm install` per build, copied: test/support/fixtureCache.ts).
 * `program` is the JavaScript of index.js.
 */
export function createFixtureProject(name: string, program: string): FixtureProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
  const backendDir = path.join(dir, ".pulumi-state");
  fs.mkdirSync(backendDir);
  const sdkVersion = require("@pulumi/pulumi/package.json").version;
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\nmain: index.js\n`);
  fs.writeFileSync(path.join(dir, "index.js"), program);
  const dependencies = { "@pulumi/pulumi": sdkVersion, "pulumi-gis-portal": `file:${packedPackage()}` };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, dependencies }, null, 2));
  installInto(dir, { dependencies });
  const env = offlineEngineEnv(backendDir, path.join(dir, ".pulumi-home"));
  return { dir, backendDir, env, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Installs an exported project (cli/export) with the packed package and the SDK and TypeScript of
 * this checkout, then puts its package.json back as the export wrote it.
 */
export function installExportedProject(dir: string): void {
  const pkgFile = path.join(dir, "package.json");
  const pristine = fs.readFileSync(pkgFile, "utf8");
  const pkg = JSON.parse(pristine);
  pkg.dependencies["pulumi-gis-portal"] = `file:${packedPackage()}`;
  pkg.dependencies["@pulumi/pulumi"] = require("@pulumi/pulumi/package.json").version;
  pkg.devDependencies = { typescript: require("typescript/package.json").version, "@types/node": require("@types/node/package.json").version };
  fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  try {
    installInto(dir, { dependencies: pkg.dependencies, devDependencies: pkg.devDependencies });
  } finally {
    fs.writeFileSync(pkgFile, pristine);
  }
}

/** The environment of an offline engine run: the ensure-pulumi CLI first on PATH, a file backend, no downloads. */
export function offlineEngineEnv(backendDir: string, pulumiHome: string): Record<string, string> {
  return {
    PATH: `${pulumiBinDir()}${path.delimiter}${process.env.PATH}`,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    PULUMI_HOME: pulumiHome,
  };
}

let rootCache: string | undefined;
/** PulumiCommand wants `<root>/bin/pulumi`; a CLI found on PATH in a directory not named bin gets a root whose bin links to it. */
function pulumiRoot(): string {
  const bin = pulumiBinDir();
  if (path.basename(bin) === "bin") return path.dirname(bin);
  if (!rootCache) {
    rootCache = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pulumi-root-"));
    fs.symlinkSync(bin, path.join(rootCache, "bin"));
    const made = rootCache;
    process.once("exit", () => fs.rmSync(made, { recursive: true, force: true }));
  }
  return rootCache;
}

/** Selects (or creates) a stack of a fixture project, driven by the CLI of ensure-pulumi. */
export async function fixtureStack(project: FixtureProject, stackName: string, config: Record<string, { value: string; secret?: boolean }> = {}): Promise<Stack> {
  const pulumiCommand = await PulumiCommand.get({ root: pulumiRoot(), skipVersionCheck: true });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName, workDir: project.dir },
    { pulumiCommand, envVars: project.env },
  );
  if (Object.keys(config).length > 0) await stack.setAllConfig(config);
  return stack;
}

/** A stack's config for a program against an emulator as `user`: the portal, its services root, the token as a secret. */
export function emulatorStackConfig(emu: { portalUrl: string; serviceUrl: string; tokens: Record<string, string> }, user: string): Record<string, { value: string; secret?: boolean }> {
  return { "portal:url": { value: emu.portalUrl }, "portal:serviceUrl": { value: emu.serviceUrl }, "portal:token": { value: emu.tokens[user]!, secret: true } };
}

/** The stack's state file exactly as the file backend stored it (secrets still encrypted). */
export function rawStateFile(project: FixtureProject, projectName: string, stackName: string): string {
  const file = path.join(project.backendDir, ".pulumi", "stacks", projectName, `${stackName}.json`);
  return fs.readFileSync(file, "utf8");
}

/**
 * Runs the CLI on a fixture project's `dev` stack (or `stack`), asynchronously (an in-process
 * emulator must keep serving). Resolves with stdout; with `allowFailure`, also when the CLI exits non-zero.
 */
export function runPulumi(project: FixtureProject, args: string[], o: { stack?: string; allowFailure?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      path.join(pulumiBinDir(), "pulumi"),
      [...args, "--stack", o.stack ?? "dev", "--non-interactive"],
      { cwd: project.dir, env: { ...process.env, ...project.env }, maxBuffer: 64 * 1024 * 1024 },
      (e, stdout, stderr) => (e && !o.allowFailure ? reject(new Error(`${e.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    ),
  );
}

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command asynchronously (an emulator in this process must keep serving): its exit code and output, never a throw. */
export function runCommand(file: string, args: string[], opts: { cwd: string; env: Record<string, string | undefined> }): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: opts.cwd, env: opts.env as NodeJS.ProcessEnv, maxBuffer: 1e8 }, (e, stdout, stderr) =>
      resolve({ code: e ? (typeof (e as { code?: unknown }).code === "number" ? ((e as { code: number }).code) : 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file an export wrote under `dir` (relative paths, sorted), but what npm and the stacks add. */
export function exportedFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const rel = path.relative(dir, path.join(d, e.name));
      if (["node_modules", "package-lock.json", ".pulumi-state", ".pulumi-home"].includes(rel) || /^Pulumi\..+\.yaml$/.test(e.name)) continue;
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}
