// Item relationships (seed 2.1 originItemId/destinationItemId/relationshipType, 3.5; spec-gaps.md
// "Relationships").
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { itemPath } from "./paths";
import type { PortalItem } from "./items";

export interface RelationshipOptions {
  /** The user the request runs as (spec-gaps.md: content/users/<user>/…). */
  username: string;
  originItemId: string;
  destinationItemId: string;
  relationshipType: string;
}

/** spec-gaps.md: POST content/users/<user>/addRelationship → `{success}`. */
export function addRelationship(client: PortalClient, o: RelationshipOptions): Promise<{ success: boolean }> {
  const { username, ...params } = o;
  return client.request("addRelationship", `content/users/${seg(username)}/addRelationship`, { ...params });
}

/** spec-gaps.md: POST content/users/<user>/deleteRelationship → `{success}`. */
export function deleteRelationship(client: PortalClient, o: RelationshipOptions): Promise<{ success: boolean }> {
  const { username, ...params } = o;
  return client.request("deleteRelationship", `content/users/${seg(username)}/deleteRelationship`, { ...params });
}

export interface RelatedItemsOptions {
  itemId: string;
  relationshipType: string;
  /** forward: the item is the origin; reverse: the item is the destination. Default forward. */
  direction?: "forward" | "reverse";
}

/** spec-gaps.md: GET content/items/<id>/relatedItems → `{total, relatedItems:[item…]}`. */
export async function getRelatedItems(client: PortalClient, o: RelatedItemsOptions): Promise<{ total: number; relatedItems: PortalItem[] }> {
  const r = await client.request("relatedItems", itemPath(o.itemId, "relatedItems"), { relationshipType: o.relationshipType, direction: o.direction ?? "forward" }, { method: "GET" });
  const relatedItems = Array.isArray(r?.relatedItems) ? r.relatedItems : [];
  return { total: typeof r?.total === "number" ? r.total : relatedItems.length, relatedItems };
}
