// Every page of a paged REST answer (a search, a user-content listing): `start`, `num`, `total` and
// `nextStart` (-1 after the last page; docs/dev/fidelity.md, the group and user content rows). The first page's `total` says which
// pages follow, so they are asked for together, PAGES_IN_FLIGHT at a time, instead of one round trip
// each: an owner with 2,000 items is five round trips, not twenty (issue 28: a real network; issue 24:
// large organizations). Should the listing grow while it is read, the last page's `nextStart` leads
// on, one page at a time, as before.

export interface Page {
  total: number;
  nextStart: number;
}

/** Entries per page of a listing or a search: the public API's most. */
export const LISTING_PAGE = 100;

/** A paged answer's `total` and `nextStart` (0 and -1 when missing), and its list under `key` ([] when it has none). */
export function pageOf<T>(r: any, key: string): Page & { entries: T[] } {
  return { total: Number(r?.total ?? 0), nextStart: Number(r?.nextStart ?? -1), entries: Array.isArray(r?.[key]) ? r[key] : [] };
}

/** Pages of one listing asked for at once, at most. */
export const PAGES_IN_FLIGHT = 6;

/**
 * Results past this are not asked for ahead: how deep a search pages has been limited on portals
 * (not confirmed for every release), so there the pages follow nextStart one by one, as before.
 */
const MOST_RESULTS = 10_000;

const after = (page: Page, start: number): number => (Number.isFinite(page.nextStart) && page.nextStart > start ? page.nextStart : -1);

/**
 * Calls `fetch(start)` for every page from 1, and `each(page)` for each, in the listing's order.
 * `num` is the page size asked for (the starts of the pages the first one's total implies).
 */
export async function everyPage<P extends Page>(fetch: (start: number) => Promise<P>, num: number, each: (page: P) => void): Promise<void> {
  const first = await fetch(1);
  each(first);
  let next = after(first, 1);
  if (next < 0) return;
  const starts: number[] = [];
  for (let s = next; s <= first.total && s + num - 1 <= MOST_RESULTS; s += num) starts.push(s);
  for (let i = 0; i < starts.length; i += PAGES_IN_FLIGHT) {
    const window = starts.slice(i, i + PAGES_IN_FLIGHT);
    const pages = await Promise.all(window.map(fetch));
    pages.forEach(each);
    next = after(pages[pages.length - 1], window[window.length - 1]);
  }
  // a listing longer than its first page said (items added meanwhile): on, page by page
  for (let start = next; start > 0; ) {
    const page = await fetch(start);
    each(page);
    start = after(page, start);
  }
}
