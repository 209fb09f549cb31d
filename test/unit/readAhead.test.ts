// The read-ahead's policy (provider/ops/readAhead.ts; issue 24), with reads the test controls: how
// many go out at once, the bound on reads nobody asked for, the export's order, and that nothing more
// is read ahead once the client's shared reads are dropped. The requests themselves, against the
// emulator: test/provider/resources/readAhead.test.ts.
import { strict as assert } from "node:assert";
import { PAGES_IN_FLIGHT } from "../../provider/ops/pages";
import { readAhead, SPARE } from "../../provider/ops/readAhead";
import type { PortalClient } from "../../provider/rest/client";

/** A client as the read-ahead sees it: whether reads are shared, and their generation. */
const clientOf = () => ({ sharesReads: true, readGeneration: 0 }) as { sharesReads: boolean; readGeneration: number };
const tick = () => new Promise((r) => setImmediate(r));

/** Siblings whose reads wait until released; `started` lists the ids read, in order. */
function siblings(titles: string[]) {
  const started: string[] = [];
  const waiting: Array<() => void> = [];
  const list = titles.map((title, i) => ({ id: `id${String(i).padStart(2, "0")}`, title, read: () => new Promise<void>((r) => (started.push(`id${String(i).padStart(2, "0")}`), waiting.push(r))) }));
  const release = async () => {
    while (waiting.length > 0) {
      waiting.splice(0).forEach((r) => r());
      await tick();
    }
  };
  return { list, started, release };
}

describe("unit: the read-ahead's policy (provider/ops/readAhead.ts)", () => {
  const titles = Array.from({ length: 30 }, (_, i) => `Crew ${String(i).padStart(2, "0")}`);

  it("at most PAGES_IN_FLIGHT at once; SPARE + the reads asked for, unused, at most", async () => {
    const client = clientOf();
    const s = siblings(titles);
    await readAhead(client as unknown as PortalClient, "k", "id00", "f", async () => s.list);
    assert.equal(s.started.length, PAGES_IN_FLIGHT, "no more than a listing's pages at once");
    await s.release();
    assert.equal(s.started.length, SPARE + 1, "its own is the caller's; SPARE + 1 unused");
    await readAhead(client as unknown as PortalClient, "k", "id01", "f", async () => s.list);
    await s.release();
    assert.equal(s.started.length, SPARE + 3, "one used, one more asked: two more");
    assert.ok(!s.started.includes("id00"), "what was asked is not read ahead");
  });

  it("in the export's order (slug of the title, then id), not the listing's", async () => {
    const s = siblings(["b", "C", "a", "Ä", "c"]);
    await readAhead(clientOf() as unknown as PortalClient, "k", "none", "f", async () => s.list);
    assert.deepEqual(s.started, ["id02", "id03", "id00", "id01", "id04"]);
  });

  it("stops once the shared reads are dropped (a write, the next refresh), and starts afresh", async () => {
    const client = clientOf();
    const s = siblings(titles);
    await readAhead(client as unknown as PortalClient, "k", "id00", "f", async () => s.list);
    assert.equal(s.started.length, PAGES_IN_FLIGHT);
    client.readGeneration++;
    await s.release();
    assert.equal(s.started.length, PAGES_IN_FLIGHT, "those in flight end; none follows");
    const again = siblings(titles);
    await readAhead(client as unknown as PortalClient, "k", "id00", "f", async () => again.list);
    await again.release();
    assert.equal(again.started.length, SPARE + 1, "the new generation counts from nothing");
  });

  it("nothing is read ahead with the read cache off, nor from a listing that failed", async () => {
    const s = siblings(titles);
    await readAhead({ sharesReads: false, readGeneration: 0 } as unknown as PortalClient, "k", "id00", "f", async () => s.list);
    await readAhead(clientOf() as unknown as PortalClient, "k", "id00", "f", async () => Promise.reject(new Error("403")));
    await readAhead(clientOf() as unknown as PortalClient, "k", "id00", "f", async () => undefined);
    await s.release();
    assert.deepEqual(s.started, []);
  });
});
