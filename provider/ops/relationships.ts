// Item relationships (spec.md#item-fields originItemId/destinationItemId/relationshipType, spec.md#add-with-relationship; spec.md#gap-relationships
// "Relationships").
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { itemPath } from "./paths";
import type { PortalItem } from "./items";

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
  relationshipType: string;
  /** forward: the item is the origin; reverse: the item is the destination. Default forward. */
  direction?: "forward" | "reverse";
}

/** spec.md#gap-relationships: GET content/items/<id>/relatedItems → `{total, relatedItems:[item…]}`. */
export async function getRelatedItems(client: PortalClient, o: RelatedItemsOptions): Promise<{ total: number; relatedItems: PortalItem[] }> {
  const r = await client.request("relatedItems", itemPath(o.itemId, "relatedItems"), { relationshipType: o.relationshipType, direction: o.direction ?? "forward" }, { method: "GET" });
  const relatedItems = Array.isArray(r?.relatedItems) ? r.relatedItems : [];
  return { total: typeof r?.total === "number" ? r.total : relatedItems.length, relatedItems };
}
