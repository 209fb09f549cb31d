// Item state changes: content status (seed 2.2, 3.1, 4.5), delete protection and sharing
// (spec-gaps.md "Protect / unprotect", "Share / unshare").
import type { PortalClient } from "../rest/client";
import type { ContentStatus } from "../limits";
import { itemPath, userItemPath, type ItemRef } from "./paths";

export interface SetContentStatusOptions {
  itemId: string;
  /** Seed 2.2: a status, or "" for none. */
  status: ContentStatus | "";
  /** Seed 4.5: true makes an empty status clear it; sent as true whenever status is "". */
  clearEmptyFields?: boolean;
}

/**
 * Seed 4.5 setContentStatus: POST content/items/<id>/setContentStatus → `{success, itemId}`.
 * Setting a status twice leaves the same state, so the request is safe to repeat.
 * Errors: 400 CONT_0163 for public_authoritative in an org that is not public and verified (3.1).
 */
export function setContentStatus(client: PortalClient, o: SetContentStatusOptions): Promise<{ success: boolean; itemId: string }> {
  const clearEmptyFields = o.clearEmptyFields ?? (o.status === "" ? true : undefined);
  return client.request("setContentStatus", itemPath(o.itemId, "setContentStatus"), { status: o.status, clearEmptyFields }, { safeToRetry: true });
}

/** spec-gaps.md: POST …/items/<id>/protect → `{success}` (turns delete protection on). */
export function protectItem(client: PortalClient, o: ItemRef): Promise<{ success: boolean }> {
  return client.request("protectItem", userItemPath(o.owner, o.itemId, "protect", o.folder));
}

/** spec-gaps.md: POST …/items/<id>/unprotect → `{success}`. */
export function unprotectItem(client: PortalClient, o: ItemRef): Promise<{ success: boolean }> {
  return client.request("unprotectItem", userItemPath(o.owner, o.itemId, "unprotect", o.folder));
}

export interface ShareOptions extends ItemRef {
  /** Share with the public; drives the automatic status moves of seed 3.1. */
  everyone?: boolean;
  org?: boolean;
  groups?: string[];
}

export interface ShareResponse {
  notSharedWith?: string[];
  itemId?: string;
  success?: boolean;
}

/** spec-gaps.md: POST content/users/<owner>/items/<id>/share with everyone, org, groups. */
export function shareItem(client: PortalClient, o: ShareOptions): Promise<ShareResponse> {
  return client.request("shareItem", userItemPath(o.owner, o.itemId, "share", o.folder), { everyone: o.everyone, org: o.org, groups: o.groups });
}

/** spec-gaps.md: POST …/items/<id>/unshare; `everyone=true` makes it private again (seed 3.1 move back). */
export function unshareItem(client: PortalClient, o: ShareOptions): Promise<ShareResponse> {
  return client.request("unshareItem", userItemPath(o.owner, o.itemId, "unshare", o.folder), { everyone: o.everyone, org: o.org, groups: o.groups });
}
