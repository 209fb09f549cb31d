// GroupMembership: who is in a group and as what (docs/resources/group-membership.md), in a
// resource of its own so that a team can own its membership file.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import type { GroupMembershipArgs, GroupMembershipOutputs } from "./generated/groupMembership";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";

/** The outputs, which the engine sets (generated from the property table). */
export interface GroupMembership extends GroupMembershipOutputs {}

/** A group's members and administrators, exactly as listed. Destroy removes the listed members (never the owner). */
export class GroupMembership extends PortalResource {
  constructor(name: string, args: GroupMembershipArgs, opts?: pulumi.CustomResourceOptions) {
    const props = { ...propsOf(tables.GROUP_MEMBERSHIP_TABLE, args), users: args.users, admins: args.admins };
    super("groupMembership", name, props, opts);
  }
}
