// The orphans command's outside world (stdout, stderr, the environment, the terminal, the user's
// pulumi CLI), replaced by tests, and its two kinds of failure.
import { execFile } from "node:child_process";
import * as readline from "node:readline";
import type { PortalClientOptions } from "../../provider";

/** Bad input or usage: one line on stderr, exit code 2. */
export class UsageError extends Error {}
/** The portal or pulumi failed: exit code 1. */
export class Failure extends Error {}

export interface OrphansIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Is there a terminal to ask on? */
  isTTY: boolean;
  /** Asks one question and resolves to the line typed. */
  ask(question: string): Promise<string>;
  /** Runs `pulumi <args>` in `cwd`. */
  pulumi(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Test seams for the portal client. */
  clientOptions?: Partial<PortalClientOptions>;
}

function askOnTerminal(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
    rl.on("close", () => resolve(""));
  });
}

function runPulumi(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile("pulumi", args, { cwd, env: env as NodeJS.ProcessEnv, maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") return reject(new Failure("the pulumi CLI is not on PATH; install it, or give --state-file <file> with the output of `pulumi stack export`"));
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

export function processIo(): OrphansIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
    isTTY: process.stdin.isTTY === true,
    ask: askOnTerminal,
    pulumi: runPulumi,
  };
}
