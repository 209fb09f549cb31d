// Issue 13: a no-change preview of 200 PortalItems spent most of its extra time in the program,
// inside the SDK's resource constructor: it wraps every property's promise as a "debuggable
// promise" that captures `new Error().stack`, formatted through the language host's source-map
// support: thousands of mapped stack traces per preview, kept only for its promise-leak report
// (PULUMI_DEBUG_PROMISE_LEAKS). Our constructors call `super` with no frames captured, unless that
// debugging is on. The SDK's own source position and registration stack of each resource are not
// affected: it raises the limit itself while it reads them (`Resource.callsites`). An SDK without
// `Resource.callsites` (3.142, our floor, has none) reads the source position under the caller's limit, so
// there nothing changes: it keeps its stacks.
import * as pulumi from "@pulumi/pulumi";

const sdkRaisesItsOwnLimit = typeof (pulumi.Resource as unknown as { callsites?: unknown }).callsites === "function";

/** Captures no stack frames until the returned function is called (always, in a `finally`). */
export function withoutStackCaptures(): () => void {
  if (process.env.PULUMI_DEBUG_PROMISE_LEAKS || !sdkRaisesItsOwnLimit) return () => undefined;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return () => {
    Error.stackTraceLimit = limit;
  };
}
