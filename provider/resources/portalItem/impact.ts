// The impact of a PortalItem replace (issue "plans a reviewer can trust"): the replace deletes the
// old item once its replacement exists, so the plan names that item, says whether it is protected
// or authoritative (a protected item's delete is refused, spec.md#item-status), and lists the items related to
// it (spec.md#add-with-relationship). Read-only GETs made by check; a failed look is said, never fatal.
import { RELATIONSHIP_TYPES } from "../../../spec/limits";
import { getItem, type PortalItem } from "../../ops/items";
import { getRelatedItems } from "../../ops/relationships";
import { isNotFound } from "../../rest/errors";
import { portalClient } from "../machinery/client";
import { shown } from "../machinery/plan";

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split("\n")[0];

async function relatedLines(itemId: string): Promise<string[]> {
  const client = portalClient();
  const relationshipTypes = RELATIONSHIP_TYPES.join(",");
  const out: string[] = [];
  for (const [direction, arrow, role] of [["forward", "→", "destination"], ["reverse", "←", "origin"]] as const) {
    const { relatedItems } = await getRelatedItems(client, { itemId, relationshipType: relationshipTypes, direction });
    for (const r of relatedItems) out.push(`! related: ${arrow} ${role} ${r.id} ${shown(r.title)} (${r.type})`);
  }
  return out;
}

/** The lines a replace adds about the item it deletes (`itemId`, the old generation's item). */
export async function replaceImpact(itemId: string): Promise<string[]> {
  const client = portalClient();
  let item: PortalItem;
  try {
    item = await getItem(client, itemId);
  } catch (e) {
    if (isNotFound(e)) return [`! replace: old item ${itemId} is no longer in the portal (nothing to delete)`];
    return [`! replace deletes item ${itemId} (not looked up: ${firstLine(e)})`];
  }
  const lines = [`! replace deletes item ${itemId} ${shown(item.title)} after its replacement is created`];
  if (typeof item.contentStatus === "string" && (item.contentStatus as string) !== "") {
    lines.push(`! old item is ${item.contentStatus}; the status does not move to the new item`);
  }
  if (item.protected === true) {
    lines.push("! old item is protected: its delete will be refused; unprotect it (protected: false, or clear its status) and run up first");
  }
  try {
    lines.push(...(await relatedLines(itemId)));
  } catch (e) {
    lines.push(`! related items not looked up: ${firstLine(e)}`);
  }
  return lines;
}
