// spec.md#item-status: items can be filtered by status, and authoritative items are boosted in search results.
// A small `search` (public API path) over q and filter terms: owner:, orgid:, id:, type:,
// title:, contentstatus:, typekeywords: (one whole keyword, as the public search reference lists the
// field; docs/dev/spec.md shows no search syntax), and free words matched against title, tags and type
// keywords (three of the public API's default fields); plus the public API's
// `categories` parameter (docs/dev/spec.md#gaps: a comma list must all match, a JSON array matches any;
// a category matches the item's category or one below it).
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import { op, type OpContext } from "./operation";
import { itemView } from "../models/itemView";
import type { Item, ItemStore } from "../models/items";
import { badRequest } from "../errors";

const MAX_NUM = 100;
/** The public API's limit on `categories` paths in one search. */
const MAX_CATEGORIES = 8;

export function searchRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/search", search, { auth: "optional" });
}

function terms(query: string): Array<[string | undefined, string]> {
  const out: Array<[string | undefined, string]> = [];
  // `field: value` with blanks after the colon is the same term (arcgis-rest-js's
  // isItemSharedWithGroup sends `id: <id> AND group: <id>`; the query parser allows it)
  for (const m of query.matchAll(/(?:(\w+):\s*)?(?:"([^"]*)"|(\S+))/g)) {
    const word = m[2] ?? m[3];
    if (!m[1] && /^(AND|OR)$/i.test(word)) continue; // terms are always ANDed (simplified)
    out.push([m[1]?.toLowerCase(), word.toLowerCase()]);
  }
  return out;
}

/** A type keyword is matched whole and case-insensitively (the public index tokenizes it; simplified). */
const hasKeyword = (item: Item, value: string) => item.typeKeywords.some((k) => k.toLowerCase() === value);

function matches(item: Item, [field, value]: [string | undefined, string]): boolean {
  switch (field) {
    case "owner": return item.owner.toLowerCase() === value;
    case "orgid": return item.orgId.toLowerCase() === value;
    case "id": return item.id.toLowerCase() === value;
    case "type": return item.type.toLowerCase() === value;
    case "title": return item.title.toLowerCase().includes(value);
    case "contentstatus": return (item.contentStatus ?? "") === value;
    case "typekeywords": return hasKeyword(item, value);
    // REST search reference: the groups an item is shared with, and its owner's folder
    case "group": return item.groups.some((g) => g.toLowerCase() === value);
    case "ownerfolder": return (item.folder ?? "").toLowerCase() === value;
    default: return item.title.toLowerCase().includes(value) || item.tags.some((t) => t.toLowerCase() === value) || hasKeyword(item, value);
  }
}

/** The public API's `categories`: "/A/B,/C" (every one) or ["/A/B","/C"] (any one), at most 8. */
function categoryFilter(raw: string | undefined): ((item: Item) => boolean) | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let any = false;
  let paths: string[];
  if (raw.trim().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === "string")) throw new Error();
      paths = parsed;
      any = true;
    } catch {
      throw badRequest("'categories' must be a comma-separated list or a JSON array of category paths.");
    }
  } else paths = raw.split(",");
  paths = paths.map((p) => p.trim().toLowerCase().replace(/\/+$/, "")).filter((p) => p !== "");
  if (paths.length > MAX_CATEGORIES) throw badRequest(`'categories' takes at most ${MAX_CATEGORIES} category paths; got ${paths.length}.`);
  const within = (item: Item, path: string) => item.categories.some((c) => { const l = c.toLowerCase(); return l === path || l.startsWith(`${path}/`); });
  return (item) => (any ? paths.some((p) => within(item, p)) : paths.every((p) => within(item, p)));
}

/** The items a search can find: from the id or owner index when a term names one (terms are ANDed), else all. */
function candidates(store: ItemStore, all: Array<[string | undefined, string]>): Item[] {
  const id = all.find(([f]) => f === "id");
  if (id) {
    const item = store.byIdAnyCase(id[1]);
    return item ? [item] : [];
  }
  const owner = all.find(([f]) => f === "owner");
  return owner ? store.ownedAnyCase(owner[1]) : [...store.items.values()];
}

const boost = (i: Item) => (i.contentStatus === "org_authoritative" || i.contentStatus === "public_authoritative" ? 0 : 1);

function search(ctx: OpContext) {
  const q = ctx.params.str("q") ?? "";
  const all = [...terms(q), ...terms(ctx.params.str("filter") ?? "")];
  const start = ctx.params.int("start") ?? 1;
  const num = ctx.params.int("num") ?? 10;
  if (start < 1) throw badRequest("'start' must be at least 1.");
  if (num < 0 || num > MAX_NUM) throw badRequest(`'num' must be from 0 to ${MAX_NUM}.`);
  const inCategories = categoryFilter(ctx.params.str("categories"));
  const store = ctx.portal.items;
  const found = candidates(store, all)
    .filter((i) => i.addStatus === "completed" && store.canRead(i, ctx.caller, ctx.portal.administers))
    .filter((i) => all.every((t) => matches(i, t)))
    .filter((i) => inCategories === undefined || inCategories(i))
    // spec.md#item-status: authoritative items are boosted; then newest first
    .sort((a, b) => boost(a) - boost(b) || b.modified - a.modified);
  const page = found.slice(start - 1, start - 1 + num);
  const nextStart = start - 1 + num < found.length ? start + num : -1;
  return { query: q, total: found.length, start, num, nextStart, results: page.map((i) => itemView(i)) };
}
