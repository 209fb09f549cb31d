// PortalItem diff (spec.md#design-resources): exact, replacing on type and itemIdToCreate (a new owner
// or folder is a reassign or a move of the same item, portalItem/ownership.ts).
// Replace, when-set and ignored fields are columns of the property table (portalItem/table.ts).
import { sameValue } from "../machinery/sameValue";
import { IGNORED, INPUT_KEYS, REPLACE_KEYS, WHEN_SET } from "./table";

import type { PortalItemProps as Props } from "./props";

export { REPLACE_KEYS };
export { sameValue };

/** Authoritative items are protected by their status (spec.md#item-status): protected:false cannot undo that. */
function protectedByStatus(olds: Props, news: Props): boolean {
  return news.protected === false && typeof olds.contentStatus === "string" && olds.contentStatus.endsWith("authoritative");
}

export function changedKeys(olds: Props, news: Props): string[] {
  return INPUT_KEYS.filter((key) => {
    if (IGNORED.has(key)) return false;
    // docs/adopting.md: naming the item the resource already holds, or dropping adoptItemId, changes nothing
    if (key === "adoptItemId") return news.adoptItemId !== undefined && news.adoptItemId !== (olds.itemId ?? olds.adoptItemId);
    if (WHEN_SET.has(key) && news[key] === undefined) return false;
    if (key === "protected" && protectedByStatus(olds, news)) return false;
    return !sameValue(olds[key], news[key]);
  });
}

export function diffPortalItem(olds: Props, news: Props): { changes: boolean; replaces: string[]; deleteBeforeReplace: boolean } {
  const changed = changedKeys(olds, news);
  const replaces = changed.filter((k) => (REPLACE_KEYS as readonly string[]).includes(k));
  return { changes: changed.length > 0, replaces, deleteBeforeReplace: false };
}
