// Group requests from the checked inputs: the createGroup / update fields (docs/fidelity.md#groups),
// what an update or an adopt must send, and the state read back from the portal.
import { GROUP } from "../../../spec/limits";
import { getGroup, groupItemCount, updateGroup, protectGroup, type GroupParams, type PortalGroup } from "../../ops/groups";
import type { PortalClient } from "../../rest/client";
import { sameValue } from "../machinery/sameValue";
import { withoutPlan } from "../machinery/plan";
import { STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { GROUP_DRIFT, GROUP_INPUT_KEYS, GROUP_TABLE, GROUP_WIRE } from "./table";
import { definedOnly } from "../machinery/definedOnly";

const WHEN_SET = new Set(Object.entries(GROUP_TABLE).flatMap(([k, p]) => ("whenSet" in p && p.whenSet ? [k] : [])));
const empty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

export const isSharedUpdate = (g: PortalGroup) => (Array.isArray(g.capabilities) ? g.capabilities : String(g.capabilities ?? "").split(",")).includes(GROUP.sharedUpdateCapability);

/** The createGroup fields of the inputs (capabilities only for a shared-update group). */
export function createParams(inputs: RawInputs): GroupParams {
  const out: Record<string, unknown> = {};
  for (const [arg, wire] of Object.entries(GROUP_WIRE)) if (inputs[arg] !== undefined) out[wire] = inputs[arg];
  if (inputs.sharedUpdate === true) out.capabilities = GROUP.sharedUpdateCapability;
  return out as GroupParams;
}

/** The update fields: each changed argument, "" with clearEmptyFields for one the program removed. */
export function updateParams(olds: RawInputs, news: RawInputs): GroupParams {
  const out: Record<string, unknown> = {};
  for (const [arg, wire] of Object.entries(GROUP_WIRE)) {
    if (sameValue(olds[arg], news[arg])) continue;
    if (news[arg] === undefined) {
      if (WHEN_SET.has(arg)) continue; // unset: the portal's value stays
      out[wire] = "";
      out.clearEmptyFields = true;
    } else out[wire] = news[arg];
  }
  return out as GroupParams;
}

/** The inputs as the portal holds them (drift fields), for refresh and for an adopt's comparison. */
export function inputsAsHeld(olds: RawInputs, group: PortalGroup): RawInputs {
  const inputs: RawInputs = {};
  for (const key of GROUP_INPUT_KEYS) if (olds[key] !== undefined) inputs[key] = olds[key];
  for (const [arg, field] of Object.entries(GROUP_DRIFT)) {
    if (WHEN_SET.has(arg) && olds[arg] === undefined) continue;
    const held = group[field];
    if (empty(held)) {
      if (!empty(inputs[arg])) inputs[arg] = Array.isArray(inputs[arg]) ? [] : typeof inputs[arg] === "boolean" ? false : "";
    } else inputs[arg] = held;
  }
  if (olds.sharedUpdate !== undefined) inputs.sharedUpdate = isSharedUpdate(group);
  if (olds.protected !== undefined) inputs.protected = group.protected === true;
  for (const key of ["__urn"]) if (olds[key] !== undefined) inputs[key] = olds[key];
  inputs.schemaVersion = STATE_LAYOUT_VERSION;
  return definedOnly(inputs);
}

/** The outputs: the inputs plus what the portal computed. */
export async function readBack(client: PortalClient, id: string, inputs: RawInputs, group?: PortalGroup): Promise<RawInputs> {
  const g = group ?? (await getGroup(client, id));
  const sharedItemCount = await groupItemCount(client, id).catch(() => undefined);
  return JSON.parse(
    JSON.stringify({ ...withoutPlan(inputs), schemaVersion: STATE_LAYOUT_VERSION, groupId: g.id ?? id, owner: g.owner, created: g.created, modified: g.modified, protected: g.protected === true, sharedItemCount }),
  );
}

/** Sends what differs between `held` (the portal's, as inputs) and `news`: fields, thumbnail, protection. */
export async function applyGroupChanges(client: PortalClient, id: string, held: RawInputs, news: RawInputs, thumbnailChanged: boolean): Promise<void> {
  const params = updateParams(held, news);
  const thumbnail = thumbnailChanged && typeof news.thumbnailFile === "string" ? news.thumbnailFile : undefined;
  if (Object.keys(params).length > 0 || thumbnail) await updateGroup(client, id, params, thumbnail);
  if (typeof news.protected === "boolean" && news.protected !== held.protected) await protectGroup(client, id, news.protected);
}
