// The Role and Member lines of an exported program: each custom role adopted by id (`adoptRoleId`),
// each member by username with the fields the portal holds, a custom role by its Role resource's id.
// The first `up` of the program writes nothing.

export interface ExportedRole {
  id: string;
  name: string;
  description?: string;
  privileges: string[];
}

export interface ExportedMember {
  username: string;
  role?: string;
  roleId?: string;
  userLicenseTypeId?: string;
  categories?: string[];
  disabled?: boolean;
}

const q = JSON.stringify;
/** The built-in Viewer's role id on ArcGIS Online, and the names portals give it. */
const VIEWER_IDS = new Set(["iAAAAAAAAAAAAAAA", "viewer", "org_viewer"]);
const BUILT_IN = new Set(["org_admin", "org_publisher", "org_user", "org_viewer"]);

/** The member's role as Member.role takes it: a built-in name, or the code of its Role's id. */
function roleArg(m: ExportedMember, roles: Map<string, string>): string {
  if (m.roleId && VIEWER_IDS.has(m.roleId)) return q("org_viewer");
  if (m.roleId && BUILT_IN.has(m.roleId)) return q(m.roleId);
  if (m.roleId) return roles.has(m.roleId) ? `${roles.get(m.roleId)}.id` : q(m.roleId);
  return q(m.role ?? "org_user");
}

/** The key a role's identifier is made from (renderProgram makes every identifier at once). */
export const roleIdentKey = (r: ExportedRole) => `role ${r.name}`;

export function memberSection(members: readonly ExportedMember[] | undefined, roles: readonly ExportedRole[] | undefined, idents: Map<string, string>): string[] {
  if (!members && !roles) return [];
  const byId = new Map((roles ?? []).map((r) => [r.id, idents.get(roleIdentKey(r))!]));
  const lines: string[] = [];
  if (roles && roles.length > 0) lines.push("", `// Custom roles (${roles.length})`);
  for (const r of roles ?? []) {
    const privileges = `[${[...r.privileges].sort().map((p) => q(p)).join(", ")}]`;
    const description = r.description ? `, description: ${q(r.description)}` : "";
    lines.push(`const ${byId.get(r.id)} = new portal.Role(${q(`role-${r.name}`)}, { adoptRoleId: ${q(r.id)}, name: ${q(r.name)}${description}, privileges: ${privileges} }, adopted);`);
  }
  if (members && members.length > 0) lines.push("", `// Members (${members.length}): role, user type and member categories`);
  for (const m of [...(members ?? [])].sort((a, b) => (a.username < b.username ? -1 : 1))) {
    const args = [`username: ${q(m.username)}`, `role: ${roleArg(m, byId)}`];
    if (m.userLicenseTypeId) args.push(`userType: ${q(m.userLicenseTypeId)}`);
    const categories = (m.categories ?? []).map((c) => c.replace(/^\/Categories(?=\/)/, "")).sort();
    if (categories.length > 0) args.push(`categories: [${categories.map((c) => q(c)).join(", ")}]`);
    if (m.disabled === true) args.push("disabled: true");
    lines.push(`new portal.Member(${q(m.username)}, { ${args.join(", ")} }, adopted);`);
  }
  return lines;
}
