// The emulator as the benches run it: its own process, started from the built package
// (dist/emulator/cli.js), jobs at 1 ms a step; and the peak RSS of a process, reset per phase.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export const ROOT = path.resolve(__dirname, "..");

export interface EmulatorProcess {
  pid: number;
  sharingUrl: string;
  serviceUrl: string;
  controlUrl: string;
  /** The fixture users' tokens as the emulator printed them. */
  tokens: Record<string, string>;
  close: () => Promise<void>;
}

export async function startEmulatorProcess(fixturesFile?: string): Promise<EmulatorProcess> {
  if (!fs.existsSync(path.join(ROOT, "dist/emulator/cli.js"))) throw new Error("build first (npm run build)");
  // BENCH_EMULATOR_NODE_ARGS: node flags for the emulator, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const nodeArgs = (process.env.BENCH_EMULATOR_NODE_ARGS ?? "").split(" ").filter((a) => a !== "");
  const args = [...nodeArgs, path.join(ROOT, "dist/emulator/cli.js"), "--port", "0", "--job-delay-ms", "1", ...(fixturesFile ? ["--fixtures", fixturesFile] : [])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  await new Promise<void>((ok, fail) => {
    child.stdout!.on("data", (d) => {
      out += String(d);
      if (/dev_publisher: \S+/.test(out)) ok();
    });
    child.once("exit", (c) => fail(new Error(`emulator exited ${c}: ${out}`)));
  });
  child.stdout!.resume();
  const url = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(out)![1];
  const tokens = Object.fromEntries([...out.matchAll(/^\s+(\w+): (tok-\S+|\S+)$/gm)].map((m) => [m[1], m[2]]));
  return {
    pid: child.pid!,
    sharingUrl: url("sharingUrl"),
    serviceUrl: url("serviceUrl"),
    controlUrl: url("controlUrl"),
    tokens,
    close: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Peak RSS in MiB of a process since the last reset (Linux VmHWM). */
export const peakMb = (pid: number): number => Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);

/** Resets a process's peak RSS (`5` in /proc/PID/clear_refs); elsewhere the peak covers the whole run. */
export function resetPeak(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not Linux, or not allowed
  }
}
