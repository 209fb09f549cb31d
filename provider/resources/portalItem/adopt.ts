// PortalItem adoption (issue "export, adoption on the first up"; docs/adopting.md): `adoptItemId`
// names an item that exists. Check reads it and refuses, at preview, an item that is missing, of
// another type, owner or folder (an adopt writes no move or reassign: adopt it as it is, then change
// owner or folder, which the next up does in place), or marked by another stack or resource (portalItem/identity.ts); the
// plan says "adopt" and lists the fields that will change. Create changes only those, in one update
// that also marks the item as this resource's; when nothing differs it sends no write at all.
import { prefetchFolderItems } from "../../ops/bulk";
import { getItem, type PortalItem } from "../../ops/items";
import type { PortalClient } from "../../rest/client";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { portalClient } from "../machinery/client";
import { fileLine, shown } from "../machinery/plan";
import { ADOPT_NOT_COMPARED, differingKeys, heldValues } from "./held";
import { generationOf, MARKER_PREFIX, markersOf, withoutMarkers } from "./identity";
import { updatePortalItem } from "./update";

import type { PortalItemProps as Props } from "./props";

/** What an adoption found: the item, its values of the program's arguments, and those that differ. */
export interface Adoption {
  item: PortalItem;
  held: Props;
  changed: string[];
}

const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split("\n")[0];
const known = (v: unknown): v is string => typeof v === "string" && !isUnknown(v);

/** Does this step adopt? A known adoptItemId that is not already the resource's item. */
export function adopting(olds: Props, inputs: Props): boolean {
  if (!known(inputs.adoptItemId)) return false;
  return Object.keys(olds).length === 0 || (olds.itemId ?? olds.adoptItemId) !== inputs.adoptItemId;
}

/** Why this resource cannot adopt the item, as check failures (none: it can). */
export function refusals(item: PortalItem, inputs: Props): CheckFailure[] {
  const id = inputs.adoptItemId;
  const out: CheckFailure[] = [];
  if (known(inputs.type) && item.type !== inputs.type) {
    out.push({ property: "type", reason: `item ${id} is a ${JSON.stringify(item.type)}, not a ${JSON.stringify(inputs.type)}, and a type cannot change; set type: ${JSON.stringify(item.type)}` });
  }
  if (known(inputs.owner) && item.owner !== inputs.owner) {
    out.push({ property: "owner", reason: `item ${id} is owned by ${item.owner}, not ${inputs.owner}; set owner: ${JSON.stringify(item.owner)} (or leave owner unset) to adopt it, then change owner: the next up reassigns it (same id)` });
  }
  if (known(inputs.folder) && (item.ownerFolder ?? undefined) !== inputs.folder) {
    out.push({ property: "folder", reason: `item ${id} is in folder ${JSON.stringify(item.ownerFolder ?? "(root)")}, not ${JSON.stringify(inputs.folder)}, and an adopt writes nothing it cannot compare; set folder to the item's folder id (or leave it unset) to adopt it, then change folder: the next up moves it (same id)` });
  }
  const ours = markersOf(inputs.__urn, generationOf(inputs));
  const keywords: unknown[] = Array.isArray(item.typeKeywords) ? item.typeKeywords : [];
  const foreign = keywords.filter((k): k is string => typeof k === "string" && k.startsWith(MARKER_PREFIX) && !ours.includes(k));
  if (foreign.length > 0) {
    out.push({
      property: "adoptItemId",
      reason:
        `item ${id} ${shown(item.title)} is already managed by another Pulumi stack or resource (it carries the type keyword ${foreign[0]}); ` +
        "an item is adopted by one resource only: remove it from the other program, or remove that keyword from the item, then preview again",
    });
  }
  return out;
}

/** Reads the item and compares it with the program; failures when it cannot be adopted. */
async function lookUp(client: PortalClient, inputs: Props): Promise<Adoption | CheckFailure[]> {
  const id: string = inputs.adoptItemId!;
  let item: PortalItem;
  // the owner's folder listing answers this read and its siblings' (ops/bulk.ts): one request per hundred items
  if (known(inputs.owner)) await prefetchFolderItems(client, inputs.owner, known(inputs.folder) ? inputs.folder : undefined);
  try {
    item = await getItem(client, id);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    return [{ property: "adoptItemId", reason: `no item ${id} in the portal ${client.portalUrl} (or the configured user cannot read it); give the id of an item that exists, or remove adoptItemId to create a new item` }];
  }
  const refused = refusals(item, inputs);
  if (refused.length > 0) return refused;
  const held = await heldValues(client, item, inputs);
  return { item, held, changed: differingKeys(inputs, held, item) };
}

function changeLine(key: string, a: Adoption, inputs: Props): string {
  if (key === "file") return `~ file: the portal's file (sha256 ${String(a.held.fileSha256).slice(0, 12)}…) → ${fileLine(inputs.file, inputs.fileSize, inputs.fileSha256)}`;
  if (key === "metadata") return `~ metadata: the portal's metadata (${a.held.metadataSha256 ? `sha256 ${String(a.held.metadataSha256).slice(0, 12)}…` : "none"}) → ${fileLine(inputs.metadata, inputs.metadataSize, inputs.metadataSha256)}`;
  return `~ ${key}: ${shown(a.held[key])} → ${shown(inputs[key])}`;
}

/** The plan of an adoption: one "adopt" line, then one line per field that changes. */
export function adoptionLines(a: Adoption, inputs: Props): string[] {
  const head = `= adopt item ${a.item.id} ${shown(a.item.title)} (${a.item.type}, owner ${a.item.owner})`;
  const notes = ADOPT_NOT_COMPARED.filter((k) => inputs[k] !== undefined).map((k) => `! ${k} is not compared (the portal does not return it): the item keeps its own until the program changes it`);
  if (a.changed.length === 0) return [`${head}: no change`, ...notes];
  const n = a.changed.length;
  return [`${head}: ${n} field${n === 1 ? "" : "s"} change`, ...a.changed.map((k) => changeLine(k, a, inputs)), ...notes];
}

/** Check's part (reads only): undefined when the step adopts nothing. */
export async function checkAdoption(olds: Props, inputs: Props): Promise<{ failures: CheckFailure[]; lines: string[] } | undefined> {
  if (!adopting(olds, inputs)) return undefined;
  if (inputs.generatedItemIdToCreate === false) {
    return { failures: [{ property: "itemIdToCreate", reason: "set together with adoptItemId; an adopted item already has its id: remove itemIdToCreate" }], lines: [] };
  }
  try {
    const found = await lookUp(portalClient(), inputs);
    return Array.isArray(found) ? { failures: found, lines: [] } : { failures: [], lines: adoptionLines(found, inputs) };
  } catch (e) {
    return { failures: [{ property: "adoptItemId", reason: `item ${inputs.adoptItemId} could not be read: ${firstLine(e)}` }], lines: [] };
  }
}

/** Create's part: changes only what differs (nothing differs: no write); returns the item's id and owner. */
export async function adoptPortalItem(client: PortalClient, inputs: Props): Promise<{ itemId: string; owner: string }> {
  const found = await lookUp(client, inputs);
  if (Array.isArray(found)) throw new Error(`PortalItem: cannot adopt item ${inputs.adoptItemId}: ${found.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
  const { item, held, changed } = found;
  if (changed.length > 0) {
    // update sends what differs between "olds" and "news": the portal's value only where it differs
    const olds: Props = { ...inputs };
    for (const key of changed) {
      if (key === "file") olds.fileSha256 = held.fileSha256;
      else if (key === "metadata") olds.metadataSha256 = held.metadataSha256;
      else olds[key] = held[key];
    }
    // the first write marks the item as this resource's (portalItem/identity.ts): keywords go along
    const keywords = inputs.typeKeywords ?? withoutMarkers(Array.isArray(item.typeKeywords) ? item.typeKeywords : []);
    delete olds.typeKeywords;
    await updatePortalItem(client, { owner: item.owner, itemId: item.id, folder: item.ownerFolder ?? undefined }, olds, { ...inputs, typeKeywords: keywords });
  }
  return { itemId: item.id, owner: item.owner };
}
