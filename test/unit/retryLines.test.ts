// Issue 28 scope 4: each retry is logged on the resource's row with the reason. The client is shared
// by every resource of a run; a provider call runs in the context of its resource's URN
// (provider/resourceContext.ts), and each repeat of a request becomes one line for that URN, kept in
// the Diagnostics (progress.ts reportRetry; the engine's Log with that URN, not ephemeral).
import { strict as assert } from "node:assert";
import { reportRetry, resetProgressForTests } from "../../provider/progress";
import { currentUrn, inResource, withResourceContext } from "../../provider/resourceContext";
import { scripted } from "./mockPortal";

type Line = { message: string; urn: string; ephemeral?: boolean };

describe("unit: retry lines on the resource's row (issue 28)", () => {
  let lines: Line[];
  beforeEach(() => {
    lines = [];
    resetProgressForTests(async (message, urn, ephemeral) => void lines.push({ message, urn, ephemeral }));
  });
  after(() => resetProgressForTests(undefined));

  const URN_A = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/portal:PortalItem::a";
  const URN_B = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/portal:PortalItem::b";

  it("a 503, then a connection reset, each a line on the row of the resource whose call sent the request", async () => {
    const s = scripted([{ status: 503, text: "busy" }, { json: { id: "x" } }, { reset: true }, { json: { id: "y" } }]);
    const client = s.client({ onRetry: (r) => void reportRetry(r) });
    const provider = withResourceContext({
      async read(id: string, props: { __urn?: string }) {
        void props;
        return { id, props: await client.request("getItem", `content/items/${id}`, {}, { method: "GET" }) };
      },
    });
    await provider.read("x", { __urn: URN_A });
    await provider.read("y", { __urn: URN_B });
    assert.equal(lines.length, 2);
    assert.equal(lines[0].urn, URN_A);
    assert.match(lines[0].message, /^getItem: sent again \(attempt 2 in \d+ ms\) after .*503/);
    assert.equal(lines[1].urn, URN_B);
    assert.match(lines[1].message, /^getItem: sent again \(attempt 2 in \d+ ms\) after .*(reset|socket|ECONNRESET|closed)/i);
    assert.ok(lines.every((l) => l.ephemeral === false), "kept in the Diagnostics");
  });

  it("a Retry-After is in the reason; a request with no resource (a category tree) goes to the stack's row", async () => {
    const s = scripted([{ status: 429, json: { error: { code: 429, message: "rate" } }, headers: { "retry-after": "2" } }, { json: { ok: 1 } }]);
    const client = s.client({ onRetry: (r) => void reportRetry(r) });
    await inResource(undefined, () => client.request("assignCategorySchema", "portals/o/assignCategorySchema", {}, { safeToRetry: true }));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].urn, "");
    assert.match(lines[0].message, /^assignCategorySchema: sent again \(attempt 2 in 2\.0 s\) after .*Retry-After 2\.0 s/);
  });

  it("each method finds its URN where the engine puts it: check(olds, news), diff(id, olds, news), create(inputs), update(id, olds, news), delete(id, props)", async () => {
    const seen: Array<[string, string | undefined]> = [];
    const record = (name: string) => async (..._args: unknown[]) => void seen.push([name, currentUrn()]);
    const p = withResourceContext({ check: record("check"), diff: record("diff"), create: record("create"), read: record("read"), update: record("update"), delete: record("delete") });
    const a = { __urn: URN_A };
    await p.check({}, a);
    await p.diff("id", {}, a);
    await p.create(a);
    await p.read("id", a);
    await p.update("id", { __urn: URN_B }, a);
    await p.delete("id", a);
    await p.check({}, { title: "no urn" });
    assert.deepEqual(seen, [["check", URN_A], ["diff", URN_A], ["create", URN_A], ["read", URN_A], ["update", URN_A], ["delete", URN_A], ["check", undefined]]);
  });

  it("a token in a reason is redacted", async () => {
    const s = scripted([{ status: 503, text: "busy token=abc123secret" }, { json: { ok: 1 } }]);
    const client = s.client({ onRetry: (r) => void reportRetry(r) });
    await inResource(URN_A, () => client.request("getItem", "content/items/z", {}, { method: "GET" }));
    assert.equal(lines.length, 1);
    assert.ok(!lines[0].message.includes("abc123secret"), lines[0].message);
  });
});
