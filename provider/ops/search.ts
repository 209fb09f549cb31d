// GET search (the public API's item search): used read-only, for the impact lines of a plan, the
// marker search of a PortalItem create on a portal before 10.8.1, and `pulumi-gis-portal orphans`.
import type { PortalClient } from "../rest/client";
import { everyPage, LISTING_PAGE } from "./pages";

export interface SearchOptions {
  /** The query; default every item the caller can read in the organization. */
  q?: string;
  /** Category paths, e.g. ["/Categories/Land/Soils"]; an item matches any of them (or one below). */
  categories?: string[];
  /** Results per page, 0–100; 0 asks for the total only. Default 0. */
  num?: number;
  /** 1-based index of the first result (the previous page's `nextStart`). Default 1. */
  start?: number;
}

/** One item of a search answer (the fields of GET content/items/<id> the callers read). */
export interface SearchResult {
  id: string;
  title: string;
  type?: string;
  owner?: string;
  ownerFolder?: string | null;
  created?: number;
  typeKeywords?: string[];
  categories?: string[];
}

export interface SearchResponse {
  total: number;
  /** The next page's `start`; -1 after the last page. */
  nextStart?: number;
  results: SearchResult[];
}

/**
 * GET search with `categories` as a JSON array (any of them).
 * @example const { total } = await searchItems(client, { categories: ["/Categories/Land"] });
 */
export async function searchItems(client: PortalClient, o: SearchOptions): Promise<SearchResponse> {
  const params: Record<string, string | number> = { q: o.q ?? "", num: o.num ?? 0 };
  if (o.start !== undefined) params.start = o.start;
  if (o.categories) params.categories = JSON.stringify(o.categories);
  const r = (await client.request("search", "search", params, { method: "GET" })) as SearchResponse & Record<string, unknown>;
  // numbers may come as text (a proxy, an older portal: test/replay/fixtures/search/numbers-as-strings.json)
  const results = (Array.isArray(r?.results) ? r.results : []).map((x) => (x.created === undefined ? x : { ...x, created: asNumber(x.created, 0) }));
  return { ...r, total: asNumber(r?.total, 0), nextStart: asNumber(r?.nextStart, -1), results };
}

/** A number the portal may send as text; `fallback` when it is missing or not a number. */
function asNumber(v: unknown, fallback: number): number {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}


/**
 * Every result of `q`, page after page (`nextStart` until -1).
 * @example const mine = await searchAllItems(client, `typekeywords:${marker} owner:${owner}`);
 */
export async function searchAllItems(client: PortalClient, q: string): Promise<SearchResult[]> {
  const out: SearchResult[] = [];
  const page = async (start: number) => {
    const r = await searchItems(client, { q, num: LISTING_PAGE, start });
    // a page with no results ends the listing, whatever its nextStart says
    return { total: r.total ?? 0, nextStart: (r.results ?? []).length === 0 ? -1 : (r.nextStart ?? -1), results: r.results ?? [] };
  };
  await everyPage(page, LISTING_PAGE, (p) => out.push(...p.results));
  return out;
}
