// Members' roles, user types, profiles and the disabled flag (REST "Update User Role", "Update User
// License Type", "Update User", "Disable Users"/"Enable Users"; docs/fidelity.md#members). The rules:
// a user type holds only the roles the public user-types page allows it (spec/members.ts), the
// organization keeps at least one enabled administrator, a custom role's privileges become the user's.
import { BUILT_IN_ROLES, roleMismatch, USER_TYPES } from "../../spec/members";
import type { EmulatorUser } from "../host";
import { badRequest } from "../errors";
import { privilegesOf } from "./privileges";
import type { Portal } from "./portal";
import { baseRole, type RoleRecord } from "./roles";

/** The user type a user holds: as set, else the one their role implies. */
export function userTypeOf(user: EmulatorUser): string {
  return user.userType ?? (user.role === "viewer" || user.role === "org_viewer" ? "viewerUT" : "creatorUT");
}

const roleKey = (role: string) => (role === "viewer" ? "org_viewer" : role);

/** The role a user holds as `updateUserRole` names it: a built-in name or a custom role's id. */
export function roleNameOf(user: EmulatorUser): string {
  return user.roleId ?? roleKey(user.role);
}

/** A role given by name or id: a built-in, or one of the org's custom roles. */
function resolveRole(portal: Portal, orgId: string, role: string): { role: string; roleId?: string; privileges: readonly string[]; custom?: RoleRecord } {
  const key = roleKey(role);
  if (key in BUILT_IN_ROLES) return { role: key, privileges: privilegesOf(key) };
  const custom = portal.roles.ofOrg(orgId).find((r) => r.id === role || r.name.toLowerCase() === role.toLowerCase());
  if (!custom) throw badRequest(`Unknown role '${role}': give one of ${Object.keys(BUILT_IN_ROLES).join(", ")} or a custom role's id.`);
  return { role: baseRole(custom.privileges), roleId: custom.id, privileges: custom.privileges, custom };
}

function checkFit(user: EmulatorUser, userType: string, role: string, privileges: readonly string[]): void {
  const why = roleMismatch(userType, role, privileges);
  if (why) throw badRequest(`User ${user.username}: ${why}.`);
}

/** The org's enabled built-in administrators other than `except`. */
function otherAdmins(portal: Portal, orgId: string, except: string): string[] {
  return [...portal.directory.users.values()]
    .filter((u) => u.orgId === orgId && u.username !== except && !u.disabled && portal.isOrgAdmin(u))
    .map((u) => u.username);
}

function keepAnAdmin(portal: Portal, user: EmulatorUser, doing: string): void {
  if (portal.isOrgAdmin(user) && !user.disabled && otherAdmins(portal, user.orgId, user.username).length === 0) {
    throw badRequest(`Cannot ${doing} ${user.username}: the organization would be left without an administrator.`);
  }
}

/** updateUserRole: the role by built-in name or custom id; the user type must hold it. */
export function setRole(portal: Portal, user: EmulatorUser, role: string): void {
  const r = resolveRole(portal, user.orgId, role);
  checkFit(user, userTypeOf(user), r.roleId ? r.custom!.name : r.role, r.privileges);
  const staysAdmin = r.role === "org_admin" && r.roleId === undefined;
  if (!staysAdmin) keepAnAdmin(portal, user, "change the role of");
  user.role = r.role;
  user.roleId = r.roleId;
  user.privileges = [...r.privileges];
}

/** updateUserLicenseType: a known user type that can hold the user's role. */
export function setUserType(portal: Portal, user: EmulatorUser, userType: string): void {
  if (!(userType in USER_TYPES)) throw badRequest(`Unknown user type '${userType}': give one of ${Object.keys(USER_TYPES).join(", ")}.`);
  const custom = user.roleId ? portal.roles.byId.get(user.roleId) : undefined;
  checkFit(user, userType, custom ? custom.name : roleKey(user.role), user.privileges);
  user.userType = userType;
}

/** A custom role's new privileges reach its holders; a holder's user type must hold them. */
export function setRolePrivileges(portal: Portal, role: RoleRecord, privileges: string[]): void {
  const holders = holdersOf(portal, role.id);
  for (const u of holders) checkFit(u, userTypeOf(u), role.name, privileges);
  role.privileges = privileges;
  role.modified = Date.now();
  for (const u of holders) {
    u.role = baseRole(privileges);
    u.privileges = [...privileges];
  }
}

export function holdersOf(portal: Portal, roleId: string): EmulatorUser[] {
  return [...portal.directory.users.values()].filter((u) => u.roleId === roleId);
}

export function setDisabled(portal: Portal, user: EmulatorUser, disabled: boolean): void {
  if (disabled) keepAnAdmin(portal, user, "disable");
  user.disabled = disabled;
}

/** The fields `community/users/<u>/update` takes for a profile, with their limits. */
const PROFILE_FIELDS: Record<string, number> = { fullName: 128, description: 64_000, culture: 10, region: 10, units: 10 };

export function updateProfile(user: EmulatorUser, fields: Record<string, string>, tags: string[] | undefined): void {
  const next = { ...(user.profile ?? {}) };
  for (const [name, max] of Object.entries(PROFILE_FIELDS)) {
    const v = fields[name];
    if (v === undefined) continue;
    if (v.length > max) throw badRequest(`Parameter '${name}' is longer than ${max} characters.`);
    if (name === "units" && v !== "" && v !== "metric" && v !== "english") throw badRequest("Parameter 'units' must be metric or english.");
    next[name] = v;
  }
  if (tags !== undefined) next.tags = tags;
  user.profile = next;
}
