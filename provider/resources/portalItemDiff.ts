// PortalItem diff (design.md table): exact, replacing on type, owner, folder and itemIdToCreate.
import { INPUT_KEYS } from "./portalItemInput";

type Props = Record<string, any>;

/** Fields whose change needs a new item. */
export const REPLACE_KEYS = ["type", "owner", "folder", "itemIdToCreate", "adoptItemId"] as const;
/** Outputs the portal fills in when the argument is unset: compared only when the argument is set. */
const WHEN_SET = new Set(["owner", "folder", "url", "protected"]);
/** Bookkeeping of check, not a user's change. */
const IGNORED = new Set(["generatedItemIdToCreate", "timeoutSeconds"]);

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

/** Authoritative items are protected by their status (seed 2.2): protected:false cannot undo that. */
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
