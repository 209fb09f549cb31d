// The FeatureService item's folder and sharing, by PortalItem's rules and with its machinery
// (portalItem/ownership.ts, portalItem/sharing.ts, portalItem/groups.ts): createService in the
// folder, a new folder is a move (REST move-item), sharing set after create and on change (share /
// unshare), both read back on refresh.
import { getItem } from "../../ops/items";
import type { ItemRef } from "../../ops/paths";
import type { PortalClient } from "../../rest/client";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import type { RawInputs } from "../machinery/state";
import { assertSharingGroupsExist, sharingGroupFailures } from "../portalItem/groups";
import { moveOrReassign, ownershipPlan } from "../portalItem/ownership";
import type { PortalItemProps } from "../portalItem/props";
import { applySharing, heldSharing, normalSharing, sharingAsHeld, sharingPlan, sharingText, type Sharing } from "../portalItem/sharing";

const asProps = (p: RawInputs | undefined) => (p ?? {}) as unknown as PortalItemProps;
const sharingOf = (p: RawInputs): Sharing | undefined => (p.sharing && typeof p.sharing === "object" && !isUnknown(p.sharing) ? (p.sharing as Sharing) : undefined);
const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Check: sharing's groups in one order, without repeats (their order is not a change). */
export function normalItemInputs(inputs: RawInputs): void {
  if (inputs.sharing !== undefined) inputs.sharing = normalSharing(inputs.sharing);
}

/**
 * The old inputs with the folder and sharing the item has, where the program starts managing them
 * (an adopt, or a folder or sharing newly declared): a plan line only when they differ.
 */
async function withHeldPlace(client: () => PortalClient, old: RawInputs, inputs: RawInputs): Promise<RawInputs> {
  const startsFolder = inputs.folder !== undefined && old.folder === undefined;
  const startsSharing = inputs.sharing !== undefined && old.sharing === undefined;
  const itemId = old.itemId ?? inputs.adoptItemId;
  if ((!startsFolder && !startsSharing) || typeof itemId !== "string" || isUnknown(itemId)) return old;
  const item = await getItem(client(), itemId).catch(() => undefined);
  if (!item) return old;
  const folder = typeof item.ownerFolder === "string" && item.ownerFolder !== "" ? item.ownerFolder : undefined;
  const held: RawInputs = { ...old, owner: item.owner };
  if (startsFolder) held.folder = folder ?? "";
  const wanted = sharingOf(inputs);
  if (startsSharing && wanted) held.sharing = sharingAsHeld(wanted, await heldSharing(client(), { owner: item.owner, itemId, folder }), false);
  return held;
}

/** The folder and sharing lines of a create or an update, with the refusals known at preview (a folder not the owner's, a group that does not exist). */
export async function itemPlan(client: () => PortalClient, olds: RawInputs | undefined, inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  const created = !olds || Object.keys(olds).length === 0;
  const old = created ? {} : await withHeldPlace(client, olds!, inputs);
  const lines: string[] = [];
  if (created || inputs.folder !== undefined) {
    const owned = await ownershipPlan(client, asProps(created ? undefined : { ...old, itemIdToCreate: undefined }), asProps(inputs));
    lines.push(...owned.lines);
    failures.push(...owned.failures);
  }
  if (inputs.sharing !== undefined && (created || changed(old.sharing, inputs.sharing))) {
    failures.push(...(await sharingGroupFailures(client, inputs.sharing)));
    if (!created) lines.push(`~ sharing: ${sharingText(old.sharing)} → ${sharingText(inputs.sharing)}`);
    lines.push(...(await sharingPlan(client, asProps(created ? {} : old), asProps(inputs))));
  }
  return lines;
}

/** Create, before the first write: a group of `sharing` that does not exist stops it. */
export async function assertItemInputs(client: PortalClient, inputs: RawInputs): Promise<void> {
  await assertSharingGroupsExist(client, inputs.sharing, `FeatureService ${String(inputs.name)}`);
}

/** Create, after createService: the new (private) item shared as declared. */
export async function shareCreated(client: PortalClient, ref: ItemRef, inputs: RawInputs): Promise<void> {
  await applySharing(client, ref, sharingOf(inputs), false, { access: "private", groups: [] });
}

/** Update: a new folder moves the item (from where the portal holds it); a new sharing is applied. */
export async function updatePlace(client: PortalClient, itemId: string, olds: RawInputs, news: RawInputs): Promise<void> {
  const moves = news.folder !== undefined && changed(olds.folder || undefined, news.folder || undefined);
  const shares = news.sharing !== undefined && changed(olds.sharing, news.sharing);
  if (!moves && !shares) return;
  const item = await getItem(client, itemId);
  const ref: ItemRef = { owner: item.owner, itemId, folder: typeof item.ownerFolder === "string" && item.ownerFolder ? item.ownerFolder : null };
  const here = moves ? await moveOrReassign(client, ref, asProps({ ...olds, owner: item.owner }), asProps({ ...news, owner: undefined })) : ref;
  if (shares) await applySharing(client, here, sharingOf(news), false);
}

/** Refresh: the folder and sharing the portal holds, where the program manages them (one item read, one user-item read). */
export async function readPlace(client: PortalClient, itemId: string, props: RawInputs, inputs: RawInputs): Promise<void> {
  if (props.folder === undefined && props.sharing === undefined) return;
  const item = await getItem(client, itemId);
  const folder = typeof item.ownerFolder === "string" && item.ownerFolder !== "" ? item.ownerFolder : undefined;
  if (props.folder !== undefined) inputs.folder = folder ?? ""; // "": the root folder, still managed
  const wanted = sharingOf(props);
  if (wanted) inputs.sharing = sharingAsHeld(wanted, await heldSharing(client, { owner: item.owner, itemId, folder }), false);
}
