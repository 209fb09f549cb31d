// Every page of a paged answer (provider/ops/pages.ts): the pages the first one's total implies are
// asked for together, a few at a time, and handed over in the listing's order; a listing that grows
// while it is read is followed on by nextStart; past 10,000 results pages follow nextStart only.
import { strict as assert } from "node:assert";
import { everyPage, PAGES_IN_FLIGHT } from "../../provider/ops/pages";

/** A listing of `count()` entries, `num` a page, answered after a tick; records starts and the most in flight. */
function listing(count: () => number, num: number, limit = Infinity) {
  const asked: number[] = [];
  let inFlight = 0;
  let most = 0;
  const fetch = async (start: number) => {
    asked.push(start);
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 1 + (start % 3)));
    inFlight--;
    if (start > limit) throw new Error(`start ${start} past the search's limit`);
    const total = count();
    const ids = Array.from({ length: Math.max(0, Math.min(num, total - start + 1)) }, (_, i) => start + i);
    const end = start + ids.length;
    return { total, nextStart: end <= total && end <= limit ? end : -1, ids };
  };
  return { fetch, asked, most: () => most };
}

describe("unit: every page of a listing (issues 24 and 28)", () => {
  it("asks for the pages after the first together, and hands them over in order", async () => {
    const l = listing(() => 250, 100);
    const seen: number[] = [];
    await everyPage(l.fetch, 100, (p) => seen.push(...p.ids));
    assert.deepEqual(seen, Array.from({ length: 250 }, (_, i) => i + 1));
    assert.deepEqual(l.asked, [1, 101, 201]);
    assert.equal(l.most(), 2, "pages 101 and 201 in flight together");
  });

  it(`keeps at most ${PAGES_IN_FLIGHT} pages in flight`, async () => {
    const l = listing(() => 2_000, 100);
    const seen: number[] = [];
    await everyPage(l.fetch, 100, (p) => seen.push(...p.ids));
    assert.equal(seen.length, 2_000);
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
    assert.equal(l.most(), PAGES_IN_FLIGHT);
    assert.equal(l.asked.length, 20);
  });

  it("one page, or an empty listing, is one request", async () => {
    for (const n of [0, 1, 100]) {
      const l = listing(() => n, 100);
      let pages = 0;
      await everyPage(l.fetch, 100, () => pages++);
      assert.deepEqual([l.asked, pages], [[1], 1]);
    }
  });

  it("follows a listing that grows while it is read", async () => {
    let total = 150;
    const l = listing(() => total, 100);
    const seen: number[] = [];
    await everyPage(l.fetch, 100, (p) => {
      seen.push(...p.ids);
      total = 420; // items added after the first page answered
    });
    assert.deepEqual(seen, Array.from({ length: 420 }, (_, i) => i + 1));
    assert.deepEqual(l.asked, [1, 101, 201, 301, 401]);
  });

  it("asks ahead for no page past 10,000 results: a portal that ends its search there is paged as before", async () => {
    const l = listing(() => 12_000, 100, 10_000);
    let count = 0;
    await everyPage(l.fetch, 100, (p) => (count += p.ids.length));
    assert.equal(count, 10_000);
    assert.equal(Math.max(...l.asked), 9_901);
  });
});
