// The provider host's unary requests are decoded by their handlers and dropped once answered
// (provider/hostGrpc.ts). Against real grpc-js servers and Pulumi's own ResourceProvider service:
// answers are the same; a call the server still holds after its answer no longer keeps the decoded
// request alive (as the stock server does); a class that is not as expected is left alone; and in
// the real provider host (`@pulumi/pulumi/cmd/dynamic-provider`, spawned as the engine spawns it)
// loading the package patches the host's grpc-js, and reads keep answering through it.
import { strict as assert } from "node:assert";
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as v8 from "node:v8";
import * as vm from "node:vm";
import type * as Grpc from "@grpc/grpc-js";
import { decodeHostRequestsInHandlers, decodeInHandlers } from "../../../provider/hostGrpc";

const ROOT = path.join(__dirname, "..", "..", "..");
// the host's own modules, as it loads them
const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const pb = require(path.join(pulumiDir, "proto", "provider_pb.js"));
const svc = require(path.join(pulumiDir, "proto", "provider_grpc_pb.js"));
const { Struct } = require("google-protobuf/google/protobuf/struct_pb.js");
const grpc: typeof Grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] }));

v8.setFlagsFromString("--expose-gc");
const gc: () => void = vm.runInNewContext("gc");

type Client = { read(req: unknown, done: (e: Error | null, r: { getId(): string; getProperties(): { toJavaScript(): unknown } }) => void): void; close(): void };
type Call = { request: { getId(): string; getProperties(): { toJavaScript(): unknown } } | null };

/** A server of `Server` whose `read` echoes the request, keeping each call (as a stream not yet gone would). */
async function readServer(Server: typeof Grpc.Server, kept: Call[], seen: WeakRef<object>[]): Promise<{ client: Client; close: () => void }> {
  const server = new Server();
  server.addService(svc.ResourceProviderService, {
    read: (call: Call, respond: (e: unknown, r: unknown) => void) => {
      kept.push(call);
      const req = call.request!;
      seen.push(new WeakRef(req as object));
      const res = new pb.ReadResponse();
      res.setId(req.getId());
      res.setProperties(Struct.fromJavaScript(req.getProperties().toJavaScript() as Record<string, unknown>));
      respond(null, res);
    },
  } as never);
  const port = await new Promise<number>((ok, ko) => server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? ko(e) : ok(p))));
  const client = new svc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return { client, close: () => (client.close(), server.forceShutdown()) };
}

function read(client: Client, id: string, props: Record<string, unknown>): Promise<{ id: string; props: unknown }> {
  const req = new pb.ReadRequest();
  req.setId(id);
  req.setProperties(Struct.fromJavaScript(props));
  return new Promise((ok, ko) => client.read(req, (e, r) => (e ? ko(e) : ok({ id: r.getId(), props: r.getProperties().toJavaScript() }))));
}

/** How many of the decoded requests are still alive after the calls answered (the calls kept). */
async function alive(seen: WeakRef<object>[]): Promise<number> {
  await new Promise((r) => setImmediate(r)); // a WeakRef holds its target to the end of the job
  gc();
  return seen.filter((w) => w.deref() !== undefined).length;
}

describe("provider host: requests decoded by their handlers (hostGrpc.ts)", function () {
  this.timeout(60_000);
  const props = { title: "Streets", tags: ["a", "b"], layers: [{ id: 1, url: "https://example.com/0" }], n: 42 };

  it("answers as the stock server does, and a call held after its answer keeps no decoded request", async () => {
    const results: Record<string, { answers: unknown[]; alive: number; requestsAfter: unknown[] }> = {};
    for (const variant of ["stock", "patched"]) {
      class Server extends grpc.Server {}
      if (variant === "patched") assert.equal(decodeInHandlers(Server as never), true);
      const kept: Call[] = [];
      const seen: WeakRef<object>[] = [];
      const s = await readServer(Server as never, kept, seen);
      try {
        const answers = [];
        for (let i = 0; i < 5; i++) answers.push(await read(s.client, `id${i}`, { ...props, n: i }));
        results[variant] = { answers, alive: await alive(seen), requestsAfter: kept.map((c) => c.request === null) };
      } finally {
        s.close();
      }
    }
    assert.deepEqual(results.patched.answers, results.stock.answers);
    assert.deepEqual(results.patched.answers[3], { id: "id3", props: { ...props, n: 3 } });
    assert.equal(results.stock.alive, 5, "the stock server's held calls keep their decoded requests");
    assert.equal(results.patched.alive, 0, "held calls keep no decoded request");
    assert.deepEqual(results.patched.requestsAfter, [true, true, true, true, true]);
  });

  it("a request that does not decode is answered INTERNAL, as the stock server answers it", async () => {
    const codes: Record<string, number | undefined> = {};
    for (const variant of ["stock", "patched"]) {
      class Server extends grpc.Server {}
      if (variant === "patched") decodeInHandlers(Server as never);
      const s = await readServer(Server as never, [], []);
      try {
        const raw = s.client as unknown as Grpc.Client;
        codes[variant] = await new Promise<number | undefined>((ok) =>
          raw.makeUnaryRequest("/pulumirpc.ResourceProvider/Read", (b: Buffer) => b, (b: Buffer) => b, Buffer.from([0xff, 0xff, 0xff]), (e) => ok(e?.code)),
        );
      } finally {
        s.close();
      }
    }
    assert.deepEqual(codes, { stock: 13, patched: 13 });
  });

  it("patches a class once, and leaves one without the expected handler lookup alone", () => {
    class Server extends grpc.Server {}
    assert.equal(decodeInHandlers(Server as never), true);
    const lookup = (Server.prototype as unknown as { _retrieveHandler: unknown })._retrieveHandler;
    assert.equal(decodeInHandlers(Server as never), true);
    assert.equal((Server.prototype as unknown as { _retrieveHandler: unknown })._retrieveHandler, lookup, "not wrapped twice");
    assert.notEqual((grpc.Server.prototype as unknown as { _retrieveHandler: unknown })._retrieveHandler, lookup, "the base class is untouched");
    assert.equal(decodeInHandlers(class Other {} as never), false);
  });

  it("outside the provider host, or with PORTAL_HOST_DECODE=stock, changes nothing", () => {
    assert.equal(decodeHostRequestsInHandlers({}), false, "mocha is not the provider host");
    assert.equal(decodeHostRequestsInHandlers({ PORTAL_HOST_DECODE: "stock" }), false);
  });

  describe("in the real provider host", () => {
    let host: ChildProcess | undefined;
    afterEach(() => host?.kill());

    /** Spawns the host as the engine does; answers its gRPC client. */
    async function startHost(env: Record<string, string>): Promise<Client> {
      host = spawn(process.execPath, [path.join(pulumiDir, "cmd", "dynamic-provider", "index.js"), "127.0.0.1:1"], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      const port = await new Promise<string>((ok, ko) => {
        host!.stdout!.on("data", (d) => {
          out += d;
          if (out.includes("\n")) ok(out.split("\n")[0].trim());
        });
        host!.on("exit", (code) => ko(new Error(`the host exited ${code}`)));
      });
      return new svc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    }

    // a provider (as the state carries one) that loads the package's provider module and says what the host decodes
    const provider = `exports.handler = () => ({
      read: async (id, props) => {
        const served = require(${JSON.stringify(path.join(ROOT, "dist", "provider", "served.js"))});
        const Server = require.main.require("@grpc/grpc-js").Server;
        return { id, props: { ...props, loaded: served.loadedFrom.hostDecodesInHandlers, patched: Server.prototype[Symbol.for("pulumi-gis-portal.decodesInHandlers")] === true } };
      },
    });`;

    for (const [env, expected] of [[{}, true], [{ PORTAL_HOST_DECODE: "stock" }, false]] as const) {
      it(`loading the package ${expected ? "patches" : "with PORTAL_HOST_DECODE=stock leaves"} the host's grpc-js, and reads answer the same`, async () => {
        const client = await startHost(env);
        try {
          const answers = [];
          for (let i = 0; i < 3; i++) answers.push(await read(client, `item${i}`, { __provider: provider, n: i }));
          for (const [i, a] of answers.entries()) assert.deepEqual(a, { id: `item${i}`, props: { __provider: provider, n: i, loaded: expected, patched: expected } });
        } finally {
          client.close();
        }
      });
    }
  });
});
