// One way to get a Go tool the tests need (actionlint, Toxiproxy): `go install module/pkg@version`
// from the Go module proxy into a cache outside the repo (beside the Pulumi CLI of
// scripts/ensure-pulumi), once; then the cached binary. A stamp file beside it records the version
// the cache holds (a go-installed binary does not always report it). An environment variable may
// name a binary to use instead (a CI image's).
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { cacheRoot } = require("./pulumi-paths");

function which(name) {
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    const p = path.join(dir, name);
    if (dir && fs.existsSync(p)) return p;
  }
  return undefined;
}

/**
 * @param {{ tool: string, module: string, pkg: string, version: string, binary: string, override?: string, rebuild?: boolean }} t
 *   `tool` names the cache folder and the log lines; `pkg` is the package path to install; `binary`
 *   the file go install writes; `override` an environment variable naming a binary to use instead.
 * @returns {string} the binary's path
 */
function ensureGoTool(t) {
  const log = (msg) => process.stderr.write(`ensure-${t.tool}: ${msg}\n`);
  if (t.override && process.env[t.override]) {
    const given = process.env[t.override];
    if (!fs.existsSync(given)) throw new Error(`ensure-${t.tool}: ${t.override}=${given} does not exist`);
    return given;
  }
  const bin = path.join(cacheRoot(), `${t.tool}-${t.version}`, "bin");
  const exe = path.join(bin, t.binary);
  const stamp = path.join(bin, ".version");
  if (!t.rebuild && fs.existsSync(exe) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === t.version) {
    log(`using cached ${t.tool} ${t.version} in ${bin}`);
    return exe;
  }
  if (!which("go")) throw new Error(`ensure-${t.tool}: no \`go\` on PATH; install Go >= 1.22${t.override ? ` or set ${t.override} to a ${t.tool} ${t.version}` : ""}`);
  const started = Date.now();
  log(`building ${t.tool} ${t.version} from the Go module proxy into ${bin}`);
  fs.mkdirSync(bin, { recursive: true });
  const env = {
    ...process.env,
    GOBIN: bin,
    // `go install module@version` builds outside any main module: a -mod flag would be refused
    GOFLAGS: (process.env.GOFLAGS || "").split(/\s+/).filter((f) => f && !f.startsWith("-mod=")).join(" "),
    GOTOOLCHAIN: process.env.GOTOOLCHAIN || "local",
    GOSUMDB: process.env.GOSUMDB || "off",
    GOPROXY: process.env.GOPROXY || "https://proxy.golang.org",
  };
  const target = `${t.pkg}@${t.version}`;
  const r = spawnSync("go", ["install", "-trimpath", "-ldflags", "-s -w", target], { cwd: bin, env, encoding: "utf8" });
  if (r.error || r.status !== 0 || !fs.existsSync(exe)) {
    const tail = `${r.stdout || ""}${r.stderr || ""}${r.error ? r.error.message : ""}`.trim().split("\n").slice(-15).join("\n");
    throw new Error(`ensure-${t.tool}: go install ${target} failed\n${tail}`);
  }
  fs.writeFileSync(stamp, `${t.version}\n`);
  log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
  return exe;
}

/** The script's main: prints the path as the last stdout line; errors on stderr, exit 1. */
function runEnsure(t) {
  try {
    process.stdout.write(`${ensureGoTool({ ...t, rebuild: process.argv.includes("--rebuild") })}\n`);
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
}

module.exports = { ensureGoTool, runEnsure };
