// PortalItem read-back (spec.md#design-create-delete-read): what the portal stored (getItem + relatedItems) becomes the
// outputs, and the fields a portal user can edit in the web UI come back as inputs so that a
// refresh shows their edits as drift.
import { devNull } from "node:os";
import { downloadItemMetadata, getItem, type PortalItem } from "../../ops/items";
import { getUserItem } from "../../ops/itemState";
import type { PortalClient } from "../../rest/client";
import { isNotFound, orUndefinedIfNotFound } from "../../rest/errors";
import { DRIFT_FIELDS, FILE_KEYS, INPUT_KEYS, OUTPUT_FIELDS, WHEN_SET } from "./table";
import { relatedItemIds, relationshipHeld } from "./relationship";
import { STATE_LAYOUT_VERSION } from "../machinery/state";
import { withoutPlan } from "../machinery/plan";
import { definedOnly } from "../machinery/definedOnly";

import type { PortalItemProps as Props } from "./props";


const empty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * The inputs of state, with what the portal now holds for the fields users edit by hand (a field
 * the table compares only when set is read back only when the program set it), and the size and
 * SHA-256 of the files the portal holds (`heldFiles`).
 */
export function inputsAsHeld(olds: Props, item: PortalItem, related: string[], heldFiles: Props = {}): Props {
  const inputs: Props = {};
  for (const key of INPUT_KEYS) if (olds[key] !== undefined) (inputs as Record<string, unknown>)[key] = olds[key];
  Object.assign(inputs, heldFiles);
  for (const [arg, field] of Object.entries(DRIFT_FIELDS)) {
    if (WHEN_SET.has(arg) && olds[arg] === undefined) continue;
    const held = item[field];
    if (empty(held)) {
      if (!empty(inputs[arg])) inputs[arg] = Array.isArray(inputs[arg]) ? [] : "";
    } else inputs[arg] = held;
  }
  // the portal adds keywords of its own from the type (spec.md#item-fields): only a removed one is drift
  if (Array.isArray(olds.typeKeywords)) {
    const held = Array.isArray(item.typeKeywords) ? item.typeKeywords : [];
    inputs.typeKeywords = olds.typeKeywords.filter((k: string) => held.includes(k));
  }
  if (olds.url !== undefined) inputs.url = (item.url as string | undefined) ?? undefined;
  const rel = relationshipHeld(olds.relationship, related);
  if (rel) inputs.relationship = rel;
  else delete inputs.relationship;
  // the identity of issue "crash-safe creates", and the real item id for the previews that follow
  for (const key of ["__urn", "__generation", "__text"]) if (olds[key] !== undefined) inputs[key] = olds[key];
  inputs.itemId = item.id;
  inputs.schemaVersion = STATE_LAYOUT_VERSION;
  return definedOnly(inputs);
}

/** Normalized inputs plus the computed outputs of spec.md#design-resources PortalItem. */
export function outputsOf(inputs: Props, item: PortalItem, related: string[]): Props {
  return definedOnly({
    ...withoutPlan(inputs),
    schemaVersion: STATE_LAYOUT_VERSION,
    itemId: item.id,
    // owner, folder, url, created, modified: as the portal holds them (the table's `read` fields)
    ...Object.fromEntries(Object.entries(OUTPUT_FIELDS).map(([key, field]) => [key, item[field] ?? undefined])),
    protected: item.protected === true,
    contentStatus: item.contentStatus ?? "",
    relatedItemIds: related,
  });
}

/**
 * spec.md#item-fields metadata as the portal holds it, when the program sets `metadata`: the size and SHA-256
 * of info/metadata/metadata.xml (streamed to the null device, only hashed), "" when it has none; so
 * an edit in the portal is drift on refresh.
 */
export async function heldMetadata(client: PortalClient, itemId: string, olds: Props): Promise<Props> {
  if (olds.metadata === undefined) return {};
  const keys = FILE_KEYS.metadata;
  try {
    const saved = await downloadItemMetadata(client, itemId, devNull);
    return { [keys.size]: saved.bytes, [keys.sha256]: saved.sha256 };
  } catch (e) {
    if (isNotFound(e)) return { [keys.size]: 0, [keys.sha256]: "" };
    throw e;
  }
}

/**
 * A refresh of an item whose sharing is managed: its owner's user item carries the item and its
 * sharing in one answer (public API user item), so one read does the work of getItem and the
 * sharing read (issue 24: a refresh of thousands of items). Undefined when that read does not
 * answer (the owner changed in the portal, a portal that refuses it): then readItem and the
 * sharing read as before.
 */
export async function readItemWithSharing(client: PortalClient, itemId: string, owner: unknown, relationship: Props["relationship"]): Promise<{ item: PortalItem; related: string[]; sharing: { access?: string; groups: string[] } } | undefined> {
  if (typeof owner !== "string" || owner === "") return undefined;
  const u = await getUserItem(client, { owner, itemId }).catch(() => undefined);
  const item = u?.item as PortalItem | undefined;
  if (!item || item.id !== itemId || item.owner !== owner) return undefined;
  return { item, related: await relatedItemIds(client, itemId, relationship), sharing: { access: u?.sharing?.access ?? (item.access as string | undefined), groups: u?.sharing?.groups ?? [] } };
}

/** getItem + relatedItems; undefined when the item is gone. */
export async function readItem(client: PortalClient, itemId: string, relationship: Props["relationship"]): Promise<{ item: PortalItem; related: string[] } | undefined> {
  const item = await orUndefinedIfNotFound(getItem(client, itemId));
  if (item === undefined) return undefined;
  return { item, related: await relatedItemIds(client, itemId, relationship) };
}

/** Create/update end: the outputs are what the portal stored. */
export async function readBack(client: PortalClient, itemId: string, inputs: Props): Promise<Props> {
  const held = await readItem(client, itemId, inputs.relationship);
  if (!held) throw new Error(`PortalItem ${itemId}: the portal does not return the item just written (GET content/items/${itemId} answered not found).`);
  return outputsOf(inputs, held.item, held.related);
}
