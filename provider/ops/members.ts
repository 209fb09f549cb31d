// Members (docs/fidelity.md#members): read a user (REST "User"), the org's users (REST "Users",
// portals/<id>/users), update the profile and the member categories (REST "Update User"), the role
// ("Update User Role"), the user type ("Update User License Type") and the disabled flag ("Disable
// Users", "Enable Users"). Each write is safe to repeat: it sets a value.
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { portalPath } from "./paths";

/** The fields of a user this package manages (REST "User"). */
export interface PortalMember {
  username: string;
  fullName?: string;
  description?: string;
  tags?: string[];
  culture?: string;
  region?: string;
  units?: string;
  role?: string;
  roleId?: string;
  userLicenseTypeId?: string;
  categories?: string[];
  disabled?: boolean;
  orgId?: string;
  thumbnail?: string | null;
}


/** GET community/users/<username>. */
export function getMember(client: PortalClient, username: string, cache = false): Promise<PortalMember> {
  return client.request("getUser", `community/users/${seg(username)}`, {}, { method: "GET", cache });
}

/** GET portals/<id>/users, every page (export and the administrators check). */
export async function listMembers(client: PortalClient): Promise<PortalMember[]> {
  const out: PortalMember[] = [];
  for (let start = 1; start > 0; ) {
    const page = await client.request("portalUsers", await portalPath(client, "users"), { start, num: 100 }, { method: "GET" });
    out.push(...((page?.users ?? []) as PortalMember[]));
    start = typeof page?.nextStart === "number" ? page.nextStart : -1;
  }
  return out;
}

/** POST community/users/<u>/update: profile fields (tags comma-joined) and/or `categories` (a JSON array). */
export function updateMember(client: PortalClient, username: string, fields: Record<string, unknown>, thumbnail?: string): Promise<{ success: boolean }> {
  const body: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    body[k] = k === "categories" ? JSON.stringify(v) : Array.isArray(v) ? v.join(",") : String(v);
  }
  const files = thumbnail ? { files: { thumbnail: { path: thumbnail } } } : {};
  return client.request("updateUser", `community/users/${seg(username)}/update`, body, { safeToRetry: true, ...files });
}

/** POST portals/<id>/updateUserRole: `user`, `role` (a built-in name or a custom role's id). */
export async function updateUserRole(client: PortalClient, username: string, role: string): Promise<{ success: boolean }> {
  return client.request("updateUserRole", await portalPath(client, "updateUserRole"), { user: username, role }, { safeToRetry: true });
}

/** POST portals/<id>/updateUserLicenseType: `users` (comma list), `userLicenseType`. */
export async function updateUserLicenseType(client: PortalClient, usernames: string[], userLicenseType: string): Promise<unknown> {
  const body = { users: usernames.join(","), userLicenseType };
  return client.request("updateUserLicenseType", await portalPath(client, "updateUserLicenseType"), body, { safeToRetry: true });
}

/** POST portals/<id>/disableUsers or enableUsers: `users` (comma list). */
export async function setUsersDisabled(client: PortalClient, usernames: string[], disabled: boolean): Promise<unknown> {
  const body = { users: usernames.join(",") };
  if (disabled) return client.request("disableUsers", await portalPath(client, "disableUsers"), body, { safeToRetry: true });
  return client.request("enableUsers", await portalPath(client, "enableUsers"), body, { safeToRetry: true });
}

/** GET portals/<id>/memberCategorySchema, shared by the checks of one run (the client's read cache). */
export async function memberTreeShared(client: PortalClient): Promise<Array<{ title: string; categories?: unknown[] }>> {
  const r = await client.request("memberCategorySchema", await portalPath(client, "memberCategorySchema"), {}, { method: "GET", cache: true });
  return Array.isArray(r?.memberCategorySchema) ? r.memberCategorySchema : [];
}
