// What several benches do alike: a timed child process with its peak RSS (GNU time %M, when
// /usr/bin/time is there), the Pulumi CLI on a fixture project's stack, the PortalItems' state read
// back from a stack, and a file of pseudo-random bytes with its SHA-256.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pulumiBinDir, type FixtureProject } from "../test/support/pulumi";

const TIME = "/usr/bin/time";
const MiB = 1024 * 1024;
/** The Pulumi state's marker of a secret value (`pulumi stack export`). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

export interface Timed {
  code: number;
  stdout: string;
  stderr: string;
  seconds: number;
  peakRssMiB?: number;
}

/** Runs `cmd` to its end: wall time, and its peak RSS unless `rss` is false. */
export function timed(cmd: string, args: string[], cwd: string, env: Record<string, string | undefined>, rss = true): Promise<Timed> {
  const rssFile = path.join(os.tmpdir(), `bench-rss-${process.pid}-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  const withTime = rss && fs.existsSync(TIME);
  const [c, a] = withTime ? [TIME, ["-f", "%M", "-o", rssFile, cmd, ...args]] : [cmd, args];
  const started = process.hrtime.bigint();
  return new Promise((ok) =>
    execFile(c, a, { cwd, env: { ...process.env, ...env }, maxBuffer: 1 << 30 }, (e, stdout, stderr) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let kb = NaN;
      if (withTime && fs.existsSync(rssFile)) {
        kb = Number(/(\d+)\s*$/.exec(fs.readFileSync(rssFile, "utf8"))?.[1]);
        fs.rmSync(rssFile, { force: true });
      }
      ok({ code: e ? Number((e as { code?: unknown }).code ?? 1) : 0, stdout, stderr, seconds, peakRssMiB: Number.isFinite(kb) ? Math.round(kb / 1024) : undefined });
    }),
  );
}

/** `pulumi <args> --stack <stack> --non-interactive` in the project. */
export function pulumi(project: FixtureProject, stack: string, args: string[], rss = true): Promise<Timed> {
  return timed(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", stack, "--non-interactive"], project.dir, project.env, rss);
}

/** The same, throwing unless it exits 0. */
export async function mustPulumi(project: FixtureProject, stack: string, args: string[], label: string, rss = true): Promise<Timed> {
  const r = await pulumi(project, stack, args, rss);
  if (r.code !== 0) throw new Error(`${label}: pulumi ${args[0]} exited ${r.code}: ${r.stderr.slice(-2000)}\n${r.stdout.slice(-2000)}`);
  return r;
}

/**
 * The `n` PortalItems' state as `pulumi stack export --show-secrets` has it, keyed by resource name,
 * without the dynamic provider's own property; a secret as `{ __secret: value }`.
 */
export async function portalItemStates(project: FixtureProject, stack: string, n: number): Promise<Record<string, Record<string, unknown>>> {
  const r = await mustPulumi(project, stack, ["stack", "export", "--show-secrets"], "export", false);
  const resources = JSON.parse(r.stdout).deployment.resources as Array<{ urn: string; type: string; outputs?: Record<string, unknown> }>;
  const states: Record<string, Record<string, unknown>> = {};
  for (const res of resources.filter((x) => x.type === "pulumi-nodejs:dynamic/portal:PortalItem")) {
    const props: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(res.outputs ?? {})) {
      if (k === "__provider") continue;
      const secret = v !== null && typeof v === "object" && SECRET_SIG in (v as object);
      props[k] = secret ? { __secret: JSON.parse(String((v as { plaintext: string }).plaintext)) } : v;
    }
    states[res.urn.split("::").pop()!] = props;
  }
  if (Object.keys(states).length !== n) throw new Error(`state holds ${Object.keys(states).length} PortalItems, expected ${n}`);
  return states;
}

/** Writes `mb` MiB of pseudo-random bytes (the same for the same size); returns their SHA-256. */
export async function writeRandom(file: string, mb: number): Promise<string> {
  const fd = fs.openSync(file, "w");
  const hash = createHash("sha256");
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < mb; i++) {
    for (let j = 0; j < MiB; j += 4) chunk.writeUInt32LE((i * 2654435761 + j * 40503) >>> 0, j);
    hash.update(chunk);
    fs.writeSync(fd, chunk);
  }
  fs.closeSync(fd);
  return hash.digest("hex");
}
