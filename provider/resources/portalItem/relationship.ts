// PortalItem relationship (spec.md#add-with-relationship, spec.md#add-item-relationship; spec.md#gap-relationships): the ends of the
// configured relationship, reading it back, and changing it on update.
import { addRelationship, deleteRelationship, getRelatedItems } from "../../ops/relationships";
import type { PortalClient } from "../../rest/client";
import { doneIfNotFound } from "../../rest/errors";
import type { RelationshipInput } from "./input";

/** spec.md#add-item-relationship: originItemId makes the new item the destination; destinationItemId the origin. */
export function endsOf(itemId: string, rel: RelationshipInput): { originItemId: string; destinationItemId: string; relationshipType: string } {
  return rel.originItemId !== undefined
    ? { originItemId: rel.originItemId, destinationItemId: itemId, relationshipType: rel.type }
    : { originItemId: itemId, destinationItemId: rel.destinationItemId!, relationshipType: rel.type };
}

/** The ids at the other end of the item's relationships of this type and direction. */
export async function relatedItemIds(client: PortalClient, itemId: string, rel: RelationshipInput | undefined, cache = false): Promise<string[]> {
  if (!rel) return [];
  const direction = rel.originItemId !== undefined ? "reverse" : "forward";
  const r = await getRelatedItems(client, { itemId, relationshipType: rel.type, direction, cache });
  return r.relatedItems.map((i) => i.id);
}

/** The configured relationship as the portal holds it (undefined when it is gone: drift). */
export function relationshipHeld(rel: RelationshipInput | undefined, related: string[]): RelationshipInput | undefined {
  if (!rel) return undefined;
  const other = rel.originItemId ?? rel.destinationItemId;
  return other !== undefined && related.includes(other) ? rel : undefined;
}

export function sameRelationship(a: RelationshipInput | undefined, b: RelationshipInput | undefined): boolean {
  return (a?.type ?? "") === (b?.type ?? "") && a?.originItemId === b?.originItemId && a?.destinationItemId === b?.destinationItemId;
}

/**
 * Update: add the new relationship first, then delete the old one (gone is done), so a failure
 * between the two leaves the old relationship in place and the state unchanged: the next preview
 * still shows the change to do (issue 29 scope 5). Adding the same relationship again is harmless.
 */
export async function changeRelationship(client: PortalClient, itemId: string, olds: RelationshipInput | undefined, news: RelationshipInput | undefined): Promise<void> {
  if (sameRelationship(olds, news)) return;
  const username = await client.username();
  if (news) await addRelationship(client, { username, ...endsOf(itemId, news) });
  if (olds) await doneIfNotFound(deleteRelationship(client, { username, ...endsOf(itemId, olds) }));
}
