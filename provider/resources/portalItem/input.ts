// PortalItem inputs (spec.md#item-fields, spec.md#add-item, spec.md#limits): the resource's argument names mapped onto the addItem
// fields, so every limit is checked by the provider core's item schema (spec.md#design-check).
import { z } from "zod";
import { addItemInput } from "../../rules/item";
import type { CheckFailure } from "../../rules/failures";
import { checkInputs } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { CHECKED_FIELDS, INPUT_KEYS, OWN_RULES } from "./table";

import type { PortalItemProps as Props } from "./props";

/** The argument names of PortalItem, in the order they are kept in state (portalItem/table.ts). */
export { INPUT_KEYS };

/** spec.md#add-item-relationship: the new item is the destination (originItemId) or the origin (destinationItemId). */
export interface RelationshipInput {
  type: string;
  originItemId?: string;
  destinationItemId?: string;
}

/** addItem field → resource argument, to name the user's property in a failure. */
const PROPERTY_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(CHECKED_FIELDS).map(([arg, field]) => [field, arg])),
  originItemId: "relationship.originItemId",
  destinationItemId: "relationship.destinationItemId",
  relationshipType: "relationship.type",
  async: "dataUrl",
};

/** The addItem fields the core schema checks, from the resource inputs. */
export function addItemFieldsOf(inputs: Props, userItemIdToCreate: unknown): Props {
  const fields: Props = {};
  for (const [key, field] of Object.entries(CHECKED_FIELDS)) if (inputs[key] !== undefined) fields[field] = inputs[key];
  if (userItemIdToCreate !== undefined) fields.itemIdToCreate = userItemIdToCreate as string;
  // spec.md#add-item-data-url: the provider sets async itself for dataUrl
  if (inputs.dataUrl !== undefined) fields.async = true;
  const rel = inputs.relationship;
  if (rel !== undefined && rel !== null && typeof rel === "object") {
    fields.relationshipType = rel.type;
    if (rel.originItemId !== undefined) fields.originItemId = rel.originItemId;
    if (rel.destinationItemId !== undefined) fields.destinationItemId = rel.destinationItemId;
  }
  return fields;
}

/** The arguments with rules of their own (owner, folder, file, relationship, …), all optional. */
const extras = z.object(Object.fromEntries(Object.entries(OWN_RULES).map(([k, rule]) => [k, rule.optional()])));

/** Every failure of the inputs, named by the resource's own property names; no request is sent. */
export function inputFailures(inputs: Props, userItemIdToCreate: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const e = checkInputs(extras, inputs);
  if (!e.ok) failures.push(...e.failures);
  const r = checkInputs(addItemInput, addItemFieldsOf(inputs, userItemIdToCreate));
  if (!r.ok) failures.push(...r.failures.map((f) => ({ property: PROPERTY_OF[f.property] ?? f.property, reason: f.reason })));
  const rel = inputs.relationship;
  if (rel && typeof rel === "object" && !isUnknown(rel.originItemId) && !isUnknown(rel.destinationItemId) && rel.originItemId === undefined && rel.destinationItemId === undefined) {
    failures.push({ property: "relationship", reason: "needs originItemId (the new item is the destination) or destinationItemId (the new item is the origin)" });
  }
  const sources = ["file", "text", "dataUrl"].filter((k) => inputs[k] !== undefined);
  if (sources.length > 1) failures.push({ property: sources[1], reason: `set together with ${sources[0]}; an item's data comes from one of file, text or dataUrl` });
  return failures;
}
