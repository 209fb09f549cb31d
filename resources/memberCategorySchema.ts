// MemberCategorySchema: the organization's member category schema (spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema), one per org.
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { OrganizationSchema, type AdoptSchemaArgs } from "./organizationSchema";
import { propsOf } from "./props";

/** spec.md#member-category-schema: a member category node; every level may be an Output. */
export interface MemberCategoryNodeArgs {
  /** Not empty; sibling titles must differ. */
  title: pulumi.Input<string>;
  /** Child nodes; at most 3 levels in all. */
  categories?: pulumi.Input<pulumi.Input<MemberCategoryNodeArgs>[]>;
}

/** A member category node as the portal stores it. */
export interface MemberCategoryNode {
  title: string;
  categories: MemberCategoryNode[];
}

export interface MemberCategorySchemaArgs extends AdoptSchemaArgs {
  /** spec.md#assign-member-category-schema: at least one node, at most 3 levels and 200 categories and subcategories in all. */
  memberCategorySchema: pulumi.Input<pulumi.Input<MemberCategoryNodeArgs>[]>;
}

// MemberCategorySchemaArgs names exactly the arguments of the property table (a compile error otherwise).
const argsMatchTable: tables.SameKeys<keyof MemberCategorySchemaArgs, tables.ArgumentName<typeof tables.MEMBER_CATEGORY_SCHEMA>> = true;
void argsMatchTable;

/** The member category schema of the organization the stack config reaches. */
export class MemberCategorySchema extends OrganizationSchema {
  /** The tree the portal stored, normalized (categories [] when absent). */
  declare readonly memberCategorySchema: pulumi.Output<MemberCategoryNode[]>;

  constructor(name: string, args: MemberCategorySchemaArgs, opts?: pulumi.CustomResourceOptions) {
    super("memberCategorySchema" satisfies keyof typeof tables.MEMBER_CATEGORY_SCHEMA, name, propsOf(tables.MEMBER_CATEGORY_SCHEMA, args), opts);
  }
}
