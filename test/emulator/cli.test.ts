import { strict as assert } from "node:assert";
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as path from "node:path";
import type { AddressInfo } from "node:net";

const root = path.resolve(__dirname, "../..");

const cliCommand = (args: string[]) => [process.execPath, "-r", "ts-node/register/transpile-only", path.join(root, "emulator/cli.ts"), ...args];
const cliEnv = () => ({ ...process.env, TS_NODE_PROJECT: path.join(root, "tsconfig.json") });

/** Runs the CLI to its end: exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [cmd, ...rest] = cliCommand(args);
  const child = spawn(cmd, rest, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: cliEnv() });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/**
 * Starts the CLI as users do (through ts-node here; dist/emulator/cli.js once built) and reads its
 * banner; `wrapper`: through a shell that runs it as a child and forwards SIGTERM to it, as a
 * launcher (npx, a service script) does.
 */
async function startCli(args: string[], wrapper = false): Promise<{ child: ChildProcess; banner: string }> {
  const command = cliCommand(args);
  const forwarding = 'trap \'kill -TERM "$pid" 2>/dev/null\' TERM INT; "$@" & pid=$!; wait "$pid"; trap - TERM INT; wait "$pid"';
  const child = wrapper
    ? spawn("/bin/sh", ["-c", forwarding, "sh", ...command], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: cliEnv() })
    : spawn(command[0], command.slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: cliEnv() });
  let banner = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      banner += d;
      if (/controlUrl:[\s\S]*tokens[\s\S]*prod_viewer: \S+/.test(banner)) resolve();
    });
    child.on("exit", (code) => reject(new Error(`CLI exited with ${code}`)));
  });
  return { child, banner };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

/** Peak resident set size of a process (Linux). */
function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m![1]) * 1024;
}

describe("emulator: the portal-emulator CLI", function () {
  this.timeout(120_000);

  it("prints its URLs and the fixture tokens, serves the web-adaptor shape, and stops on SIGTERM", async () => {
    const { child, banner } = await startCli(["--port", "0", "--web-adaptor", "portal", "--release", "11.4"]);
    try {
      const sharing = /sharingUrl: (\S+)/.exec(banner)![1];
      assert.match(sharing, /^http:\/\/127\.0\.0\.1:\d+\/portal\/sharing\/rest$/);
      assert.match(banner, /dev_admin: tok-dev_admin/);
      const res = await fetch(`${sharing}/portals/self?f=json`, { headers: { authorization: "Bearer tok-dev_admin" } });
      assert.equal(((await res.json()) as any).urlKey, "dev");
    } finally {
      assert.equal(await stop(child), 0);
    }
  });

  it("--help prints the options and exits 0; an unknown option says which and exits 2, without a stack", async () => {
    const help = await runCli(["--help"]);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^Usage: portal-emulator \[options\]/);
    for (const option of ["--port", "--host", "--fixtures", "--release", "--web-adaptor", "--http-errors", "--job-delay-ms", "--help"]) assert.ok(help.stdout.includes(option), option);
    assert.equal((await runCli(["-h"])).stdout, help.stdout);
    const bad = await runCli(["--prot", "0"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^portal-emulator: Unknown option '--prot'[\s\S]*Run portal-emulator --help/);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, "no stack frame");
  });

  it("SIGTERM through a launcher that forwards it (a shell wrapper, as npx does) stops the server and frees its port", async () => {
    const { child, banner } = await startCli(["--port", "0"], true);
    const port = Number(new URL(/url: +(\S+)/.exec(banner)![1]).port);
    assert.ok(port > 0, banner);
    assert.equal((await fetch(`http://127.0.0.1:${port}/sharing/rest/portals/self?f=json`)).status, 200);
    assert.equal(await stop(child), 0, "the wrapper exits with the emulator's code");
    // the port is free again: nothing answers, and a new server can listen on it
    await assert.rejects(fetch(`http://127.0.0.1:${port}/sharing/rest/portals/self?f=json`));
    const again = http.createServer();
    await new Promise<void>((resolve, reject) => again.once("error", reject).listen(port, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => again.close(() => resolve()));
  });

  // GC lag on freed chunks shows as some growth; whole-file buffering would add at least 200 MB
  it("2.1: a 200 MB dataUrl download keeps the emulator process's peak RSS far below the file size", async function () {
    if (process.platform !== "linux") this.skip();
    const size = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(1 << 20, 7);
    const source = http.createServer((req, res) => {
      const headers = { "accept-ranges": "bytes", "content-type": "application/octet-stream" };
      if (req.method === "HEAD") return void res.writeHead(200, { ...headers, "content-length": size }).end();
      const [, a, b] = /bytes=(\d+)-(\d+)/.exec(String(req.headers.range))!;
      let left = Number(b) - Number(a) + 1;
      res.writeHead(206, { ...headers, "content-length": left });
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((r) => source.listen(0, "127.0.0.1", r));
    const { child, banner } = await startCli(["--port", "0", "--job-delay-ms", "1"]);
    try {
      const sharing = /sharingUrl: (\S+)/.exec(banner)![1];
      const before = peakRss(child.pid!);
      const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/big.bin`;
      const add = (await (await fetch(`${sharing}/content/users/dev_user/addItem`, { method: "POST", body: new URLSearchParams({ f: "json", token: "tok-dev_user", title: "Big", type: "Code Attachment", dataUrl: url, async: "true" }) })).json()) as any;
      let status = "processing";
      for (let i = 0; i < 2400 && status === "processing"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = ((await (await fetch(`${sharing}/content/users/dev_user/items/${add.itemId}/status?f=json&token=tok-dev_user`)).json()) as any).status;
      }
      assert.equal(status, "completed");
      const growth = peakRss(child.pid!) - before;
      assert.ok(growth < size / 3, `peak RSS grew by ${(growth / 1048576).toFixed(1)} MB for a ${size / 1048576} MB file`);
      console.log(`      emulator process peak RSS growth for a 200 MB dataUrl: ${(growth / 1048576).toFixed(1)} MB`);
    } finally {
      await stop(child);
      source.closeAllConnections();
      await new Promise((r) => source.close(r));
    }
  });
});
