// Item state changes: content status (spec.md#item-status, spec.md#status-transitions, spec.md#set-content-status), delete protection and sharing
// (spec.md#gap-protect, spec.md#gap-share).
import type { PortalClient } from "../rest/client";
import type { ContentStatus } from "../../spec/limits";
import { itemPath, userItemPath, type ItemRef } from "./paths";

export interface SetContentStatusOptions {
  itemId: string;
  /** spec.md#item-status: a status, or "" for none. */
  status: ContentStatus | "";
  /** spec.md#set-content-status: true makes an empty status clear it; sent as true whenever status is "". */
  clearEmptyFields?: boolean;
}

/**
 * spec.md#set-content-status setContentStatus: POST content/items/<id>/setContentStatus → `{success, itemId}`.
 * Setting a status twice leaves the same state, so the request is safe to repeat.
 * Errors: 400 CONT_0163 for public_authoritative in an org that is not public and verified (3.1).
 */
export function setContentStatus(client: PortalClient, o: SetContentStatusOptions): Promise<{ success: boolean; itemId: string }> {
  const clearEmptyFields = o.clearEmptyFields ?? (o.status === "" ? true : undefined);
  return client.request("setContentStatus", itemPath(o.itemId, "setContentStatus"), { status: o.status, clearEmptyFields }, { safeToRetry: true });
}

/** spec.md#gap-protect: POST …/items/<id>/protect → `{success}` (turns delete protection on). */
export function protectItem(client: PortalClient, o: ItemRef): Promise<{ success: boolean }> {
  return client.request("protectItem", userItemPath(o.owner, o.itemId, "protect", o.folder));
}

/** spec.md#gap-protect: POST …/items/<id>/unprotect → `{success}`. */
export function unprotectItem(client: PortalClient, o: ItemRef): Promise<{ success: boolean }> {
  return client.request("unprotectItem", userItemPath(o.owner, o.itemId, "unprotect", o.folder));
}

export interface ShareOptions extends ItemRef {
  /** Share with the public; drives the automatic status moves of spec.md#status-transitions. */
  everyone?: boolean;
  org?: boolean;
  groups?: string[];
}

export interface ShareResponse {
  notSharedWith?: string[];
  itemId?: string;
  success?: boolean;
}

/** spec.md#gap-share: POST content/users/<owner>/items/<id>/share with everyone, org, groups. */
export function shareItem(client: PortalClient, o: ShareOptions): Promise<ShareResponse> {
  return client.request("shareItem", userItemPath(o.owner, o.itemId, "share", o.folder), { everyone: o.everyone, org: o.org, groups: o.groups });
}

/** spec.md#gap-share: POST …/items/<id>/unshare; `everyone=true` makes it private again (spec.md#status-transitions move back). */
export function unshareItem(client: PortalClient, o: ShareOptions): Promise<UnshareResponse> {
  return client.request("unshareItem", userItemPath(o.owner, o.itemId, "unshare", o.folder), { everyone: o.everyone, org: o.org, groups: o.groups });
}

export interface UnshareResponse {
  notUnsharedFrom?: string[];
  itemId?: string;
}

/** The public API's user item: the item with its sharing, `access` and the ids of its groups. */
export interface UserItem {
  item?: Record<string, unknown>;
  sharing?: { access?: string; groups?: string[] };
}

/** Public API "User Item": GET content/users/<owner>/[<folderId>/]items/<id> → `{item, sharing: {access, groups}}` (a read; safe to repeat). */
export function getUserItem(client: PortalClient, o: ItemRef): Promise<UserItem> {
  return client.request("getUserItem", userItemPath(o.owner, o.itemId, "", o.folder).replace(/\/$/, ""), {}, { method: "GET", cache: true });
}
