// canReassignItems (spec.md#can-reassign-items, spec.md#errors; self-hosted 11.0): can `owner`'s
// items go to targetUsername?
// Batches of 100 ids, merged; a 403 CONT_0291 answer becomes one reason per refused item naming
// the item, its type, owner and reserved type keywords, not a bare exception.
import * as pulumi from "@pulumi/pulumi";
import { ops, rules } from "../../provider";
import { assertArgs, withProgramClient } from "./client";

export interface CanReassignItemsArgs {
  /** The current owner of the items. */
  owner: string;
  /** Item ids (any number: sent 100 per call). */
  items: string[];
  /** The user who would receive them. */
  targetUsername: string;
}

export interface CanReassignItemsOutputArgs {
  owner: pulumi.Input<string>;
  items: pulumi.Input<pulumi.Input<string>[]>;
  targetUsername: pulumi.Input<string>;
}

export interface ReassignCheck {
  itemId: string;
  success: boolean;
  /** Why the item cannot be reassigned. */
  reason?: string;
}

/** A CONT_0291 item descriptor (spec.md#can-reassign-items: itemId, type, url, reservedTypeKeywords, owner), worded. */
export function reasonFor(r: ops.CanReassignResult, targetUsername: string): string | undefined {
  if (r.success) return undefined;
  const d = r.detail;
  if (!d) return r.reason ?? `item ${r.itemId} cannot be reassigned to ${targetUsername}`;
  const reserved = Array.isArray(d.reservedTypeKeywords) ? d.reservedTypeKeywords : [];
  const keywords = reserved.length > 0 ? reserved.join(", ") : "none";
  const item = `item ${r.itemId} (type ${String(d.type ?? "unknown")}, owner ${String(d.owner ?? "unknown")}`;
  const why = r.reason ?? "the target user lacks the privileges";
  const item_ = `${item}, reserved type keywords: ${keywords})`;
  return `${item_} cannot be reassigned to ${targetUsername}: ${why} (403 CONT_0291)`;
}

/** spec.md#can-reassign-items: one result per item id, in the order given. */
export async function canReassignItems(args: CanReassignItemsArgs): Promise<{ results: ReassignCheck[] }> {
  const given = { owner: args.owner, itemIds: args.items, targetUsername: args.targetUsername };
  const v = assertArgs("canReassignItems", rules.checkInputs(rules.canReassignItemsInput, given));
  if (!v.owner) {
    const required = "owner: empty; the items' current owner is required";
    throw new Error(`canReassignItems: invalid arguments, nothing was sent: ${required}`);
  }
  const request = { owner: v.owner, itemIds: v.itemIds, targetUsername: v.targetUsername };
  const { results } = await withProgramClient((client) => ops.canReassignItems(client, request));
  const why = (r: ops.CanReassignResult) => (r.success ? {} : { reason: reasonFor(r, v.targetUsername) });
  return { results: results.map((r) => ({ itemId: r.itemId, success: r.success, ...why(r) })) };
}

/** canReassignItems for Output arguments. */
export function canReassignItemsOutput(args: CanReassignItemsOutputArgs): pulumi.Output<{ results: ReassignCheck[] }> {
  return pulumi.output(args).apply((a) => canReassignItems(a as CanReassignItemsArgs));
}
