// Relationships between items (seed 3.5, 4.6 rule 1; spec-gaps "Relationships").
import { badRequest } from "../errors";

/** spec-gaps.md: relationship types known to the public API; any other is a bad type (seed 3.5). */
export const RELATIONSHIP_TYPES: readonly string[] = [
  "APIKey2Item", "Area2CustomPackage", "Area2Package", "Item2Attachment", "Item2Report", "Listed2Provisioned",
  "Map2AppConfig", "Map2Area", "Map2FeatureCollection", "Map2Service", "MobileApp2Code", "Service2Data",
  "Service2Layer", "Service2Route", "Service2Service", "Service2Style", "Solution2Item", "Style2Style",
  "Survey2Data", "Survey2Service", "SurveyAddIn2Data", "Theme2Story", "TrackView2Map", "WebStyle2DesktopStyle",
  "WMA2Code", "WorkforceMap2FeatureService",
];

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
