// spec.md#status-transitions, spec.md#set-content-status: the item status state machine, with its automatic moves (the org becomes
// verified; an item is shared with or unshared from the public).
import { CONTENT_STATUSES, type ContentStatus } from "../../spec/limits";
import { badRequest, portalError } from "../errors";
import type { EmulatorOrg } from "../host";
import type { Item, ItemAccess } from "./items";

/** spec.md#errors: CONT_0163 with an empty details array. */
const cont0163 = () => portalError("CONT_0163");

export function setContentStatus(item: Item, status: string, clearEmptyFields: boolean, org: EmulatorOrg): void {
  if (status === "") {
    // spec.md#status-transitions: only an empty status together with clearEmptyFields=true clears it (the other case is unconfirmed)
    if (!clearEmptyFields) throw badRequest("An empty status clears the status only with clearEmptyFields=true.");
    item.contentStatus = undefined;
    return;
  }
  if (!(CONTENT_STATUSES as readonly string[]).includes(status)) throw badRequest(`'status' must be one of ${CONTENT_STATUSES.join(", ")} or empty; got ${JSON.stringify(status.slice(0, 40))}.`);
  if (status === "public_authoritative" && !(org.public && org.identityVerified)) throw cont0163();
  item.contentStatus = status as ContentStatus;
}

/** spec.md#status-transitions: sharing with the public from a verified org promotes; unsharing from the public demotes. */
export function applyAccess(item: Item, access: ItemAccess, org: EmulatorOrg): void {
  const wasPublic = item.access === "public";
  item.access = access;
  if (access === "public" && !wasPublic && item.contentStatus === "org_authoritative" && org.identityVerified) item.contentStatus = "public_authoritative";
  if (access !== "public" && wasPublic && item.contentStatus === "public_authoritative") item.contentStatus = "org_authoritative";
}

/** spec.md#status-transitions: when the org's identity becomes verified, every org_authoritative item moves up. */
export function onIdentityVerified(items: Iterable<Item>, orgId: string): number {
  let moved = 0;
  for (const item of items) {
    if (item.orgId === orgId && item.contentStatus === "org_authoritative") {
      item.contentStatus = "public_authoritative";
      moved++;
    }
  }
  return moved;
}

const RANK: Record<ItemAccess, number> = { private: 0, shared: 1, org: 2, public: 3 };

/** spec.md#add-item-relationship: the destination inherits all sharing permissions of the origin. */
export function inheritSharing(origin: Item, destination: Item, org: EmulatorOrg): void {
  destination.groups = [...new Set([...destination.groups, ...origin.groups])];
  if (RANK[origin.access] > RANK[destination.access]) applyAccess(destination, origin.access, org);
}
