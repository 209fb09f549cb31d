// The impact of a content category change (issue "plans a reviewer can trust"): how many items of
// the organization are filed under a category that a step removes, renames or moves. Read-only
// (GET search with the public API's `categories` parameter), one request per such node, made by
// check so that the count is part of the plan; a failed count is said, never fatal.
import { searchItems } from "../../ops/search";
import { portalClient } from "../machinery/client";
import type { TreeChange } from "./diff";

/** An outline key (titles joined by "/", a "/" inside a title written "\/") → "/A/B" as items hold it. */
export function categoryPath(key: string): string {
  return `/${key.replace(/\\(.)/g, "$1")}`;
}

const itemsIn = (n: number) => ` (${n} item${n === 1 ? " is" : "s are"} in it)`;

/** The path whose items a change affects: the old path of a remove, rename or move. */
function affectedPath(c: TreeChange): string | undefined {
  if (c.kind === "remove") return c.path;
  return c.kind === "rename" || c.kind === "move" ? c.from : undefined;
}

/** One suffix per change ("" when it affects no filed item), naming the items under the old path. */
export async function impactOf(changes: readonly TreeChange[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of changes) {
    const path = affectedPath(c);
    if (path === undefined) {
      out.push("");
      continue;
    }
    try {
      const { total } = await searchItems(portalClient(), { categories: [categoryPath(path)], num: 0 });
      out.push(itemsIn(total));
    } catch (e) {
      out.push(` (items in it not counted: ${(e as Error).message.split("\n")[0]})`);
    }
  }
  return out;
}
