// Group: a portal group as code (docs/resources/group.md): its title, access and settings. Members
// are a GroupMembership of their own; items join it through `PortalItem.sharing.groups`.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { withOutputs } from "./tableOutputs";

export interface GroupArgs {
  /** At most 250 characters, unique among the owner's groups. A new title renames the group (same id). */
  title: pulumi.Input<string>;
  /** Who can find the group: its members, the organization, or everyone. */
  access: pulumi.Input<"private" | "org" | "public">;
  /** Less than 64 KB. */
  description?: pulumi.Input<string>;
  /** The summary; at most 250 characters. */
  snippet?: pulumi.Input<string>;
  /** A list, or comma-delimited text. */
  tags?: pulumi.Input<string | pulumi.Input<string>[]>;
  /** Users cannot ask to join. */
  isInvitationOnly?: pulumi.Input<boolean>;
  /** Only the group's owner and administrators can share items with it. */
  isViewOnly?: pulumi.Input<boolean>;
  sortField?: pulumi.Input<"title" | "owner" | "avgrating" | "numviews" | "created" | "modified">;
  sortOrder?: pulumi.Input<"asc" | "desc">;
  /** A shared-update group: its members can update the items shared with it. Set at create only: a change replaces the group. */
  sharedUpdate?: pulumi.Input<boolean>;
  /** Delete protection. Unset: not managed. */
  protected?: pulumi.Input<boolean>;
  /** A local PNG, GIF or JPEG of at most 10 MB. */
  thumbnailFile?: pulumi.Input<string>;
  /** Adopt a group that exists (docs/adopting.md): only the fields that differ are written. */
  adoptGroupId?: pulumi.Input<string>;
}

/** A portal group (community/createGroup). Give `groupId` to `PortalItem.sharing.groups` and `GroupMembership`. */
export class Group extends withOutputs(tables.GROUP_TABLE) {
  constructor(name: string, args: GroupArgs, opts?: pulumi.CustomResourceOptions) {
    super("group", name, { ...propsOf(tables.GROUP_TABLE, args), title: args.title, access: args.access }, opts, { hidden: ["groupId"] });
  }
}
