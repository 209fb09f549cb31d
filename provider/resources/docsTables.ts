// The Arguments and Outputs tables of docs/resources/*.md, generated from the property tables
// between markers; test/unit/docs-tables.test.ts fails when a page and its table disagree
// (UPDATE_DOCS=1 rewrites the pages).
import { argumentsTable, outputsTable, type Table } from "./machinery/propertyTable";
import { CATEGORY_SCHEMA, MEMBER_CATEGORY_SCHEMA } from "./categorySchema/table";
import { ITEM_STATUS } from "./itemStatus/table";
import { LAYER_APPEND } from "./layerAppend/table";
import { PORTAL_ITEM } from "./portalItem/table";
import { GROUP_TABLE } from "./group/table";
import { GROUP_MEMBERSHIP_TABLE } from "./groupMembership/table";
import { FOLDER_TABLE } from "./folder/table";

/** docs/resources/<page>.md → its resource's property table. */
export const DOC_TABLES: Record<string, Table> = {
  "portal-item.md": PORTAL_ITEM,
  "item-status.md": ITEM_STATUS,
  "category-schema.md": CATEGORY_SCHEMA,
  "member-category-schema.md": MEMBER_CATEGORY_SCHEMA,
  "layer-append.md": LAYER_APPEND,
  "group.md": GROUP_TABLE,
  "group-membership.md": GROUP_MEMBERSHIP_TABLE,
  "folder.md": FOLDER_TABLE,
};

const marker = (name: string) => [`<!-- generated:${name} (from the property table; UPDATE_DOCS=1 rewrites) -->`, `<!-- /generated:${name} -->`];

/** The page with its generated sections replaced; a page without the markers is returned unchanged. */
export function withGeneratedTables(page: string, table: Table): string {
  let out = page;
  for (const [name, body] of [["arguments", argumentsTable(table)], ["outputs", outputsTable(table)]] as const) {
    const [open, close] = marker(name);
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) continue;
    out = `${out.slice(0, start + open.length)}\n${body}\n${out.slice(end)}`;
  }
  return out;
}

export const GENERATED_MARKERS = marker;
