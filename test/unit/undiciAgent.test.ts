// The REST client takes undici's Agent from the package's public entry point (rest/client.ts
// undiciAgent), loaded at the first request. In a fresh process: the class is undici's own Agent,
// its request() reaches a server, and importing the client alone loads nothing of undici.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

describe("unit: undici's Agent, from the package's public entry point (issue 42)", () => {
  it("is the package's Agent, loaded at the first request, and its request() reaches a server", function () {
    this.timeout(30_000);
    const script = `
      const http = require("node:http");
      const { undiciAgent } = require("./provider/rest/client");
      const loadedAtImport = Object.keys(require.cache).some((f) => /node_modules[\\\\/]undici[\\\\/]/.test(f));
      const Agent = undiciAgent();
      const server = http.createServer((req, res) => res.end("ok " + req.url)).listen(0, "127.0.0.1", async () => {
        const agent = new Agent({ connections: 1 });
        const origin = "http://127.0.0.1:" + server.address().port;
        const res = await agent.request({ origin, path: "/x", method: "GET" });
        const text = await res.body.text();
        await agent.close();
        server.close();
        console.log(JSON.stringify({ loadedAtImport, text, same: Agent === require("undici").Agent }));
      });`;
    const out = execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: ROOT, encoding: "utf8" });
    assert.deepEqual(JSON.parse(out.trim().split("\n").pop()!), { loadedAtImport: false, text: "ok /x", same: true });
  });
});
