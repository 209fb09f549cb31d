import { strict as assert } from "node:assert";
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as path from "node:path";
import type { AddressInfo } from "node:net";

const root = path.resolve(__dirname, "../..");

/** Starts the CLI as users do (through ts-node here; dist/emulator/cli.js once built) and reads its banner. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(root, "emulator/cli.ts"), ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TS_NODE_PROJECT: path.join(root, "tsconfig.json") } });
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
