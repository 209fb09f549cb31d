// PortalItem outputs after a write (issue 28 scope 3): the item read back, since created, modified
// and access are the portal's (addItem answers only `{success, id, folder}`, spec.md#add-item; update
// `{success, id}`), with the related items read alongside it, not after it, or not at all when the
// create that made the item says what they are.
import { getItem } from "../../ops/items";
import type { PortalClient } from "../../rest/client";
import { isNotFound, orUndefinedIfNotFound } from "../../rest/errors";
import { outputsOf, readBack } from "./read";
import { relatedItemIds } from "./relationship";

import type { PortalItemProps as Props } from "./props";

/**
 * The outputs after a create or an update: the item and its related items read at once (one round
 * trip, where read.ts's readBack takes two), or the item alone when `related` is known.
 */
export async function writtenOutputs(client: PortalClient, itemId: string, inputs: Props, related?: string[]): Promise<Props> {
  const relatedRead = related ? Promise.resolve(related) : relatedItemIds(client, itemId, inputs.relationship).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
  const [item, held] = await Promise.all([orUndefinedIfNotFound(getItem(client, itemId)), relatedRead]);
  if (!item || !held) return readBack(client, itemId, inputs); // names the item the portal does not return
  return outputsOf(inputs, item, held);
}

/**
 * Create's outputs. The relationship of an item this create `added` is the one it was made with (its
 * only one), so its other end needs no relatedItems read; an adopted item's relationships are read,
 * and an async add's (dataUrl: the portal makes the relationship when the add finishes).
 */
export async function createdOutputs(client: PortalClient, itemId: string, inputs: Props, added: boolean): Promise<Props> {
  const rel = inputs.relationship;
  const other = rel && typeof rel === "object" ? (rel.originItemId ?? rel.destinationItemId) : undefined;
  const known = added && inputs.dataUrl === undefined && typeof other === "string";
  return writtenOutputs(client, itemId, inputs, known ? [other] : undefined);
}
