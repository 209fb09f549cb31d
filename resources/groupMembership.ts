// GroupMembership: who is in a group and as what (docs/resources/group-membership.md), in a
// resource of its own so that a team can own its membership file.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { PortalResource } from "./portalResource";

export interface GroupMembershipArgs {
  /** The group: a Group's `groupId`, or the id of a group that exists. Another group replaces. */
  groupId: pulumi.Input<string>;
  /** Plain members. The group's membership becomes exactly `users` and `admins` (and its owner). */
  users?: pulumi.Input<string | pulumi.Input<string>[]>;
  /** Group administrators. The owner is always one and need not be listed. */
  admins?: pulumi.Input<string | pulumi.Input<string>[]>;
}

const argsMatchTable: tables.SameKeys<keyof GroupMembershipArgs, tables.ArgumentName<typeof tables.GROUP_MEMBERSHIP_TABLE>> = true;
void argsMatchTable;

/** A group's members and administrators, exactly as listed. Destroy removes the listed members (never the owner). */
export class GroupMembership extends PortalResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly users: pulumi.Output<string[]>;
  declare readonly admins: pulumi.Output<string[]>;
  /** The group's owner: always an administrator, never added or removed here. */
  declare readonly owner: pulumi.Output<string>;
  declare readonly schemaVersion: pulumi.Output<number>;

  constructor(name: string, args: GroupMembershipArgs, opts?: pulumi.CustomResourceOptions) {
    super("groupMembership", name, { ...propsOf(tables.GROUP_MEMBERSHIP_TABLE, args), users: args.users, admins: args.admins }, opts);
  }
}
