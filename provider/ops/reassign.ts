// spec.md#can-reassign-items canReassignItems (self-hosted 11.0): at most 100 item ids per call, so the function
// sends batches and merges the answers; CONT_0291 becomes per-item reasons (spec.md#design-functions).
import { CAN_REASSIGN_MAX_ITEMS } from "../../spec/limits";
import type { PortalClient } from "../rest/client";
import { PortalError } from "../rest/errors";
import { seg } from "../rest/url";

export interface CanReassignItemsOptions {
  /** The current owner (path user). */
  owner: string;
  itemIds: string[];
  targetUsername: string;
}

export interface CanReassignResult {
  itemId: string;
  success: boolean;
  /** Why not, from the error details of CONT_0291 or the result's own error. */
  reason?: string;
  detail?: Record<string, unknown>;
}

type RawResult = { itemId: string; success: boolean; error?: { message?: string } };

/** spec.md#can-reassign-items: POST content/users/<owner>/canReassignItems (a check: safe to repeat). */
export async function canReassignItems(client: PortalClient, o: CanReassignItemsOptions): Promise<{ results: CanReassignResult[] }> {
  const results: CanReassignResult[] = [];
  for (let i = 0; i < o.itemIds.length; i += CAN_REASSIGN_MAX_ITEMS) {
    const batch = o.itemIds.slice(i, i + CAN_REASSIGN_MAX_ITEMS);
    results.push(...(await checkBatch(client, o.owner, batch, o.targetUsername)));
  }
  return { results };
}

/** Every requested id gets an answer: one the portal's reply does not mention is not eligible. */
function answerEach(items: string[], answered: CanReassignResult[]): CanReassignResult[] {
  const byId = new Map(answered.map((r) => [r.itemId, r]));
  return items.map((itemId) => byId.get(itemId) ?? { itemId, success: false, reason: "the portal's answer does not mention this item (unknown or not accessible to the caller)" });
}

async function checkBatch(client: PortalClient, owner: string, items: string[], targetUsername: string): Promise<CanReassignResult[]> {
  const path = `content/users/${seg(owner)}/canReassignItems`;
  try {
    const r = await client.request("canReassignItems", path, { items: items.join(","), targetUsername }, { safeToRetry: true });
    // spec.md#can-reassign-items shows both {results:[…]} and a single {itemId, success}
    const raw: RawResult[] = Array.isArray(r?.results) ? r.results : r?.itemId !== undefined ? [r] : [];
    return answerEach(items, raw.map((x) => ({ itemId: x.itemId, success: x.success === true, reason: x.success === true ? undefined : x.error?.message })));
  } catch (e) {
    if (!(e instanceof PortalError) || e.messageCode !== "CONT_0291") throw e;
    // spec.md#errors: 403 CONT_0291 lists the refused items; the others are asked again on their own,
    // never taken as eligible without an answer (an unknown id must not read as eligible)
    const refused = new Map<string, Record<string, unknown>>();
    for (const d of e.details) if (d && typeof d === "object" && "itemId" in d) refused.set(String((d as { itemId: unknown }).itemId), d as Record<string, unknown>);
    const reason = e.message.replace(/^canReassignItems failed \([^)]*\): /, "");
    const unlisted = items.filter((id) => !refused.has(id));
    if (refused.size === 0 || unlisted.length === items.length) return items.map((itemId) => ({ itemId, success: false, reason }));
    const listed = items.filter((id) => refused.has(id)).map((itemId) => ({ itemId, success: false, reason, detail: refused.get(itemId) }));
    return answerEach(items, [...listed, ...(await recheck(client, owner, unlisted, targetUsername))]);
  }
}

/** The items a refusal did not list, asked again; a refusal of that smaller batch is per item. */
async function recheck(client: PortalClient, owner: string, items: string[], targetUsername: string): Promise<CanReassignResult[]> {
  try {
    return await checkBatch(client, owner, items, targetUsername);
  } catch (e) {
    if (!(e instanceof PortalError) || e.code === 498 || e.code === 499) throw e;
    return items.map((itemId) => ({ itemId, success: false, reason: e.message }));
  }
}
