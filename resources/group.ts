// Group: a portal group as code (docs/resources/group.md): its title, access and settings. Members
// are a GroupMembership of their own; items join it through `PortalItem.sharing.groups`.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import type { GroupArgs, GroupOutputs } from "./generated/group";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";

/** The outputs, which the engine sets (generated from the property table). */
export interface Group extends GroupOutputs {}

/** A portal group (community/createGroup). Give `groupId` to `PortalItem.sharing.groups` and `GroupMembership`. */
export class Group extends PortalResource {
  constructor(name: string, args: GroupArgs, opts?: pulumi.CustomResourceOptions) {
    const props = { ...propsOf(tables.GROUP_TABLE, args), title: args.title, access: args.access };
    super("group", name, props, opts, { hidden: ["groupId"] });
  }
}
