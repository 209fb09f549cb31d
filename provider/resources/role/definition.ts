// The Role resource: a custom role of the organization (docs/resources/role.md).
import { defineResource, type StateProps } from "../machinery/definition";
import { quoted } from "../machinery/deleteLines";
import { role as provider } from "./provider";
import { ROLE_TABLE } from "./table";

function deleteLines(o: StateProps): string[] {
  const n = Array.isArray(o.privileges) ? o.privileges.length : 0;
  return [
    `- delete role ${quoted(o.name)} (${o.roleId ?? "?"}, ${n} privilege${n === 1 ? "" : "s"})`,
    "! refused while members hold it: give them another role first",
  ];
}

export const role = defineResource({
  kind: "role",
  name: "Role",
  table: ROLE_TABLE,
  provider,
  deleteLines,
  docsPage: "role.md",
  privilege: { privilege: "portal:admin:manageRoles", doing: "create custom roles", adminOnly: true },
  generatedClass: {
    doc: "A custom role: a name and a list of the public privilege names. Destroying it is refused while members " +
      "hold it.",
    hidden: ["roleId"],
  },
});
