// Item relationships (spec.md#item-fields originItemId/destinationItemId/relationshipType, spec.md#add-with-relationship; spec.md#gap-relationships
// "Relationships").
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { itemPath } from "./paths";
import type { PortalItem } from "./items";
import { LISTING_PAGE, pageOf } from "./pages";

export interface RelationshipOptions {
  /** The user the request runs as (spec.md#gaps: content/users/<user>/…). */
  username: string;
  originItemId: string;
  destinationItemId: string;
  relationshipType: string;
}

/** spec.md#gap-relationships: POST content/users/<user>/addRelationship → `{success}`. */
export function addRelationship(client: PortalClient, o: RelationshipOptions): Promise<{ success: boolean }> {
  const { username, ...params } = o;
  return client.request("addRelationship", `content/users/${seg(username)}/addRelationship`, { ...params });
}

/** spec.md#gap-relationships: POST content/users/<user>/deleteRelationship → `{success}`. */
export function deleteRelationship(client: PortalClient, o: RelationshipOptions): Promise<{ success: boolean }> {
  const { username, ...params } = o;
  return client.request("deleteRelationship", `content/users/${seg(username)}/deleteRelationship`, { ...params });
}

export interface RelatedItemsOptions {
  itemId: string;
  /** One type, or several: the portal answers the items related by any of them (sent as `relationshipTypes`, comma-separated). */
  relationshipType: string | readonly string[];
  /** forward: the item is the origin; reverse: the item is the destination. Default forward. */
  direction?: "forward" | "reverse";
  /** Share the answer within the client's read cache (until it writes): for reads a step repeats, e.g. an adoption's check and create. */
  cache?: boolean;
}

/** Related items asked for per page: the public API's most (REST paging parameters). */
export const RELATED_PAGE = LISTING_PAGE;

/**
 * spec.md#gap-relationships; REST "Related Items": GET content/items/<id>/relatedItems with
 * `relationshipTypes` (one type or several, comma-separated, as arcgis-rest-js sends an array) and
 * `direction` → `{total, relatedItems:[item…]}`, paged by `start`/`num` (`nextStart` -1 after the last
 * page). The answer does not say which of several types relates each item.
 */
export async function getRelatedItems(client: PortalClient, o: RelatedItemsOptions): Promise<{ total: number; relatedItems: PortalItem[] }> {
  const relationshipTypes = typeof o.relationshipType === "string" ? o.relationshipType : o.relationshipType.join(",");
  const relatedItems: PortalItem[] = [];
  let total = 0;
  for (let start = 1; start > 0; ) {
    const r = await client.request("relatedItems", itemPath(o.itemId, "relatedItems"), { relationshipTypes, direction: o.direction ?? "forward", start, num: RELATED_PAGE }, { method: "GET", cache: o.cache === true });
    const page = pageOf<PortalItem>(r, "relatedItems");
    relatedItems.push(...page.entries);
    total = Number.isFinite(page.total) && page.total > 0 ? page.total : relatedItems.length;
    // a portal that does not page answers everything at once, without nextStart
    start = page.entries.length > 0 && page.nextStart > start ? page.nextStart : -1;
  }
  return { total, relatedItems };
}
