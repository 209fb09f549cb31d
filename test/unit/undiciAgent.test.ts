// The REST client loads undici's Agent and its request API without the package's index
// (rest/client.ts undiciAgent). In a fresh process (nothing of undici loaded before), the class it
// gives must be the package's own Agent with a working request(): if a release of undici moves or
// changes those files, this fails before users do.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

describe("unit: undici's Agent, loaded without the package's index (issue 28)", () => {
  it("is the package's Agent, and its request() reaches a server", function () {
    this.timeout(30_000);
    const script = `
      const http = require("node:http");
      const { undiciAgent } = require("./provider/rest/client");
      const Agent = undiciAgent();
      const loadedIndex = Object.keys(require.cache).some((f) => /node_modules[\\\\/]undici[\\\\/]index\\.js$/.test(f));
      const server = http.createServer((req, res) => res.end("ok " + req.url)).listen(0, "127.0.0.1", async () => {
        const agent = new Agent({ connections: 1 });
        const origin = "http://127.0.0.1:" + server.address().port;
        const res = await agent.request({ origin, path: "/x", method: "GET" });
        const text = await res.body.text();
        await agent.close();
        server.close();
        console.log(JSON.stringify({ loadedIndex, text, same: Agent === require("undici").Agent }));
      });`;
    const out = execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: ROOT, encoding: "utf8" });
    assert.deepEqual(JSON.parse(out.trim().split("\n").pop()!), { loadedIndex: false, text: "ok /x", same: true });
  });
});
