// What a provider method's error looks like to the dynamic-provider host (provider/quietErrors.ts):
// the host prints `${e}: ${e.stack}` for check, diff, read and delete, and the engine shows the
// message on the resource's row. The error leaving the method is ours, with its message and no stack
// or string form; a library's error is wrapped, not changed; nothing global (console.error) is touched.
// The real host is driven too: spawned as the engine spawns it, its stderr for a failing read.
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import * as path from "node:path";
import type * as Grpc from "@grpc/grpc-js";
import { ProviderError, quiet, quietProvider } from "../../provider/quietErrors";
import { AuthError } from "../../provider/rest/errors";

const ROOT = path.join(__dirname, "..", "..");
const hostLine = (e: unknown) => `${e}: ${(e as Error).stack}`; // what the host prints (cmd/dynamic-provider)

describe("unit: a provider method's error, as the provider host prints it (issue 42)", () => {
  it("an error of ours keeps its class and message; the host's line holds no message and no frame", async () => {
    const consoleError = console.error;
    const p = quietProvider({
      read: async (..._args: unknown[]) => {
        throw new AuthError({ operation: "getItem", message: "Invalid token.", httpStatus: 498, code: 498 });
      },
      create: async (..._args: unknown[]) => {
        throw new Error("create is not printed by the host");
      },
    });
    const e = await p.read!("id", {}).then(() => undefined, (x: unknown) => x);
    assert.ok(e instanceof AuthError);
    assert.match((e as Error).message, /Invalid token/);
    assert.equal(hostLine(e), ": ");
    assert.equal(console.error, consoleError, "console.error is the process's own");
    await assert.rejects(p.create!({}), (x: Error) => x.stack!.includes("quietErrors.test"), "create's error is as thrown");
  });

  it("a library's error is wrapped in one of ours (message, code, cause), and is itself left as it was", () => {
    const lib = Object.assign(new TypeError("socket hang up"), { code: "ECONNRESET" });
    const stack = lib.stack;
    const e = quiet(lib) as ProviderError & { code?: unknown };
    assert.ok(e instanceof ProviderError);
    assert.deepEqual([e.message, e.code, e.cause], ["socket hang up", "ECONNRESET", lib]);
    assert.equal(hostLine(e), ": ");
    assert.equal(lib.stack, stack);
    assert.equal(String(lib), "TypeError: socket hang up");
    assert.equal(quiet("not an error"), "not an error");
  });

  it("in the real provider host: a failing read's error reaches the client with its message, and stderr shows no message and no frame", async function () {
    this.timeout(60_000);
    const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const pb = require(path.join(pulumiDir, "proto", "provider_pb.js"));
    const svc = require(path.join(pulumiDir, "proto", "provider_grpc_pb.js"));
    const { Struct } = require("google-protobuf/google/protobuf/struct_pb.js");
    const grpc: typeof Grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] }));
    const host = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(pulumiDir, "cmd", "dynamic-provider", "index.js"), "127.0.0.1:1"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    host.stderr!.on("data", (d) => (stderr += d));
    try {
      const port = await new Promise<string>((ok, ko) => {
        let out = "";
        host.stdout!.on("data", (d) => {
          out += d;
          if (out.includes("\n")) ok(out.split("\n")[0].trim());
        });
        host.on("exit", (code) => ko(new Error(`the host exited ${code}: ${stderr}`)));
      });
      const client = new svc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
      const quietPath = JSON.stringify(path.join(ROOT, "provider", "quietErrors.ts"));
      const errorsPath = JSON.stringify(path.join(ROOT, "provider", "rest", "errors.ts"));
      const provider = `exports.handler = () => require(${quietPath}).quietProvider({
        read: async () => { throw new (require(${errorsPath}).AuthError)({ operation: "getItem", message: "Invalid token: sign in again", httpStatus: 498, code: 498 }); },
      });`;
      const req = new pb.ReadRequest();
      req.setId("x");
      req.setProperties(Struct.fromJavaScript({ __provider: provider }));
      const err = await new Promise<Error>((ok) => client.read(req, (e: Error) => ok(e)));
      client.close();
      assert.match(err.message, /Invalid token: sign in again/);
      await new Promise((r) => setTimeout(r, 200));
      assert.doesNotMatch(stderr, /Invalid token|AuthError|^\s+at /m, stderr);
    } finally {
      host.kill();
    }
  });
});
