// Seed 2.2: items can be filtered by status, and authoritative items are boosted in search results.
// A small `search` (public API path) over q and filter terms: owner:, orgid:, id:, type:,
// title:, contentstatus:, and free words matched against title and tags.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import { op, type OpContext } from "./operation";
import { itemView } from "../models/itemView";
import type { Item } from "../models/items";
import { badRequest } from "../errors";

const MAX_NUM = 100;

export function searchRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/search", search, { auth: "optional" });
}

function terms(query: string): Array<[string | undefined, string]> {
  const out: Array<[string | undefined, string]> = [];
  for (const m of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    const word = m[2] ?? m[3];
    if (!m[1] && /^(AND|OR)$/i.test(word)) continue; // terms are always ANDed (simplified)
    out.push([m[1]?.toLowerCase(), word.toLowerCase()]);
  }
  return out;
}

function matches(item: Item, [field, value]: [string | undefined, string]): boolean {
  switch (field) {
    case "owner": return item.owner.toLowerCase() === value;
    case "orgid": return item.orgId.toLowerCase() === value;
    case "id": return item.id.toLowerCase() === value;
    case "type": return item.type.toLowerCase() === value;
    case "title": return item.title.toLowerCase().includes(value);
    case "contentstatus": return (item.contentStatus ?? "") === value;
    default: return item.title.toLowerCase().includes(value) || item.tags.some((t) => t.toLowerCase() === value);
  }
}

const boost = (i: Item) => (i.contentStatus === "org_authoritative" || i.contentStatus === "public_authoritative" ? 0 : 1);

function search(ctx: OpContext) {
  const q = ctx.params.str("q") ?? "";
  const all = [...terms(q), ...terms(ctx.params.str("filter") ?? "")];
  const start = ctx.params.int("start") ?? 1;
  const num = ctx.params.int("num") ?? 10;
  if (start < 1) throw badRequest("'start' must be at least 1.");
  if (num < 0 || num > MAX_NUM) throw badRequest(`'num' must be from 0 to ${MAX_NUM}.`);
  const found = [...ctx.portal.items.items.values()]
    .filter((i) => i.addStatus === "completed")
    .filter((i) => {
      try {
        return ctx.portal.items.readable(i.id, ctx.caller, ctx.portal.administers) !== undefined;
      } catch {
        return false;
      }
    })
    .filter((i) => all.every((t) => matches(i, t)))
    // seed 2.2: authoritative items are boosted; then newest first
    .sort((a, b) => boost(a) - boost(b) || b.modified - a.modified);
  const page = found.slice(start - 1, start - 1 + num);
  const nextStart = start - 1 + num < found.length ? start + num : -1;
  return { query: q, total: found.length, start, num, nextStart, results: page.map((i) => itemView(i)) };
}
