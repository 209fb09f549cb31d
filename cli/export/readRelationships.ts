// The relationships `export` writes (reads only; docs/fidelity.md "Related Items"). One
// relatedItems request per item and direction names every relationship type at once
// (`relationshipTypes`, comma-separated, as arcgis-rest-js sends an array). Most items answer
// nothing and cost that one request. The answer does not say which type relates each item, so a
// non-empty answer is taken apart: one type asked alone (the likeliest for the two items' types,
// from the REST "Relationship types" table), then the others together; whichever part answers
// nothing needs no more requests. The table only orders the guesses: every written type is one the
// portal answered for, alone.
// Directions: exporting the whole organization, every relationship is found at its origin, so
// forward alone; an export limited by --owner or --query asks reverse too (a relationship whose
// origin is left out). --split-by cuts an export of the whole organization after reading it, so
// the relationships that cross between parts are found at their origin like any other.
import { ops, RELATIONSHIP_TYPES, type PortalClient } from "../../provider";

type PortalItem = ops.PortalItem;
type Direction = "forward" | "reverse";

export interface Relationship {
  originItemId: string;
  destinationItemId: string;
  type: string;
}

/**
 * REST "Relationship types": the origin and destination item types of each relationship type, where
 * the page names them ("*": any). Used only to order the guesses (a type missing here is guessed last).
 */
const ENDS: Readonly<Record<string, readonly [origins: readonly string[] | "*", destinations: readonly string[] | "*"]>> = {
  Map2Service: [["Web Map"], ["Map Service", "Feature Service", "Image Service"]],
  WMA2Code: [["Web Mapping Application"], ["Code Attachment"]],
  Map2FeatureCollection: [["Web Map"], ["Feature Collection"]],
  MobileApp2Code: [["Mobile Application"], ["Code Attachment"]],
  Service2Data: [["Feature Service", "Map Service"], ["Service Definition", "CSV", "Shapefile", "Feature Service", "Tile Package", "Feature Collection", "File Geodatabase", "GeoJson", "GeoPackage", "Scene Package", "Vector Tile Package", "SQLite Geodatabase", "Microsoft Excel", "Compact Tile Package", "Image Collection"]],
  Service2Service: [["Feature Service"], ["Map Service"]],
  // the page names Application Configuration; an app configured from a map is a Web Mapping Application item
  Map2AppConfig: [["Web Map"], ["Application Configuration", "Web Mapping Application"]],
  Item2Attachment: ["*", ["Microsoft Word", "Microsoft Excel", "Microsoft PowerPoint", "PDF", "Image", "Visio Document"]],
  Item2Report: ["*", ["Microsoft Word", "Microsoft Excel", "Microsoft PowerPoint", "PDF", "Image", "Visio Document"]],
  Listed2Provisioned: ["*", "*"],
  Style2Style: [["Vector Tile Service"], ["Vector Tile Service", "Style"]],
  Service2Style: [["Vector Tile Service", "Style"], ["Vector Tile Service", "Style"]],
  Survey2Service: [["Form"], ["Feature Service"]],
  Survey2Data: [["Form"], "*"],
  Solution2Item: [["Solution"], "*"],
  APIKey2Item: [["API Key"], "*"],
};

const admits = (types: readonly string[] | "*" | undefined, type: string | undefined): number => (types === undefined ? 0 : types === "*" ? 1 : type !== undefined && types.includes(type) ? 2 : 0);

/** The type of `types` the table fits best to `item` at its end and the `found` items at the other. */
function likeliest(types: readonly string[], item: PortalItem, direction: Direction, found: readonly PortalItem[]): string {
  let best = types[0];
  let bestScore = -1;
  for (const t of types) {
    const ends = ENDS[t];
    const [mine, theirs] = direction === "forward" ? [ends?.[0], ends?.[1]] : [ends?.[1], ends?.[0]];
    const score = found.reduce((s, other) => s + (admits(mine, item.type) > 0 && admits(theirs, other.type) > 0 ? admits(mine, item.type) + admits(theirs, other.type) : 0), 0);
    if (score > bestScore) [best, bestScore] = [t, score];
  }
  return best;
}

/** The relationships behind `found`, the answer for `types` (of `item`, in `direction`). */
async function attribute(client: PortalClient, item: PortalItem, direction: Direction, types: readonly string[], found: readonly PortalItem[]): Promise<Relationship[]> {
  if (found.length === 0) return [];
  const ofType = (type: string, others: readonly PortalItem[]) =>
    others.map((o) => (direction === "forward" ? { originItemId: item.id, destinationItemId: o.id, type } : { originItemId: o.id, destinationItemId: item.id, type }));
  if (types.length === 1) return ofType(types[0], found);
  const guess = likeliest(types, item, direction, found);
  const rest = types.filter((t) => t !== guess);
  const alone = (await ops.getRelatedItems(client, { itemId: item.id, relationshipType: [guess], direction })).relatedItems;
  // the guess answered nothing: the rest answer what the whole did, unasked
  const others = alone.length === 0 ? found : (await ops.getRelatedItems(client, { itemId: item.id, relationshipType: rest, direction })).relatedItems;
  return [...ofType(guess, alone), ...(await attribute(client, item, direction, rest, others))];
}

/** Every relationship `item` is an end of, in the directions asked. */
export async function relationshipsOf(client: PortalClient, item: PortalItem, directions: readonly Direction[]): Promise<Relationship[]> {
  const out: Relationship[] = [];
  for (const direction of directions) {
    const found = (await ops.getRelatedItems(client, { itemId: item.id, relationshipType: RELATIONSHIP_TYPES, direction })).relatedItems;
    out.push(...(await attribute(client, item, direction, RELATIONSHIP_TYPES, found)));
  }
  return out;
}

/** Forward alone when the whole organization is read (each relationship is found at its origin); both otherwise. */
export function directionsFor(o: { owners: readonly string[]; query?: string }): Direction[] {
  return o.owners.length === 0 && (o.query === undefined || o.query.trim() === "") ? ["forward"] : ["forward", "reverse"];
}
