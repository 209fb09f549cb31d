// A new item record with the defaults of a freshly added item.
import { newItemId, type Item } from "./items";
import { AUTO_TYPE_KEYWORDS } from "./itemTypes";

export function createItemRecord(init: { owner: string; orgId: string; title: string; type: string; id?: string; url?: string }): Item {
  const now = Date.now();
  return {
    id: init.id ?? newItemId(),
    owner: init.owner,
    orgId: init.orgId,
    type: init.type,
    title: init.title,
    url: init.url,
    folder: null,
    typeKeywords: [...(AUTO_TYPE_KEYWORDS[init.type] ?? [])],
    description: "",
    tags: [],
    snippet: "",
    size: 0,
    extent: [],
    categories: [],
    access: "private",
    groups: [],
    protectedFlag: false,
    created: now,
    modified: now,
    appCategories: [],
    industries: [],
    languages: [],
    screenshots: [],
    addStatus: "completed",
    statusMessage: "",
  };
}

/**
 * REST "Item" `modified`: the date the item was last modified, which an update (its text or file
 * too) moves. Always later than the last one, even within a millisecond, so a client that recorded
 * it (PortalItem adoptedData) sees every change.
 */
export function nextModified(item: Pick<Item, "modified">): number {
  return Math.max(Date.now(), item.modified + 1);
}
