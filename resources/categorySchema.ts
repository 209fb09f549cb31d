// CategorySchema: the organization's content category schema (spec.md#category-schema, spec.md#assign-category-schema), one per org.
import type * as pulumi from "@pulumi/pulumi";
import { organizationSchema, type AdoptSchemaArgs, type StoredTreeNode, type TreeNodeArgs } from "./organizationSchema";

/** spec.md#category-schema: a content category node (title at most 100 characters; at most 4 levels); every level may be an Output. */
export interface CategoryNodeArgs extends TreeNodeArgs<CategoryNodeArgs> {
  /** At most 300 characters. */
  description?: pulumi.Input<string>;
}

/** A content category node as the portal stores it. */
export interface CategoryNode extends StoredTreeNode<CategoryNode> {
  description: string;
}

export interface CategorySchemaArgs extends AdoptSchemaArgs {
  /** spec.md#assign-category-schema: 1 to 5 trees, at most 4 levels and 200 categories in all. See loadCategoryTree(). */
  categorySchema: pulumi.Input<pulumi.Input<CategoryNodeArgs>[]>;
}

/**
 * The content category schema of the organization the stack config (portal:url, portal:token)
 * reaches. Create and update assign the whole tree; destroy deletes it.
 */
export class CategorySchema extends organizationSchema<"categorySchema", CategorySchemaArgs, { CategoryNode: CategoryNode }>("categorySchema") {}
