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
