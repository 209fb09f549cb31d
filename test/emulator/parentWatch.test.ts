// Issue 45: the portal-emulator bin stops when the process that started it goes away (npm does not
// pass SIGTERM on to the bin it runs through `sh -c`, so stopping npx left the port bound). Here
// the bin runs under a shell that does not pass signals on either, and the shell is killed; the
// npx case itself is in test/e2e/loose-ends.test.ts (the packed package).
import { strict as assert } from "node:assert";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import { watchedAncestors } from "../../emulator/parentWatch";
import { portFreed } from "./ports";

const root = path.resolve(__dirname, "../..");

/** `sh -c '<bin>; :'`: the shell stays the bin's parent (no exec) and forwards nothing. */
async function underShell(args: string[]): Promise<{ shell: ChildProcess; port: number; pid: number; stderr: () => string }> {
  const bin = [process.execPath, "-r", "ts-node/register/transpile-only", path.join(root, "emulator/cli.ts"), ...args];
  const shell = spawn("/bin/sh", ["-c", '"$@"; :', "sh", ...bin], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TS_NODE_PROJECT: path.join(root, "tsconfig.json") } });
  let err = "";
  shell.stderr!.on("data", (d) => (err += d));
  const banner = await new Promise<string>((resolve, reject) => {
    let out = "";
    shell.stdout!.on("data", (d) => {
      out += d;
      if (/prod_viewer: \S+\n/.test(out)) resolve(out);
    });
    shell.once("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  const port = Number(new URL(/url: +(\S+)/.exec(banner)![1]).port);
  const pid = Number(execFileSync("pgrep", ["-P", String(shell.pid)], { encoding: "utf8" }).trim().split("\n")[0]);
  return { shell, port, pid, stderr: () => err };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("emulator: the bin ends with the process that started it (issue 45)", function () {
  this.timeout(120_000);

  it("looks through a shell to the launcher above it", () => {
    const sh = spawn("/bin/sh", ["-c", "sleep 5; :"]);
    try {
      assert.deepEqual(watchedAncestors(sh.pid!), [sh.pid!, process.pid]);
      assert.deepEqual(watchedAncestors(process.pid), [process.pid]);
      assert.deepEqual(watchedAncestors(1), []);
    } finally {
      sh.kill("SIGKILL");
    }
  });

  it("the shell that started it killed (SIGKILL: nothing forwarded): the bin stops and the port is free within 3 s", async () => {
    const { shell, port, pid, stderr } = await underShell(["--port", "0"]);
    assert.equal((await fetch(`http://127.0.0.1:${port}/sharing/rest/portals/self?f=json`)).status, 200);
    shell.kill("SIGKILL");
    assert.ok(await portFreed(port, 3000), `port ${port} still bound 3 s after the launcher ended; ${stderr()}`);
    for (let i = 0; i < 20 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(!alive(pid), "the bin's process has ended");
  });

  it("--detached: it keeps serving after the shell is gone, until SIGTERM", async () => {
    const { shell, port, pid } = await underShell(["--port", "0", "--detached"]);
    try {
      shell.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, 1500));
      assert.ok(alive(pid));
      assert.equal((await fetch(`http://127.0.0.1:${port}/sharing/rest/portals/self?f=json`)).status, 200);
    } finally {
      process.kill(pid, "SIGTERM");
    }
    assert.ok(await portFreed(port, 3000));
  });
});
