// The pulumi CLI as a child process of a fixture project (for runs the Automation API cannot
// interrupt or log the way a user does): run to completion, or start and kill it mid-update.
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import type { FixtureProject } from "../../support/pulumi";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function env(project: FixtureProject, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...project.env, ...extra };
}

/** Runs `pulumi <args>` in the project (PATH from the fixture env puts the ensure-pulumi CLI first). */
export function pulumi(project: FixtureProject, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, { cwd: project.dir, env: env(project, extraEnv), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts `pulumi <args>` in its own process group, so it can be killed as a crash would. */
export function startPulumi(project: FixtureProject, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn("pulumi", args, { cwd: project.dir, env: env(project, extraEnv), stdio: "ignore", detached: true });
}

/**
 * SIGKILLs the CLI's process group, then every process still running in the project directory:
 * the language host and the dynamic-provider host put themselves in their own process groups and
 * outlive a killed CLI (observed with v3.248.0), as they would on a user's machine.
 */
export async function killLikeACrash(child: ChildProcess, project: FixtureProject): Promise<number[]> {
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, "SIGKILL");
  await exited;
  const orphans: number[] = [];
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let cwd: string;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue;
    }
    if (cwd !== project.dir) continue;
    try {
      process.kill(Number(pid), "SIGKILL");
      orphans.push(Number(pid));
    } catch {
      // already gone
    }
  }
  return orphans;
}
