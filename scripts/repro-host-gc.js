#!/usr/bin/env node
// A reproduction, outside Pulumi, of what keeps a dynamic provider's refresh of thousands of
// resources in V8's "dear" young-generation state (docs/performance.md, "The reads that waited are
// read ahead"): a gRPC server (@grpc/grpc-js over Node's HTTP/2, as the SDK's provider host) that
// decodes ReadRequests of a ~2 KB Struct and answers at once. V8's own trace counts what each
// scavenge promotes. Variants:
//   grpc      the handler answers at once; grpc-js decodes the request (as in the provider host)
//   selfdec   grpc-js hands the bytes over; the handler decodes them and drops the message
//   h2        Node's HTTP/2 alone; the message decoded and dropped
//   h2listen  Node's HTTP/2 alone; a 'close' listener on the stream refers to the message
// Usage: node scripts/repro-host-gc.js [calls=6000]   (prints promoted MiB per variant; ~20 s)
// Node 20.20.2, grpc-js 1.14.7, google-protobuf 3.21.4, 6,000 calls: grpc 250, selfdec 17, h2 6,
// h2listen 240 (three runs alike). What a closed HTTP/2 stream still refers to is promoted, and
// grpc-js leaves each decoded request reachable from its stream.
// This is a report for grpc-js, not something the package works around: docs/dev/upstream/
// grpc-js-request-retention.md (what is retained, the figures, the fix suggested upstream).
"use strict";
const { spawn } = require("node:child_process");

const CALLS = Number(process.env.REPRO_CALLS ?? (/^\d+$/.test(process.argv[2] ?? "") ? process.argv[2] : 6000));
const pb = () => require("@pulumi/pulumi/proto/provider_pb.js");
const { Struct } = require("google-protobuf/google/protobuf/struct_pb.js");
const STATE = { title: "x".repeat(40), tags: ["a", "b"], keywords: Array.from({ length: 12 }, (_, i) => `kw${i}`), layers: Array.from({ length: 10 }, (_, i) => ({ id: `l${i}`, url: `https://example.com/${i}` })), n: 42 };

/** The request's id; with `listen`, a 'close' listener on the stream refers to the whole message. */
function decode(stream, bytes, listen) {
  const msg = pb().ReadRequest.deserializeBinary(bytes);
  if (listen) stream.on("close", () => void msg.getId());
  return msg.getId();
}

function server(variant) {
  const grpc = require("@grpc/grpc-js");
  const svc = require("@pulumi/pulumi/proto/provider_grpc_pb.js");
  const answer = (id) => {
    const r = new (pb().ReadResponse)();
    r.setId(id);
    return r;
  };
  const ready = (port) => {
    process.stdout.write(`${port}\n`);
    setImmediate(() => require("node:v8").setFlagsFromString("--trace-gc-nvp"));
  };
  if (variant.startsWith("h2")) {
    const s = require("node:http2").createServer();
    s.on("stream", (stream) => {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        // decoded in a function of its own: no closure below can capture the message by accident
        const id = decode(stream, Buffer.concat(chunks).subarray(5), variant === "h2listen");
        const body = Buffer.from(answer(id).serializeBinary());
        const frame = Buffer.alloc(5 + body.length);
        frame.writeUInt32BE(body.length, 1);
        body.copy(frame, 5);
        stream.respond({ ":status": 200, "content-type": "application/grpc+proto" }, { waitForTrailers: true });
        stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
        stream.end(frame);
      });
    });
    s.listen(0, "127.0.0.1", () => ready(s.address().port));
    return;
  }
  const def = { ...svc.ResourceProviderService };
  if (variant === "selfdec") def.read = { ...def.read, requestDeserialize: (b) => b };
  const s = new grpc.Server();
  s.addService(def, {
    read: (call, cb) => {
      const id = variant === "selfdec" ? pb().ReadRequest.deserializeBinary(call.request).getId() : call.request.getId();
      cb(null, answer(id));
    },
  });
  s.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, port) => ready(port));
}

async function client(port) {
  const grpc = require("@grpc/grpc-js");
  const svc = require("@pulumi/pulumi/proto/provider_grpc_pb.js");
  const c = new svc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  let sent = 0;
  const one = () =>
    new Promise((done) => {
      const r = new (pb().ReadRequest)();
      r.setId(`id${sent++}`);
      r.setProperties(Struct.fromJavaScript(STATE));
      r.setInputs(Struct.fromJavaScript(STATE));
      c.read(r, () => done());
    });
  // eight in flight, as the engine's default --parallel on two cores
  await Promise.all(Array.from({ length: 8 }, async () => { while (sent < CALLS) await one(); }));
  process.exit(0);
}

function promotedMiB(trace) {
  let bytes = 0;
  for (const line of trace.split("\n")) {
    const m = / gc=s .*\bpromoted=(\d+)/.exec(line);
    if (m) bytes += Number(m[1]);
  }
  return bytes / 1048576;
}

async function run(variant) {
  const env = { ...process.env, REPRO_CALLS: String(CALLS) };
  const srv = spawn(process.execPath, [__filename, "--server", variant], { env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  srv.stdout.on("data", (d) => (out += d));
  while (!out.includes("\n")) await new Promise((r) => setTimeout(r, 20));
  const port = out.split("\n")[0];
  await new Promise((r) => spawn(process.execPath, [__filename, "--client", port], { env, stdio: "inherit" }).on("exit", r));
  srv.kill();
  await new Promise((r) => srv.on("exit", r));
  console.log(`${variant.padEnd(9)} promoted ${promotedMiB(out).toFixed(0)} MiB in ${CALLS} calls`);
}

if (process.argv[2] === "--server") server(process.argv[3]);
else if (process.argv[2] === "--client") void client(process.argv[3]);
else (async () => { for (const v of ["grpc", "selfdec", "h2", "h2listen"]) await run(v); })();
