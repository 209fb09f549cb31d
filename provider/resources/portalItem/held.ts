// An existing item in the terms of PortalItem's arguments, and which of the arguments a program sets
// differ from it (issue "export, adoption on the first up"): what an adoption changes, and nothing
// else. Only reads: GET the item, its data (text compared as JSON, a file by its SHA-256, streamed,
// never held in memory) and its related items. Data export recorded as unchanged is not read.
import { getItemData, hashItemData, type PortalItem } from "../../ops/items";
import type { PortalClient } from "../../rest/client";
import { isUnknown } from "../../rules/unknown";
import { fileUnchangedSinceExport, textUnchangedSinceExport } from "./adoptedData";
import { sameValue } from "./diff";
import { withoutMarkers } from "./identity";
import type { RelationshipInput } from "./input";
import { heldMetadata } from "./read";
import { relatedItemIds, relationshipHeld, sameRelationship } from "./relationship";
import { DRIFT_FIELDS } from "./table";

import type { PortalItemProps as Props } from "./props";

// which arguments an adoption compares, and which it takes as given: the rows' `adopt` facet (portalItem/table.ts)
export { ADOPT_COMPARED, ADOPT_NOT_COMPARED } from "./table";
import { ADOPT_COMPARED } from "./table";

const blank = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0);

/** JSON given as text or as a value → the value (text that is not JSON stays text). */
function jsonValue(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

const sorted = (v: unknown) => (Array.isArray(v) ? [...v].map(String).sort() : v);

/** True when the program's value and the portal's are the same thing (blank equals blank). */
export function sameAsHeld(key: string, wanted: unknown, held: unknown, item: PortalItem): boolean {
  if (isUnknown(wanted)) return false;
  if (blank(wanted) && blank(held)) return true;
  switch (key) {
    // spec.md#item-fields: the portal adds keywords of its own; the order of a keyword list means nothing
    case "typeKeywords":
      return sameValue(sorted(wanted), sorted(held));
    case "text":
    case "classification":
    case "properties":
    case "serviceProxyFilter":
    case "serviceProxyParams":
    case "listingProperties":
    case "advancedSettings":
    case "extent":
      return sameValue(jsonValue(wanted), jsonValue(held));
    case "relationship":
      return sameRelationship(wanted as RelationshipInput, held as RelationshipInput | undefined);
    // spec.md#item-status: an authoritative item is protected by its status, which protected:false cannot undo
    case "protected":
      return wanted === held || (wanted === false && typeof item.contentStatus === "string" && item.contentStatus.endsWith("authoritative"));
    default:
      return sameValue(wanted, held);
  }
}

/** The file's SHA-256 as the portal serves it (streamed to the null device, only hashed). */
async function heldFileSha256(client: PortalClient, itemId: string): Promise<string> {
  return (await hashItemData(client, itemId)).sha256;
}

/**
 * The item's value of every compared argument the program sets (`inputs`), read from the portal.
 * `file` is held as the data's SHA-256 (under `fileSha256`), compared with the local file's; `metadata`
 * as the metadata file's (under `metadataSha256`).
 */
export async function heldValues(client: PortalClient, item: PortalItem, inputs: Props): Promise<Props> {
  const held: Props = {};
  for (const key of ADOPT_COMPARED) {
    if (inputs[key] === undefined) continue;
    if (key === "typeKeywords") held.typeKeywords = withoutMarkers(Array.isArray(item.typeKeywords) ? item.typeKeywords : []);
    // export's record (portalItem/adoptedData.ts): neither side changed since, so no read
    else if (key === "text") held.text = textUnchangedSinceExport(item, inputs.text, inputs.adoptedData) ? inputs.text : (await getItemData(client, item.id)).toString("utf8");
    else if (key === "file") held.fileSha256 = fileUnchangedSinceExport(item, inputs.fileSha256, inputs.adoptedData) ? inputs.fileSha256 : await heldFileSha256(client, item.id);
    else if (key === "metadata") Object.assign(held, await heldMetadata(client, item.id, inputs));
    else if (key === "relationship") held.relationship = relationshipHeld(inputs.relationship, await relatedItemIds(client, item.id, inputs.relationship, true));
    else if (key === "protected") held.protected = item.protected === true;
    // a field read back under another name (screenshot → screenshots)
    else (held as Record<string, unknown>)[key] = item[DRIFT_FIELDS[key] ?? key] ?? undefined;
  }
  return held;
}

/** The compared arguments the program sets whose value differs from the portal's. */
export function differingKeys(inputs: Props, held: Props, item: PortalItem): string[] {
  return ADOPT_COMPARED.filter((key) => {
    if (inputs[key] === undefined) return false;
    if (key === "file") return inputs.fileSha256 !== held.fileSha256;
    if (key === "metadata") return inputs.metadataSha256 !== held.metadataSha256;
    return !sameAsHeld(key, inputs[key], held[key], item);
  });
}
