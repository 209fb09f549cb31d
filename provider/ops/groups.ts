// Groups (docs/dev/fidelity.md#groups: REST create-group, group, update-group, delete-group,
// protect-group, group-users, add/remove users, update-user-membership, group-content; rest-js
// groups/*.ts). One small function per operation; the answers are typed as the public API gives them.
import type { FilePart, Params } from "../rest/body";
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { everyPage, LISTING_PAGE, pageOf, type Page } from "./pages";
import { GROUP_USERS_PER_REQUEST } from "../../spec/limits";
import type { GroupWireFields } from "../../spec/groups";

/** A group as `community/groups/<id>` answers it (the fields the provider reads). */
export interface PortalGroup {
  id: string;
  title: string;
  owner: string;
  orgId?: string;
  description?: string | null;
  snippet?: string | null;
  tags?: string[];
  access?: string;
  isInvitationOnly?: boolean;
  isViewOnly?: boolean;
  sortField?: string;
  sortOrder?: string;
  capabilities?: string[] | string;
  protected?: boolean;
  thumbnail?: string | null;
  created?: number;
  modified?: number;
  userMembership?: { username?: string; memberType?: string };
  [key: string]: unknown;
}

/** The group fields createGroup and update take (REST "Group parameters"; spec/groups.ts). */
export interface GroupParams extends GroupWireFields {
  access?: "private" | "org" | "public";
  /** `updateitemcontrol` makes a shared-update group; createGroup only. */
  capabilities?: string;
  clearEmptyFields?: boolean;
}

export const groupPath = (id: string, verb?: string) => `community/groups/${seg(id)}${verb ? `/${verb}` : ""}`;

function withThumbnail(thumbnail: string | undefined): { files?: Record<string, FilePart> } {
  return thumbnail ? { files: { thumbnail: { path: thumbnail } } } : {};
}

/** REST create-group: POST community/createGroup → `{success, group}`. Not repeated blindly (a second group would be made). */
export function createGroup(client: PortalClient, group: GroupParams, thumbnail?: string): Promise<{ success: boolean; group: PortalGroup }> {
  return client.request("createGroup", "community/createGroup", group as Params, { safeToRetry: false, ...withThumbnail(thumbnail) });
}

/** REST group: GET community/groups/<id> (a read). */
export function getGroup(client: PortalClient, id: string): Promise<PortalGroup> {
  return client.request("getGroup", groupPath(id), {}, { method: "GET", cache: true });
}

/** REST update-group: POST community/groups/<id>/update → `{success, groupId}`; the same fields again give the same group. */
export function updateGroup(client: PortalClient, id: string, group: GroupParams, thumbnail?: string): Promise<{ success: boolean; groupId?: string }> {
  return client.request("updateGroup", groupPath(id, "update"), group as Params, { safeToRetry: true, ...withThumbnail(thumbnail) });
}

/** REST delete-group: POST community/groups/<id>/delete → `{success, groupId}`. */
export function deleteGroup(client: PortalClient, id: string): Promise<{ success: boolean; groupId?: string }> {
  return client.request("deleteGroup", groupPath(id, "delete"), {}, { safeToRetry: true });
}

/** REST protect-group / unprotect-group → `{success}`. */
export function protectGroup(client: PortalClient, id: string, on: boolean): Promise<{ success: boolean }> {
  return client.request(on ? "protectGroup" : "unprotectGroup", groupPath(id, on ? "protect" : "unprotect"), {}, { safeToRetry: true });
}

/** REST group-users: GET community/groups/<id>/users → `{owner, admins, users}` (the owner is among the admins). */
export async function getGroupUsers(client: PortalClient, id: string): Promise<{ owner: string; admins: string[]; users: string[] }> {
  const r = await client.request("getGroupUsers", groupPath(id, "users"), {}, { method: "GET", cache: true });
  const names = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return { owner: String(r?.owner ?? ""), admins: names(r?.admins), users: names(r?.users) };
}

function chunks(names: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < names.length; i += GROUP_USERS_PER_REQUEST) out.push(names.slice(i, i + GROUP_USERS_PER_REQUEST));
  return out;
}

/** REST add-users-to-group: at most 25 names per request; `role` admin sends them as `admins`. Returns who was not added. */
export async function addGroupUsers(client: PortalClient, id: string, names: readonly string[], role: "member" | "admin"): Promise<string[]> {
  const notAdded: string[] = [];
  for (const batch of chunks(names)) {
    const r = await client.request("addGroupUsers", groupPath(id, "addUsers"), { [role === "admin" ? "admins" : "users"]: batch }, { safeToRetry: true });
    if (Array.isArray(r?.notAdded)) notAdded.push(...r.notAdded.map(String));
  }
  return notAdded;
}

/** REST remove-users-from-group: at most 25 names per request. Returns who was not removed. */
export async function removeGroupUsers(client: PortalClient, id: string, names: readonly string[]): Promise<string[]> {
  const notRemoved: string[] = [];
  for (const batch of chunks(names)) {
    const r = await client.request("removeGroupUsers", groupPath(id, "removeUsers"), { users: batch }, { safeToRetry: true });
    if (Array.isArray(r?.notRemoved)) notRemoved.push(...r.notRemoved.map(String));
  }
  return notRemoved;
}

/** REST update-user-membership: POST community/groups/<id>/updateUsers with `admins` (promote) or `users` (demote). Returns who failed. */
export async function updateGroupUsers(client: PortalClient, id: string, names: readonly string[], role: "member" | "admin"): Promise<string[]> {
  const failed: string[] = [];
  for (const batch of chunks(names)) {
    const r = await client.request("updateGroupUsers", groupPath(id, "updateUsers"), { [role === "admin" ? "admins" : "users"]: batch }, { safeToRetry: true });
    for (const x of Array.isArray(r?.results) ? r.results : []) if (x && x.success === false) failed.push(String(x.username));
  }
  return failed;
}

/** REST group-content: GET content/groups/<id> with `num: 1` (one item at most), for its `total` only. */
export async function groupItemCount(client: PortalClient, id: string): Promise<number> {
  const r = await client.request("groupContent", `content/groups/${seg(id)}`, { start: 1, num: 1 }, { method: "GET", cache: true });
  return Number(r?.total ?? 0);
}

/** REST group-content, every page (≤ 100 per request): the ids of the items shared with the group. */
export async function groupItemIds(client: PortalClient, id: string): Promise<string[]> {
  const out: string[] = [];
  const page = async (start: number) => pageOf<{ id?: unknown }>(await client.request("groupContent", `content/groups/${seg(id)}`, { start, num: LISTING_PAGE }, { method: "GET" }), "items");
  await everyPage(page, LISTING_PAGE, (p) => {
    for (const it of p.entries) if (typeof it?.id === "string") out.push(it.id);
  });
  return out;
}

/** REST group-search: one page of GET community/groups (≤ 100); `bulk`: kept as a bulk listing (ops/bulk.ts). */
export async function groupSearchPage(client: PortalClient, q: string, start: number, bulk = false): Promise<Page & { entries: PortalGroup[] }> {
  const r = await client.request("searchGroups", "community/groups", { q, start, num: LISTING_PAGE }, { method: "GET", ...(bulk ? { cache: "bulk" as const } : {}) });
  return pageOf<PortalGroup>(r, "results");
}

/** REST group-search: GET community/groups, every page. */
export async function searchGroups(client: PortalClient, q: string): Promise<PortalGroup[]> {
  const out: PortalGroup[] = [];
  await everyPage((start) => groupSearchPage(client, q, start), LISTING_PAGE, (p) => out.push(...p.entries));
  return out;
}
