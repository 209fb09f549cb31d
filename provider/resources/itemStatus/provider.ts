// ItemStatus (spec.md#design-resources table): an item's content status, spec.md#item-status, spec.md#status-transitions, spec.md#set-content-status. The id is the item
// id (a new itemId replaces); create and update set the status; delete clears it with
// clearEmptyFields=true; read takes item.contentStatus, where the portal's own move from
// org_authoritative to public_authoritative (spec.md#status-transitions) is not drift.
import type * as pulumi from "@pulumi/pulumi";
import type { ContentStatus } from "../../../spec/limits";
import { getItem } from "../../ops/items";
import { setContentStatus } from "../../ops/itemState";
import { doneIfNotFound, orUndefinedIfNotFound, PortalError } from "../../rest/errors";
import { checkInputs } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { freshReads, configurePortal, portalClient } from "../machinery/client";
import { ITEM_STATUS_INPUT_KEYS, ITEM_STATUS_REPLACE_KEYS, itemStatusInput, type ItemStatusInputs, type ItemStatusState } from "./table";
import { rememberReplaced, replacedOlds } from "../machinery/replacing";
import { assertReadableState, STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { shown, withPlan } from "../machinery/plan";

/** spec.md#status-transitions: the status the portal shows counts as the desired one when it is the automatic move up. */
export function effectiveStatus(desired: string | undefined, portalStatus: string): string {
  return desired === "org_authoritative" && portalStatus === "public_authoritative" ? desired : portalStatus;
}

/** spec.md#status-transitions, spec.md#errors CONT_0163 as an error that says what to do. */
export function publicAuthoritativeRefused(itemId: string, e: PortalError): Error {
  return new Error(
    `ItemStatus ${itemId}: the portal refused status public_authoritative (${e.messageCode}): the organization must be public and identity-verified. ` +
      'Check: GET <portal:url>/sharing/rest/portals/self must show "access": "public", and the organization\'s identity must be verified in its settings. ' +
      "Until then use status org_authoritative: the portal moves it to public_authoritative by itself once the org is verified and the item is shared with the public.",
  );
}

async function setStatus(itemId: string, status: ContentStatus): Promise<ItemStatusState> {
  const client = portalClient();
  try {
    await setContentStatus(client, { itemId, status });
  } catch (e) {
    if (e instanceof PortalError && e.messageCode === "CONT_0163") throw publicAuthoritativeRefused(itemId, e);
    throw e;
  }
  // spec.md#design-create-delete-read: the state holds what the portal stored
  const portalStatus = (await getItem(client, itemId)).contentStatus ?? "";
  return { schemaVersion: STATE_LAYOUT_VERSION, itemId, status: effectiveStatus(status, portalStatus), portalStatus };
}

/** The transition a step makes, for the plan (provider/resources/machinery/plan.ts). */
export function statusPlan(olds: { itemId?: unknown; status?: unknown }, news: { itemId?: unknown; status?: unknown }): string[] {
  const [id, status] = [shown(news.itemId), shown(news.status)];
  if (olds.itemId === undefined) return [`+ set status ${status} on item ${id}`];
  if (olds.itemId !== news.itemId) return [`± move status: clear ${shown(olds.status)} on item ${shown(olds.itemId)}, set ${status} on item ${id} (replaces)`];
  if (olds.status !== news.status) return [`~ status: ${shown(olds.status)} → ${status} on item ${id}`];
  return [];
}

/** The item's contentStatus ("" for none), or undefined when the item cannot be read. */
async function heldStatus(itemId: string): Promise<string | undefined> {
  try {
    return (await getItem(portalClient(), itemId)).contentStatus ?? "";
  } catch {
    return undefined;
  }
}

/** An adopting create's plan: "no change" when the item holds the status already. */
async function adoptPlan(itemId: string, status: string): Promise<string[]> {
  const held = await heldStatus(itemId);
  if (held === undefined) return statusPlan({}, { itemId, status });
  const head = `= adopt the status of item ${shown(itemId)} (${held === "" ? "none" : held})`;
  return effectiveStatus(status, held) === status ? [`${head}: no change`] : [head, `~ status: ${shown(held)} → ${shown(status)} on item ${shown(itemId)}`];
}

export const itemStatus: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(passed: RawInputs, news: RawInputs) {
    // a replacement's check has no old inputs; the diff that decided the replace left them (machinery/replacing.ts)
    const olds = passed && Object.keys(passed).length > 0 ? passed : replacedOlds(news?.__urn);
    const given = Object.fromEntries(ITEM_STATUS_INPUT_KEYS.map((key) => [key, news[key]]));
    const inputs: RawInputs = { ...given, schemaVersion: STATE_LAYOUT_VERSION };
    if (typeof news.__urn === "string") inputs.__urn = news.__urn;
    const checked = checkInputs(itemStatusInput, given);
    // docs/adopting.md: with adopt: true a create's plan says what the item holds now (reads only)
    const adopt = checked.ok && news.adopt === true && (!olds || Object.keys(olds).length === 0) && !isUnknown(news.itemId);
    const lines = adopt ? await adoptPlan(String(inputs.itemId), String(inputs.status)) : statusPlan(olds ?? {}, inputs);
    const planned = withPlan(inputs, lines);
    return checked.ok ? { inputs: planned } : { inputs: planned, failures: checked.failures };
  },

  async diff(_id: string, olds: ItemStatusState, news: ItemStatusInputs) {
    assertReadableState(olds, "ItemStatus");
    const [before, after]: RawInputs[] = [olds, news];
    const changed: string[] = ITEM_STATUS_INPUT_KEYS.filter((key) => before[key] !== after[key]);
    const replaces = changed.filter((key) => ITEM_STATUS_REPLACE_KEYS.includes(key));
    if (replaces.length > 0) rememberReplaced(news.__urn, olds);
    return { changes: changed.length > 0, replaces };
  },

  // an item that already holds the status (an adopted one, docs/adopting.md) is not written to
  async create(inputs: ItemStatusInputs) {
    const held = await heldStatus(inputs.itemId);
    if (held !== undefined && effectiveStatus(inputs.status, held) === inputs.status) {
      return { id: inputs.itemId, outs: { schemaVersion: STATE_LAYOUT_VERSION, itemId: inputs.itemId, status: inputs.status, portalStatus: held } };
    }
    return { id: inputs.itemId, outs: await setStatus(inputs.itemId, inputs.status) };
  },

  async read(id: string, props: ItemStatusState) {
    freshReads(`ItemStatus ${id}`); // a refresh asks the portal, shared within the refresh (machinery/client.ts)
    assertReadableState(props, "ItemStatus");
    const item = await orUndefinedIfNotFound(getItem(portalClient(), id));
    if (item === undefined) return {};
    const portalStatus = item.contentStatus ?? "";
    // a status cleared out of band stays in state as "" so the next preview shows it as drift
    const status = effectiveStatus(props.status, portalStatus);
    return { id, props: { schemaVersion: STATE_LAYOUT_VERSION, itemId: id, status, portalStatus }, inputs: { itemId: id, status } };
  },

  async update(id: string, _olds: ItemStatusState, news: ItemStatusInputs) {
    return { outs: await setStatus(id, news.status) };
  },

  // spec.md#status-transitions: an empty status with clearEmptyFields=true removes every badge at once
  async delete(id: string) {
    await doneIfNotFound(setContentStatus(portalClient(), { itemId: id, status: "", clearEmptyFields: true }));
  },
};
