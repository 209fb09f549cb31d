// PortalItem diff (spec.md#design-resources): exact, replacing on type, owner, folder and itemIdToCreate.
// Replace, when-set and ignored fields are columns of the property table (portalItemTable.ts).
import { IGNORED, INPUT_KEYS, REPLACE_KEYS, WHEN_SET } from "./portalItemTable";

import type { PortalItemProps as Props } from "./tableProps";

export { REPLACE_KEYS };

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Props)[k])]));
  }
  return v;
}

/** Deep equality that ignores key order (objects read back from the portal may reorder keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

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
