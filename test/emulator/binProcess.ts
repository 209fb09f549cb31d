// The portal-emulator bin as its own process (through ts-node): its banner's URLs and tokens, its
// stderr as it comes, whether it is still alive. For the tests whose question is the process's
// life (issue 45: a hostile upload must not end it; it ends with its parent).
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");

export interface BinProcess {
  child: ChildProcess;
  banner: string;
  sharingUrl: string;
  tokens: Record<string, string>;
  /** Everything written to stderr so far. */
  stderr(): string;
  alive(): boolean;
  stop(): Promise<number | null>;
}

/** Starts `emulator/cli.ts` with `args` (`nodeArgs` before the script, e.g. a `-r` preload) and waits for its banner. */
export async function startBin(args: string[], nodeArgs: string[] = []): Promise<BinProcess> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", ...nodeArgs, path.join(root, "emulator/cli.ts"), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, TS_NODE_PROJECT: path.join(root, "tsconfig.json") },
  });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const banner = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no banner in 60 s: ${out} ${err}`)), 60_000);
    child.stdout!.on("data", (d) => {
      out += d;
      if (/controlUrl:[\s\S]*tokens[\s\S]*prod_viewer: \S+\n/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once("exit", (code) => reject(new Error(`portal-emulator exited with ${code}: ${err}`)));
  });
  const tokens = Object.fromEntries([...banner.matchAll(/^ {2}(\w+): (\S+)$/gm)].map((m) => [m[1], m[2]]));
  return {
    child,
    banner,
    sharingUrl: /sharingUrl: (\S+)/.exec(banner)![1],
    tokens,
    stderr: () => err,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}
