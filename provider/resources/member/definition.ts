// The Member resource: an existing user of the organization (docs/resources/member.md).
import { defineResource, type StateProps } from "../machinery/definition";
import { member as provider } from "./provider";
import { MEMBER_TABLE } from "./table";

function deleteLines(o: StateProps): string[] {
  return o.resetOnDelete === true
    ? [`- member ${o.username ?? "?"}: its categories are cleared and the user gets the User role (resetOnDelete)`]
    : [`- member ${o.username ?? "?"}: no longer managed; the user stays as it is`];
}

export const orgMember = defineResource({
  kind: "orgMember",
  name: "Member",
  table: MEMBER_TABLE,
  provider,
  deleteLines,
  docsPage: "member.md",
  generatedClass: {
    doc: "An existing user of the organization: role, user type, member categories, profile and the disabled flag. " +
      "Destroying it leaves the user as it is unless `resetOnDelete`.",
  },
});
