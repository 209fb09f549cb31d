// Custom roles (REST "Create Role", "Role", "Update Role", "Set Privileges", "Privileges", "Delete
// Role", "Roles"; docs/fidelity.md#members): a name unique in the org, a description, and a list of
// the public privilege names. Users hold a role by its id (EmulatorUser.roleId); a role a member
// holds cannot be deleted.
import { randomBytes } from "node:crypto";
import { closest, PRIVILEGE_NAMES } from "../../spec/members";
import { badRequest, notFound } from "../errors";

export interface RoleRecord {
  id: string;
  orgId: string;
  name: string;
  description: string;
  privileges: string[];
  created: number;
  modified: number;
}

const KNOWN = new Set(PRIVILEGE_NAMES);

/** Checks privilege names: each must be a public one (the closest named otherwise). */
export function checkPrivileges(list: readonly string[]): string[] {
  for (const p of list) {
    if (!KNOWN.has(p)) throw badRequest(`Unknown privilege '${p}'; the closest known one is '${closest(p, PRIVILEGE_NAMES)}'.`);
  }
  return [...new Set(list)];
}

/** The role level of a custom role's privileges: "org_admin", "org_publisher" or "org_user" (REST user `role`). */
export function baseRole(privileges: readonly string[]): string {
  if (privileges.some((p) => p.startsWith("portal:admin:"))) return "org_admin";
  if (privileges.some((p) => p.startsWith("portal:publisher:"))) return "org_publisher";
  return "org_user";
}

export class Roles {
  readonly byId = new Map<string, RoleRecord>();

  create(orgId: string, name: string, description: string): RoleRecord {
    this.assertNameFree(orgId, name);
    const now = Date.now();
    const role = { id: randomBytes(8).toString("hex"), orgId, name, description, privileges: [], created: now, modified: now };
    this.byId.set(role.id, role);
    return role;
  }

  get(orgId: string, id: string): RoleRecord {
    const role = this.byId.get(id);
    if (!role || role.orgId !== orgId) throw notFound(`Role ${id} does not exist or is inaccessible.`);
    return role;
  }

  ofOrg(orgId: string): RoleRecord[] {
    return [...this.byId.values()].filter((r) => r.orgId === orgId);
  }

  update(role: RoleRecord, changes: { name?: string; description?: string }): void {
    if (changes.name !== undefined && changes.name !== role.name) this.assertNameFree(role.orgId, changes.name);
    if (changes.name !== undefined) role.name = changes.name;
    if (changes.description !== undefined) role.description = changes.description;
    role.modified = Date.now();
  }

  /** Deletes a role no member holds; `holders` names those who do. */
  delete(role: RoleRecord, holders: readonly string[]): void {
    if (holders.length > 0) {
      const names = holders.slice(0, 10).join(", ") + (holders.length > 10 ? ` and ${holders.length - 10} more` : "");
      throw badRequest(`Role '${role.name}' cannot be deleted: ${holders.length} member(s) hold it (${names}).`);
    }
    this.byId.delete(role.id);
  }

  private assertNameFree(orgId: string, name: string): void {
    if (name.trim() === "") throw badRequest("Parameter 'name' must not be empty.");
    const taken = this.ofOrg(orgId).find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (taken) throw badRequest(`A role named '${taken.name}' already exists (${taken.id}).`);
  }
}

/** A role as the REST "Role" resource shows it. */
export function roleView(role: RoleRecord): Record<string, unknown> {
  return { id: role.id, name: role.name, description: role.description, created: role.created, modified: role.modified };
}
