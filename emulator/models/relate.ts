// spec.md#add-with-relationship, spec.md#add-item-relationship: relationships created with an item, and add/delete relationship.
import type { Caller } from "../host";
import { badRequest, notFound } from "../errors";
import type { Portal } from "./portal";
import type { Item } from "./items";
import { checkRelationshipType, type Relationship } from "./relationships";
import { inheritSharing } from "./contentStatus";

/** Checks both ends and records the relationship; throws on a bad type or end (spec.md#add-with-relationship's failure). */
export function relate(portal: Portal, caller: Caller, r: { originItemId?: string; destinationItemId?: string; relationshipType?: string }): Relationship {
  const relationshipType = checkRelationshipType(r.relationshipType);
  if (!r.originItemId || !r.destinationItemId) throw badRequest("Both originItemId and destinationItemId are required.");
  if (r.originItemId === r.destinationItemId) throw badRequest("An item cannot be related to itself.");
  const origin = endOf(portal, caller, r.originItemId, "origin");
  const destination = endOf(portal, caller, r.destinationItemId, "destination");
  // the caller must own one end (unconfirmed; the public API needs ownership of the origin or destination)
  const admin = portal.administers(caller, origin.orgId);
  if (!admin && origin.owner !== caller.user.username && destination.owner !== caller.user.username) {
    throw badRequest("Only the owner of the origin or the destination item may relate them.");
  }
  const rel: Relationship = { originItemId: origin.id, destinationItemId: destination.id, relationshipType };
  portal.relationships.add(rel);
  inheritSharing(origin, destination, portal.directory.org(destination.orgId)!);
  return rel;
}

function endOf(portal: Portal, caller: Caller, id: string, role: string): Item {
  try {
    return portal.items.readable(id, caller, portal.administers);
  } catch {
    throw badRequest(`Invalid ${role} item ${JSON.stringify(id.slice(0, 40))}: it does not exist or is inaccessible.`);
  }
}

/** spec.md#add-with-relationship: the item exists first; if the relationship then fails the new item is deleted. */
export function relateNewItem(portal: Portal, caller: Caller, item: Item, p: { originItemId?: string; destinationItemId?: string; relationshipType?: string }): void {
  if (!p.originItemId && !p.destinationItemId) return;
  try {
    relate(portal, caller, {
      originItemId: p.originItemId ?? item.id,
      destinationItemId: p.destinationItemId ?? item.id,
      relationshipType: p.relationshipType,
    });
  } catch (e) {
    portal.items.remove(item.id); // spec.md#add-with-relationship: roll back the item
    throw e;
  }
}

export function unrelate(portal: Portal, caller: Caller, r: { originItemId?: string; destinationItemId?: string; relationshipType?: string }): void {
  const relationshipType = checkRelationshipType(r.relationshipType);
  if (!r.originItemId || !r.destinationItemId) throw badRequest("Both originItemId and destinationItemId are required.");
  const origin = portal.items.items.get(r.originItemId);
  const destination = portal.items.items.get(r.destinationItemId);
  const owns = (i?: Item) => i && (i.owner === caller.user.username || portal.administers(caller, i.orgId));
  if (!owns(origin) && !owns(destination)) throw notFound("Relationship does not exist or is inaccessible.");
  if (!portal.relationships.delete({ originItemId: r.originItemId, destinationItemId: r.destinationItemId, relationshipType })) {
    throw notFound("Relationship does not exist or is inaccessible.");
  }
}
