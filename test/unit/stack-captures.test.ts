// Issue 13: our resource constructors call the SDK with no stack frames captured (the SDK formats
// a stack trace for every property's promise, through the language host's source-map support, only
// for its promise-leak report), unless PULUMI_DEBUG_PROMISE_LEAKS asks for that report. Counted
// here with a prepareStackTrace that tallies the frames it formats, through the SDK's mocks.
import assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { withoutStackCaptures } from "../../resources/stackCaptures";

pulumi.runtime.setMocks(
  {
    newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
    call: (args) => args.inputs,
  },
  "stack-captures",
  "dev",
  false,
);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const portal = require("../../resources") as typeof import("../../resources");

/** Stack traces with at least one frame formatted while `make` runs. */
function tracesFormatted(make: () => void): number {
  const before = Error.prepareStackTrace;
  let traces = 0;
  Error.prepareStackTrace = (error, frames) => {
    if (frames.length > 0) traces++;
    return before ? before(error, frames) : `${error}\n${frames.map((f) => `    at ${f}`).join("\n")}`;
  };
  try {
    make();
  } finally {
    Error.prepareStackTrace = before;
  }
  return traces;
}

const makeAll = (suffix: string) => () => {
  new portal.PortalItem(`item-${suffix}`, { type: "Web Map", title: "T", tags: ["a"], text: { operationalLayers: [] } });
  new portal.ItemStatus(`status-${suffix}`, { itemId: "0123456789abcdef0123456789abcdef", status: "org_authoritative" });
  new portal.LayerAppend(`append-${suffix}`, { layerUrl: "https://example.com/arcgis/rest/services/S/FeatureServer/0", edits: [{ attributes: { a: 1 } }] } as any);
  new portal.CategorySchema(`schema-${suffix}`, { categorySchema: [{ title: "Categories", categories: [] }] } as any);
  new portal.MemberCategorySchema(`members-${suffix}`, { categorySchema: [{ title: "Categories", categories: [] }] } as any);
};

describe("resource constructors capture no stacks for the SDK's promise-leak report (issue 13)", () => {
  afterEach(() => delete process.env.PULUMI_DEBUG_PROMISE_LEAKS);

  it("five resources: only the SDK's own source-position reads format a stack (one each), and the limit is restored", () => {
    const limit = Error.stackTraceLimit;
    const traces = tracesFormatted(makeAll("quiet"));
    assert.ok(traces <= 5, `${traces} stack traces formatted for five resources`);
    assert.equal(Error.stackTraceLimit, limit);
  });

  it("with PULUMI_DEBUG_PROMISE_LEAKS set, the SDK gets its stacks (the report names where each promise came from)", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
    const traces = tracesFormatted(makeAll("debug"));
    assert.ok(traces > 25, `${traces} stack traces formatted`);
  });

  it("the SDK still reads each resource's source position: it raises the limit itself (what the skipping relies on)", () => {
    const restore = withoutStackCaptures();
    try {
      const frames = (pulumi.Resource as unknown as { callsites(): Array<{ file?: string }> }).callsites();
      assert.ok(frames.some((f) => f.file?.endsWith("stack-captures.test.ts")), "this test's own frame is among the callsites");
    } finally {
      restore();
    }
  });

  it("a constructor that throws still restores the limit", () => {
    const limit = Error.stackTraceLimit;
    assert.throws(() => new portal.ItemStatus("bad", { itemId: "0123456789abcdef0123456789abcdef", status: "org_authoritative" }, { parent: {} as any }), /parent/);
    assert.equal(Error.stackTraceLimit, limit);
  });
});
