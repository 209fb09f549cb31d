// MemberCategorySchema: the organization's member category schema (spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema), one per org.
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { providerStub } from "./stub";
import { hideTreeDiff } from "./options";

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

export interface MemberCategorySchemaArgs {
  /** spec.md#assign-member-category-schema: at least one node, at most 3 levels and 200 categories and subcategories in all. */
  memberCategorySchema: pulumi.Input<pulumi.Input<MemberCategoryNodeArgs>[]>;
  /**
   * The organization already has a schema (docs/adopting.md): the first preview compares with the
   * tree the portal holds and lists only what differs; the first up assigns nothing when nothing does.
   */
  adopt?: pulumi.Input<boolean>;
}

// MemberCategorySchemaArgs names exactly the arguments of the property table (a compile error otherwise).
const argsMatchTable: tables.SameKeys<keyof MemberCategorySchemaArgs, tables.ArgumentName<typeof tables.MEMBER_CATEGORY_SCHEMA>> = true;
void argsMatchTable;

/** The member category schema of the organization the stack config reaches. */
export class MemberCategorySchema extends pulumi.dynamic.Resource {
  /** The tree the portal stored, normalized (categories [] when absent). */
  declare readonly memberCategorySchema: pulumi.Output<MemberCategoryNode[]>;
  /** Every node by path, e.g. {"Departments/Planning": ""}; previews diff this. */
  declare readonly outline: pulumi.Output<Record<string, string>>;
  /** The organization id (also the resource id). */
  declare readonly portalId: pulumi.Output<string>;
  /** The state layout version (spec.md#design-state-version). */
  declare readonly schemaVersion: pulumi.Output<number>;

  constructor(name: string, args: MemberCategorySchemaArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerStub("memberCategorySchema"), name, propsOf(tables.MEMBER_CATEGORY_SCHEMA, args), hideTreeDiff(opts, "memberCategorySchema" satisfies keyof typeof tables.MEMBER_CATEGORY_SCHEMA), "portal", "MemberCategorySchema");
  }
}
