// The Member resource: an existing user of the organization (docs/resources/member.md).
import { defineResource, type StateProps } from "../machinery/definition";
import { member as provider } from "./provider";
import { MEMBER_TABLE } from "./table";

function deleteLines(o: StateProps): string[] {
  return o.resetOnDelete === true
    ? [`- member ${o.username ?? "?"}: the categories it set are cleared and the user gets the User role (resetOnDelete)`]
    : [`- member ${o.username ?? "?"}: no longer managed; the user stays as it is`];
}

export const member = defineResource({
  kind: "member",
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
