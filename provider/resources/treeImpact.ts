// The impact of a content category change (issue "plans a reviewer can trust"): how many items of
// the organization are filed under a category that a step removes, renames or moves. Read-only
// (GET search with the public API's `categories` parameter), one request per such node, made by
// check so that the count is part of the plan; a failed count is said, never fatal.
import { searchItems } from "../ops/search";
import { portalClient } from "./client";
import { describeChange, type TreeChange } from "./treeDiff";

/** An outline key (titles joined by "/", a "/" inside a title written "\/") → "/A/B" as items hold it. */
export function categoryPath(key: string): string {
  return `/${key.replace(/\\(.)/g, "$1")}`;
}

const itemsIn = (n: number) => ` (${n} item${n === 1 ? " is" : "s are"} in it)`;

/** For each remove / rename / move line, the suffix naming the items filed under the old path. */
export async function impactOf(changes: readonly TreeChange[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const c of changes) {
    const path = c.kind === "remove" ? c.path : c.kind === "rename" || c.kind === "move" ? c.from : undefined;
    if (path === undefined) continue;
    try {
      const { total } = await searchItems(portalClient(), { categories: [categoryPath(path)], num: 0 });
      out.set(describeChange(c), itemsIn(total));
    } catch (e) {
      out.set(describeChange(c), ` (items in it not counted: ${(e as Error).message.split("\n")[0]})`);
    }
  }
  return out;
}
