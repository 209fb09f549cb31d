// The GroupMembership resource: who is in a group, and as what (docs/resources/group-membership.md).
import { defineResource, type StateProps } from "../machinery/definition";
import { groupMembership as provider } from "./provider";
import { GROUP_MEMBERSHIP_TABLE } from "./table";

function deleteLines(o: StateProps): string[] {
  const users = Array.isArray(o.users) ? o.users : [];
  const admins = Array.isArray(o.admins) ? o.admins.map((n) => `${n} (admin)`) : [];
  const names = [...users, ...admins];
  const listed = names.length > 0 ? `: ${names.join(", ")}` : "";
  const members = `${names.length} member${names.length === 1 ? "" : "s"}`;
  return [`- remove ${members} from group ${o.groupId ?? "?"}${listed} (the owner stays)`];
}

export const groupMembership = defineResource({
  kind: "groupMembership",
  name: "GroupMembership",
  table: GROUP_MEMBERSHIP_TABLE,
  provider,
  deleteLines,
  docsPage: "group-membership.md",
});
