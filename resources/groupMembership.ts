// GroupMembership: who is in a group and as what (docs/resources/group-membership.md), in a
// resource of its own so that a team can own its membership file.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { withOutputs } from "./tableOutputs";

export interface GroupMembershipArgs {
  /** The group: a Group's `groupId`, or the id of a group that exists. Another group replaces. */
  groupId: pulumi.Input<string>;
  /** Plain members. The group's membership becomes exactly `users` and `admins` (and its owner). */
  users?: pulumi.Input<string | pulumi.Input<string>[]>;
  /** Group administrators. The owner is always one and need not be listed. */
  admins?: pulumi.Input<string | pulumi.Input<string>[]>;
}

/** A group's members and administrators, exactly as listed. Destroy removes the listed members (never the owner). */
export class GroupMembership extends withOutputs(tables.GROUP_MEMBERSHIP_TABLE) {
  constructor(name: string, args: GroupMembershipArgs, opts?: pulumi.CustomResourceOptions) {
    super("groupMembership", name, { ...propsOf(tables.GROUP_MEMBERSHIP_TABLE, args), users: args.users, admins: args.admins }, opts);
  }
}
