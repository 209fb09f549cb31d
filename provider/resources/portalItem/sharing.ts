// PortalItem sharing as code (issue 15 scope 2; spec.md#gap-share; spec.md#status-transitions, spec.md#add-item-relationship):
// `sharing: {access, groups?}` is applied after create (and adopt) and on update with the public
// API's share (everyone, org, groups) and unshare (groups), read back from the user item on refresh,
// and its spec.md#status-transitions effect on an authoritative status is told in the plan. A group
// that does not exist fails at preview when its id is known, and at up before any write (groups.ts);
// a share the portal still refuses names its groups (`notSharedWith`).
import { getItem } from "../../ops/items";
import { orUndefinedIfNotFound } from "../../rest/errors";
import { getUserItem, shareItem, unshareItem } from "../../ops/itemState";
import type { ItemRef } from "../../ops/paths";
import type { PortalClient } from "../../rest/client";
import { isUnknown } from "../../rules/unknown";
import { shown } from "../machinery/plan";

import type { PortalItemProps as Props } from "./props";

export { GROUP_ID, SHARING_ACCESS, sharingRule, type Sharing, type SharingAccess } from "./sharingRule";
import { type Sharing, type SharingAccess } from "./sharingRule";

const RANK: Record<SharingAccess, number> = { private: 0, org: 1, public: 2 };

/** The portal's access word as the resource's: `shared` (groups only) is private plus its groups. */
export function accessOf(held: unknown): SharingAccess {
  return held === "public" ? "public" : held === "org" ? "org" : "private";
}

/** Sharing as a plan line says it: `org`, `private with groups <id>, <id>` (ids whole, never cut). */
export function sharingText(s: unknown): string {
  if (!s || typeof s !== "object" || isUnknown(s)) return s === undefined || s === null ? "(not managed)" : shown(s);
  const { access, groups } = s as Props;
  const a = isUnknown(access) ? "[unknown]" : String(access);
  if (groups === undefined) return a;
  return Array.isArray(groups) && groups.length > 0 ? `${a} with groups ${groups.map((g) => (isUnknown(g) ? "[unknown]" : String(g))).join(", ")}` : `${a} with no groups`;
}

/** spec.md#add-item-relationship: a relationship's destination inherits the origin's sharing, so its sharing is a floor. */
export function inheritsSharing(inputs: Props): boolean {
  const rel = inputs.relationship;
  return !!rel && typeof rel === "object" && rel.originItemId !== undefined;
}

/**
 * Issue 29 scope 9: the portal copies an origin's sharing to a relationship destination when the
 * relationship is made, not later. A refresh of a destination whose sharing is managed reads its
 * origin (one getItem) and, when the origin is now shared wider than the destination, records it
 * under `__belowOrigin` (kept in state, not printed): the next preview plans the raise and up shares
 * the destination up to its origin's level (its sharing is a floor). Only the access level follows;
 * the origin's groups do not (the destination's owner may not be able to share to them).
 */
export interface BelowOrigin {
  originItemId: string;
  originAccess: SharingAccess;
  access: SharingAccess;
}

/** Refresh: the origin's access when it is above the destination's held access; one read, only for a destination with managed sharing and a held relationship. */
export async function belowOrigin(client: PortalClient, props: Props, relationshipHeld: boolean, heldAccess: unknown): Promise<BelowOrigin | undefined> {
  if (props.sharing === undefined || !inheritsSharing(props) || !relationshipHeld) return undefined;
  const originItemId = props.relationship!.originItemId!;
  const origin = await orUndefinedIfNotFound(getItem(client, originItemId)).catch(() => undefined);
  if (!origin) return undefined;
  const [originAccess, access] = [accessOf(origin.access), accessOf(heldAccess)];
  return RANK[originAccess] > RANK[access] ? { originItemId, originAccess, access } : undefined;
}

/** The raise a refresh recorded, when the program still declares the same origin and managed sharing below it. */
export function raiseToOrigin(olds: Props, news: Props): BelowOrigin | undefined {
  const b = olds?.__belowOrigin as BelowOrigin | undefined;
  if (!b || typeof b !== "object" || !inheritsSharing(news) || news.relationship!.originItemId !== b.originItemId) return undefined;
  const s = news.sharing as Sharing | undefined;
  if (!s || isUnknown(s) || isUnknown(s.access) || !(s.access in RANK)) return undefined;
  return RANK[b.originAccess] > RANK[s.access] ? b : undefined;
}

/** The plan line of a recorded raise. */
export function raiseLine(b: BelowOrigin): string {
  return `~ sharing: origin ${b.originItemId} is now ${b.originAccess}; this item is ${b.access} (a relationship destination's sharing is a floor: up shares it with ${b.originAccess === "public" ? "the public" : "the organization"})`;
}

/** Up: the sharing to apply to a destination whose origin is above it, read again (the origin may have changed since the refresh). */
export async function raisedSharing(client: PortalClient, b: BelowOrigin, desired: Sharing): Promise<Sharing> {
  const origin = await orUndefinedIfNotFound(getItem(client, b.originItemId));
  const now = origin ? accessOf(origin.access) : desired.access;
  return RANK[now] > RANK[desired.access] ? { ...desired, access: now } : desired;
}

/** Check: groups without repeats, in one order (their order is not a change). */
export function normalSharing(s: unknown): unknown {
  if (!s || typeof s !== "object" || isUnknown(s)) return s;
  const groups = (s as Props).groups;
  if (!Array.isArray(groups) || groups.some((g) => typeof g !== "string" || isUnknown(g))) return s;
  return { ...(s as Props), groups: [...new Set(groups as string[])].sort() };
}

const covers = (held: string[], wanted: string[] = []) => wanted.every((g) => held.includes(g));

/**
 * Refresh: the sharing the portal holds, given back as the program's when it satisfies it. Exact for
 * an item of its own; at least the program's for a relationship destination (inherited sharing
 * is not drift). Groups are compared only when the program lists them.
 */
export function sharingAsHeld(desired: Sharing, held: { access?: string; groups?: string[] }, floor: boolean): Sharing {
  const access = accessOf(held.access);
  const groups = [...new Set(held.groups ?? [])].sort();
  const meets = floor
    ? RANK[access] >= RANK[desired.access] && covers(groups, desired.groups)
    : access === desired.access && (desired.groups === undefined || (covers(groups, desired.groups) && groups.length === desired.groups.length));
  if (meets) return desired;
  return desired.groups === undefined ? { access } : { access, groups };
}

/** The item's sharing as its owner reads it (public API user item). */
export async function heldSharing(client: PortalClient, ref: ItemRef): Promise<{ access?: string; groups: string[] }> {
  const r = await getUserItem(client, ref);
  return { access: r.sharing?.access ?? (r.item?.access as string | undefined), groups: r.sharing?.groups ?? [] };
}

/**
 * Brings the item's sharing to `desired`: unshare from the groups not listed first, then share with
 * everyone/org set explicitly (raising or lowering the access; spec.md#status-transitions moves a
 * status with it) and the missing groups. In that order a failure between the two requests leaves
 * the item shared no wider than before (issue 29 scope 5): the unshare only narrows, and the share
 * sets the level and adds the groups in one request. A relationship destination is only raised,
 * never lowered (its floor).
 */
export async function applySharing(client: PortalClient, ref: ItemRef, desired: Sharing | undefined, floor: boolean, known?: { access?: string; groups: string[] }): Promise<void> {
  if (!desired) return;
  // `known`: the sharing the caller knows the item has (an item it has just added), read otherwise
  const held = known ?? (await heldSharing(client, ref));
  const access = accessOf(held.access);
  const add = (desired.groups ?? []).filter((g) => !held.groups.includes(g));
  const drop = floor || desired.groups === undefined ? [] : held.groups.filter((g) => !desired.groups!.includes(g));
  const target = floor && RANK[access] > RANK[desired.access] ? access : desired.access;
  if (drop.length > 0) {
    const r = await unshareItem(client, { ...ref, groups: drop });
    if (Array.isArray(r.notUnsharedFrom) && r.notUnsharedFrom.length > 0) {
      throw new Error(`PortalItem ${ref.itemId}: the portal did not unshare the item from groups ${r.notUnsharedFrom.join(", ")} (notUnsharedFrom).`);
    }
  }
  if (target !== access || add.length > 0) {
    const r = await shareItem(client, { ...ref, everyone: target === "public", org: target !== "private", groups: add.length > 0 ? add : undefined });
    if (Array.isArray(r.notSharedWith) && r.notSharedWith.length > 0) {
      throw new Error(`PortalItem ${ref.itemId}: the portal did not share the item with groups ${r.notSharedWith.join(", ")} (notSharedWith); the item's owner must be a member of each group (a GroupMembership), and a view-only group takes shares from its administrators only.`);
    }
  }
}

/**
 * The plan lines of sharing beyond the `~ sharing: old → new` line of the diff: a create or an adopt
 * names it, and a change across public says its spec.md#status-transitions effect on the item's status (read from the
 * item: a read only): shared with the public, org_authoritative becomes public_authoritative (in an
 * identity-verified organization); unshared from the public, public_authoritative goes back to
 * org_authoritative. Neither move is drift of the item's ItemStatus.
 */
export async function sharingPlan(client: () => PortalClient, olds: Props, news: Props): Promise<string[]> {
  const now = news.sharing as Sharing | undefined;
  if (!now || isUnknown(now) || isUnknown(now.access)) return [];
  const created = !olds || Object.keys(olds).length === 0;
  const lines = created ? [`+ sharing: ${sharingText(now)}`] : [];
  if (!created && olds.sharing?.access === now.access) return lines;
  const itemId = created ? news.adoptItemId : (olds.itemId ?? olds.itemIdToCreate);
  if (typeof itemId !== "string" || isUnknown(itemId)) return lines;
  const item = await getItem(client(), itemId).catch(() => undefined);
  if (!item) return lines;
  const held = accessOf(item.access);
  const kept = inheritsSharing(news) && RANK[held] > RANK[now.access];
  if (now.access === "public" && held !== "public" && item.contentStatus === "org_authoritative") {
    lines.push("~ contentStatus: org_authoritative → public_authoritative when the organization is identity-verified (shared with the public; an ItemStatus of org_authoritative stays satisfied, not drift)");
  }
  if (held === "public" && now.access !== "public" && !kept && item.contentStatus === "public_authoritative") {
    lines.push("~ contentStatus: public_authoritative → org_authoritative (unshared from the public; an ItemStatus of org_authoritative stays satisfied, not drift)");
  }
  return lines;
}
