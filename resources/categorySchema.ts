// CategorySchema: the organization's content category schema (spec.md#category-schema, spec.md#assign-category-schema), one per org.
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { OrganizationSchema, type AdoptSchemaArgs } from "./organizationSchema";
import { propsOf } from "./props";

/** spec.md#category-schema: a content category node; every level may be an Output. */
export interface CategoryNodeArgs {
  /** At most 100 characters, not empty; sibling titles must differ. */
  title: pulumi.Input<string>;
  /** At most 300 characters. */
  description?: pulumi.Input<string>;
  /** Child nodes; at most 4 levels in all. */
  categories?: pulumi.Input<pulumi.Input<CategoryNodeArgs>[]>;
}

/** A content category node as the portal stores it. */
export interface CategoryNode {
  title: string;
  description: string;
  categories: CategoryNode[];
}

export interface CategorySchemaArgs extends AdoptSchemaArgs {
  /** spec.md#assign-category-schema: 1 to 5 trees, at most 4 levels and 200 categories in all. See loadCategoryTree(). */
  categorySchema: pulumi.Input<pulumi.Input<CategoryNodeArgs>[]>;
}

// CategorySchemaArgs names exactly the arguments of the property table (a compile error otherwise).
const argsMatchTable: tables.SameKeys<keyof CategorySchemaArgs, tables.ArgumentName<typeof tables.CATEGORY_SCHEMA>> = true;
void argsMatchTable;

/**
 * The content category schema of the organization the stack config (portal:url, portal:token)
 * reaches. Create and update assign the whole tree; destroy deletes it.
 */
export class CategorySchema extends OrganizationSchema {
  /** The tree the portal stored, normalized (description "" and categories [] when absent). */
  declare readonly categorySchema: pulumi.Output<CategoryNode[]>;

  constructor(name: string, args: CategorySchemaArgs, opts?: pulumi.CustomResourceOptions) {
    super("categorySchema" satisfies keyof typeof tables.CATEGORY_SCHEMA, name, propsOf(tables.CATEGORY_SCHEMA, args), opts);
  }
}
