// The run's read cache (provider/rest/readCache.ts, issue 24): a bulk listing's answers (`prime`,
// `get(…, bulk)`) live BULK_READ_MS, a single read's READ_CACHE_MS; a live entry is not replaced by
// a prime; clear() (a write) drops both; PORTAL_READ_CACHE_MS=0 turns bulk answers off too.
import { strict as assert } from "node:assert";
import { ReadCache } from "../../provider/rest/readCache";

describe("unit: read cache, bulk answers (issue 24)", () => {
  let now = 0;
  const clock = () => now;
  let loads = 0;
  const load = (v: string) => async () => {
    loads++;
    return { v };
  };
  beforeEach(() => {
    now = 0;
    loads = 0;
  });

  it("a primed answer serves the read for the bulk lifetime, a single read's only for its own", async () => {
    const c = new ReadCache(clock, 60_000, 600_000);
    c.prime("item a", { v: "listed" });
    assert.deepEqual(await c.get("item a", load("single")), { v: "listed" });
    await c.get("item b", load("single"));
    now = 120_000;
    assert.deepEqual(await c.get("item a", load("single")), { v: "listed" }, "2 minutes: the listing's answer still serves");
    assert.deepEqual(await c.get("item b", load("again")), { v: "again" }, "a single read's answer is gone after a minute");
    now = 600_000;
    assert.deepEqual(await c.get("item a", load("fresh")), { v: "fresh" }, "after BULK_READ_MS the portal is asked");
    assert.equal(loads, 3);
  });

  it("a prime does not replace a live answer; clear() (a write) drops primed answers; ttl 0 keeps nothing", async () => {
    const c = new ReadCache(clock, 60_000, 600_000);
    await c.get("item a", load("single"));
    c.prime("item a", { v: "listed" });
    assert.deepEqual(await c.get("item a", load("x")), { v: "single" });
    c.prime("item b", { v: "listed" });
    c.clear();
    assert.deepEqual(await c.get("item b", load("after a write")), { v: "after a write" });
    const off = new ReadCache(clock, 0, 600_000);
    off.prime("item c", { v: "listed" });
    assert.deepEqual(await off.get("item c", load("asked")), { v: "asked" });
    assert.deepEqual(await off.get("item c", load("asked again")), { v: "asked again" }, "bulk answers are off with the cache");
  });

  it("each caller gets its own copy of a primed answer (the lister hands its answer over)", async () => {
    const c = new ReadCache(clock, 60_000, 600_000);
    c.prime("item a", { v: "listed" });
    const first = await c.get<{ v: string }>("item a", load("x"));
    first.v = "changed by a caller";
    assert.deepEqual(await c.get("item a", load("x")), { v: "listed" });
  });
});
