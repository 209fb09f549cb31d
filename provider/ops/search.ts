// GET search (the public API's item search): used read-only, for the impact lines of a plan.
import type { PortalClient } from "../rest/client";

export interface SearchOptions {
  /** The query; default every item the caller can read in the organization. */
  q?: string;
  /** Category paths, e.g. ["/Categories/Land/Soils"]; an item matches any of them (or one below). */
  categories?: string[];
  /** Results per page, 0–100; 0 asks for the total only. Default 0. */
  num?: number;
}

export interface SearchResponse {
  total: number;
  results: Array<{ id: string; title: string; categories?: string[] }>;
}

/**
 * GET search with `categories` as a JSON array (any of them).
 * @example const { total } = await searchItems(client, { categories: ["/Categories/Land"] });
 */
export function searchItems(client: PortalClient, o: SearchOptions): Promise<SearchResponse> {
  const params: Record<string, string | number> = { q: o.q ?? "", num: o.num ?? 0 };
  if (o.categories) params.categories = JSON.stringify(o.categories);
  return client.request("search", "search", params, { method: "GET" });
}
