// PortalItem inputs → the item fields addItem, commit and update send (spec.md#item-fields).
import type { ItemParams } from "../../ops/items";
import { generationOf, markersOf } from "./identity";
import { PROPERTY_FIELDS, WIRE_ENCODINGS } from "./table";

import type { PortalItemProps as Props } from "./props";

/** Resource arguments sent as item properties, with their spec.md#item-fields field names (portalItem/table.ts). */
export { PROPERTY_FIELDS };

/** A value as its row's `encoding` says it goes on the wire (portalItem/table.ts). */
const ENCODE: Record<string, (v: unknown) => unknown> = {
  "json-array": (v) => (Array.isArray(v) ? JSON.stringify(v) : v),
  "comma-list": (v) => (Array.isArray(v) ? v.join(",") : v),
  "json-text": (v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : v),
};
const encoded = (field: string, v: unknown): unknown => (WIRE_ENCODINGS[field] ? ENCODE[WIRE_ENCODINGS[field]](v) : v);

/** The item properties (no data source, no relationship) of the inputs, each encoded as its row says. */
export function itemProperties(inputs: Props): ItemParams {
  const item: ItemParams = {};
  for (const [arg, field] of Object.entries(PROPERTY_FIELDS)) if (inputs[arg] !== undefined) item[field] = encoded(field, inputs[arg]);
  // the resource's markers ride with the user's keywords (portalItem/identity.ts)
  const markers = markersOf(inputs.__urn, generationOf(inputs));
  if (markers.length > 0) item.typeKeywords = [...(Array.isArray(inputs.typeKeywords) ? inputs.typeKeywords : []), ...markers];
  return item;
}

/** spec.md#item-fields text: JSON content, sent as text. */
export function textOf(text: unknown): string | undefined {
  if (text === undefined) return undefined;
  return typeof text === "string" ? text : JSON.stringify(text);
}

/** spec.md#add-item-relationship: the relationship fields sent with addItem. */
export function relationshipFields(inputs: Props): ItemParams {
  const rel = inputs.relationship;
  if (!rel) return {};
  return { relationshipType: rel.type, originItemId: rel.originItemId, destinationItemId: rel.destinationItemId };
}

/** The fields of a one-call addItem: properties, text or url, itemIdToCreate and the relationship. */
export function addItemParams(inputs: Props): ItemParams {
  return {
    ...itemProperties(inputs),
    url: inputs.url,
    text: textOf(inputs.text),
    dataUrl: inputs.dataUrl,
    async: inputs.dataUrl !== undefined ? true : undefined,
    itemIdToCreate: inputs.itemIdToCreate,
    ...relationshipFields(inputs),
  };
}

/** The thumbnail file sent with the item (spec.md#item-fields thumbnail), streamed from disk. */
export function thumbnailPart(inputs: Props): { thumbnail?: { path: string } } {
  return inputs.thumbnailFile !== undefined ? { thumbnail: { path: inputs.thumbnailFile } } : {};
}

/** The metadata file sent with the item (spec.md#item-fields metadata: stored in the item's metadata folder), streamed from disk. */
export function metadataPart(inputs: Props): { metadata?: { path: string; filename: string; contentType: string } } {
  return inputs.metadata !== undefined ? { metadata: { path: inputs.metadata, filename: "metadata.xml", contentType: "application/xml" } } : {};
}

/** Whether the metadata file differs from the one last sent (another path, or the same path changed). */
export const metadataChanged = (olds: Props, news: Props): boolean => news.metadata !== undefined && (news.metadata !== olds.metadata || news.metadataSha256 !== olds.metadataSha256);
