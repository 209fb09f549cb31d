// Relationships between items (spec.md#add-with-relationship, spec.md#add-item-relationship; spec.md#gap-relationships).
import { RELATIONSHIP_TYPES } from "../../spec/limits";
import { badRequest } from "../errors";

/** spec.md#gap-relationships: relationship types known to the public API (the one list: spec/limits.ts). */
export { RELATIONSHIP_TYPES };

export interface Relationship {
  originItemId: string;
  destinationItemId: string;
  relationshipType: string;
}

export function checkRelationshipType(type: string | undefined): string {
  if (!type) throw badRequest("Missing required parameter 'relationshipType'.");
  if (!RELATIONSHIP_TYPES.includes(type)) throw badRequest(`Invalid relationship type ${JSON.stringify(type.slice(0, 60))}.`);
  return type;
}

export class Relationships {
  private list: Relationship[] = [];

  has(r: Relationship): boolean {
    return this.list.some((x) => same(x, r));
  }

  add(r: Relationship): void {
    if (!this.has(r)) this.list.push(r);
  }

  delete(r: Relationship): boolean {
    const before = this.list.length;
    this.list = this.list.filter((x) => !same(x, r));
    return this.list.length < before;
  }

  /** Drops every relationship of a deleted item. */
  forget(itemId: string): void {
    this.list = this.list.filter((x) => x.originItemId !== itemId && x.destinationItemId !== itemId);
  }

  /** forward: the item is the origin; reverse: the item is the destination. */
  related(itemId: string, types: string[], direction: "forward" | "reverse"): string[] {
    return this.list
      .filter((r) => (types.length === 0 || types.includes(r.relationshipType)) && (direction === "forward" ? r.originItemId === itemId : r.destinationItemId === itemId))
      .map((r) => (direction === "forward" ? r.destinationItemId : r.originItemId));
  }
}

function same(a: Relationship, b: Relationship): boolean {
  return a.originItemId === b.originItemId && a.destinationItemId === b.destinationItemId && a.relationshipType === b.relationshipType;
}
