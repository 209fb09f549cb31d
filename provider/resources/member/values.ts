// A member's managed fields in one form for the program's inputs, the state and the portal's user:
// roles by their `updateUserRole` name, categories as sorted tree paths without the "/Categories"
// root the portal stores, so that the three compare equal.
import { BUILT_IN_ROLES, USER_TYPES, type BuiltInRole, type UserType } from "../../../spec/members";
import type { PortalMember } from "../../ops";
import { isUnknown } from "../../rules/unknown";
import type { RawInputs } from "../machinery/state";

export const MANAGED = ["role", "userType", "categories", "fullName", "description", "tags", "culture", "region", "units", "disabled"] as const;
export type Managed = (typeof MANAGED)[number];
export const PROFILE: readonly Managed[] = ["fullName", "description", "tags", "culture", "region", "units"];

const ROLE_WORDS: Record<string, BuiltInRole> = { administrator: "org_admin", publisher: "org_publisher", user: "org_user", viewer: "org_viewer" };
/** The built-in Viewer's role id on ArcGIS Online, and the emulator's names of it. */
const VIEWER_IDS = new Set(["iAAAAAAAAAAAAAAA", "viewer", "org_viewer"]);

/** A role as given (`Publisher`, `org_publisher`, a custom id) in its `updateUserRole` form. */
export function roleKey(role: string): string {
  if (isUnknown(role)) return role;
  const word = ROLE_WORDS[role.toLowerCase()];
  return word ?? (role.toLowerCase() in BUILT_IN_ROLES ? role.toLowerCase() : role);
}

/** `/Categories/Department/Sales`, `Department/Sales` → `/Department/Sales`. */
export function categoryPath(p: string): string {
  const bare = p.replace(/^\/+/, "").replace(/\/+$/, "");
  return `/${bare.startsWith("Categories/") ? bare.slice("Categories/".length) : bare}`;
}

export const sortedPaths = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.map((x) => categoryPath(String(x))))].sort() : []);

/** The role a portal user holds, in `updateUserRole` form. */
export function heldRole(u: PortalMember): string {
  if (u.roleId && VIEWER_IDS.has(u.roleId)) return "org_viewer";
  if (u.roleId && u.roleId in BUILT_IN_ROLES) return u.roleId;
  if (u.roleId) return u.roleId;
  return u.role ?? "org_user";
}

/** The portal's values of the managed fields. */
export function heldValues(u: PortalMember): Record<Managed, unknown> {
  return {
    role: heldRole(u),
    userType: u.userLicenseTypeId,
    categories: sortedPaths(u.categories ?? []),
    fullName: u.fullName,
    description: u.description ?? "",
    tags: u.tags ?? [],
    culture: u.culture,
    region: u.region,
    units: u.units,
    disabled: u.disabled === true,
  };
}

/** The program's inputs in the same form (role keys, sorted paths). */
export function normalizeInputs(inputs: RawInputs): void {
  if (typeof inputs.role === "string") inputs.role = roleKey(inputs.role);
  if (Array.isArray(inputs.categories) && !inputs.categories.some(isUnknown)) inputs.categories = sortedPaths(inputs.categories);
}

/** A role or user type as a plan line names it (`Publisher`, a custom role's name). */
export function roleName(role: unknown, customNames: ReadonlyMap<string, string>): string {
  if (typeof role !== "string") return "(none)";
  if (isUnknown(role)) return "[unknown]";
  return BUILT_IN_ROLES[role as BuiltInRole] ?? customNames.get(role) ?? role;
}

export const typeName = (t: unknown) => (typeof t === "string" ? USER_TYPES[t as UserType] ?? t : "(none)");

/** The managed fields whose program value is set and known, and differs from `from`. */
export function changedFields(from: Record<string, unknown>, to: RawInputs): Managed[] {
  return MANAGED.filter((k) => to[k] !== undefined && !isUnknown(to[k]) && JSON.stringify(norm(k, from[k])) !== JSON.stringify(norm(k, to[k])));
}

function norm(k: Managed, v: unknown): unknown {
  if (k === "categories") return sortedPaths(v);
  if (k === "tags") return Array.isArray(v) ? [...v].map(String) : v;
  if (k === "description") return v ?? "";
  if (k === "disabled") return v === true;
  return v;
}
