// Members as code with pulumi-gis-portal: the roster (roster.yaml) gives each member's role, user
// type and member categories; the member category tree (member-categories.yaml) is assigned by the
// same program, and each category path is checked against it at preview. Custom roles are declared
// beside the roster and referred to by their key.
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import * as portal from "pulumi-gis-portal";

interface Entry {
  username: string;
  role?: string;
  userType?: string;
  categories?: string[];
  fullName?: string;
  disabled?: boolean;
}
interface Roster {
  roles?: Record<string, { name: string; description?: string; privileges: string[] }>;
  members: Entry[];
}

const roster = parse(fs.readFileSync(path.join(__dirname, "roster.yaml"), "utf8")) as Roster;
const tree = new portal.MemberCategorySchema("member-categories", {
  memberCategorySchema: portal.loadMemberCategoryTree(path.join(__dirname, "member-categories.yaml")),
});
const roles = Object.fromEntries(Object.entries(roster.roles ?? {}).map(([key, r]) => [key, new portal.Role(key, r)]));

for (const m of roster.members) {
  const custom = m.role !== undefined ? roles[m.role] : undefined;
  // dependsOn: the tree is checked first, so the categories are checked against the tree this up assigns
  new portal.Member(m.username, { ...m, role: custom ? custom.id : m.role }, { dependsOn: [tree] });
}

export const roleIds = Object.fromEntries(Object.entries(roles).map(([k, r]) => [k, r.id]));
