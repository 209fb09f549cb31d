// MemberCategorySchema: the organization's member category schema (spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema), one per org.
import type * as pulumi from "@pulumi/pulumi";
import { organizationSchema, type AdoptSchemaArgs, type StoredTreeNode, type TreeNodeArgs } from "./organizationSchema";

/** spec.md#member-category-schema: a member category node, title and children only (at most 3 levels); every level may be an Output. */
export type MemberCategoryNodeArgs = TreeNodeArgs<MemberCategoryNodeArgs>;

/** A member category node as the portal stores it. */
export type MemberCategoryNode = StoredTreeNode<MemberCategoryNode>;

export interface MemberCategorySchemaArgs extends AdoptSchemaArgs {
  /** spec.md#assign-member-category-schema: at least one node, at most 3 levels and 200 categories and subcategories in all. */
  memberCategorySchema: pulumi.Input<pulumi.Input<MemberCategoryNodeArgs>[]>;
}

/** The member category schema of the organization the stack config reaches. */
export class MemberCategorySchema extends organizationSchema<"memberCategorySchema", MemberCategorySchemaArgs, { MemberCategoryNode: MemberCategoryNode }>("memberCategorySchema") {}
