// The provider host's gRPC server decodes each unary request before its handler runs and keeps the
// decoded message reachable from the call's HTTP/2 stream until the stream is gone (grpc-js 1.14:
// `handleUnary` holds it in a closure the call keeps, and `ServerWritableStreamImpl.request`). In a
// refresh or preview of thousands of resources the engine streams thousands of `ReadRequest`s and
// `DiffRequest`s, each a protobuf Struct of the resource's state, and what finished streams still
// hold survives V8's young-generation collections: the host promotes ~2 MiB a collection and each
// collection costs three times the do-nothing provider's (docs/performance.md, "Where the 5,000-item
// refresh's extra time goes"; `node scripts/repro-host-gc.js` shows it outside Pulumi: 250 MiB
// promoted in 6,000 calls, 17 MiB with the decoding below).
//
// So, once this package is loaded in the provider host, the host's unary handlers get the request's
// bytes from grpc-js and decode them themselves: the handler sees the same decoded `call.request`,
// and once it has answered, the call keeps only the bytes, not the decoded message. A request that
// does not decode is answered INTERNAL, as grpc-js answers it. Nothing else of grpc-js changes. Where the host is not the one this was written against (no
// `_retrieveHandler`, a handler without `deserialize`), nothing is changed. PORTAL_HOST_DECODE=stock
// leaves the host as it is.

/** A handler as grpc-js keeps it for a method (server.ts `Handler`). */
interface GrpcHandler {
  type?: unknown;
  path?: unknown;
  func?: (call: { request: unknown }, respond: (...answer: unknown[]) => void) => unknown;
  deserialize?: (bytes: Buffer) => unknown;
}

interface GrpcServerClass {
  prototype: { _retrieveHandler?: (path: string) => GrpcHandler | null; [decodesInHandlers]?: true };
}

const decodesInHandlers = Symbol.for("pulumi-gis-portal.decodesInHandlers");

/** The same handler, decoding its request itself and dropping it once answered. */
function decodingInHandler(h: GrpcHandler): GrpcHandler {
  const { deserialize, func } = h as Required<GrpcHandler>;
  return {
    ...h,
    deserialize: (bytes: Buffer) => bytes,
    func: (call, respond) => {
      let message: unknown;
      try {
        message = deserialize(call.request as Buffer);
      } catch (e) {
        // grpc-js's own answer to a request that does not decode (status 13, INTERNAL)
        return respond(Object.assign(new Error(`Error deserializing request: ${(e as Error).message}`), { code: 13 }));
      }
      call.request = message;
      return func(call, (...answer) => {
        if (call.request === message) call.request = null; // the answer is made: nothing reads it again
        respond(...answer);
      });
    },
  };
}

/**
 * Makes servers of this grpc-js `Server` class hand unary requests to their handlers as bytes,
 * decoded by the handler. True when done now or before; false when the class is not as expected.
 */
export function decodeInHandlers(Server: GrpcServerClass): boolean {
  const proto = Server.prototype;
  if (proto[decodesInHandlers]) return true;
  const retrieve = proto._retrieveHandler;
  if (typeof retrieve !== "function") return false;
  const wrapped = new WeakMap<GrpcHandler, GrpcHandler>();
  proto._retrieveHandler = function (this: unknown, path: string) {
    const h = retrieve.call(this, path);
    if (!h || h.type !== "unary" || typeof h.deserialize !== "function" || typeof h.func !== "function") return h;
    let w = wrapped.get(h);
    if (!w) wrapped.set(h, (w = decodingInHandler(h)));
    return w;
  };
  proto[decodesInHandlers] = true;
  return true;
}

/** The host's own grpc-js, when this process is Pulumi's Node.js dynamic provider host. */
function hostGrpcServer(): GrpcServerClass | undefined {
  const main = require.main;
  if (!main || !/[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(main.filename)) return undefined;
  try {
    const grpc = main.require("@grpc/grpc-js") as { Server?: GrpcServerClass };
    return typeof grpc.Server === "function" ? grpc.Server : undefined;
  } catch {
    return undefined;
  }
}

/** In the provider host (and unless PORTAL_HOST_DECODE=stock): its unary requests decoded by their handlers. */
export function decodeHostRequestsInHandlers(env: NodeJS.ProcessEnv = process.env): boolean {
  if (/^stock$/i.test(env.PORTAL_HOST_DECODE ?? "")) return false;
  const Server = hostGrpcServer();
  return Server !== undefined && decodeInHandlers(Server);
}
