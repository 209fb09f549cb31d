// What the two category schema classes share: the node types' common part, the adopt argument, the
// outputs besides the tree, and the constructor (the props from the kind's property table, the
// provider stub of the kind, the tree's diff hidden behind its outline, the type token).
// CategorySchema and MemberCategorySchema add only their tree's own node fields and argument.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { hideTreeDiff } from "./options";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";

/** A node of a category tree as a program writes it (`Node`: the tree's own node type); every level may be an Output. */
export interface TreeNodeArgs<Node> {
  /** Not empty; sibling titles must differ. */
  title: pulumi.Input<string>;
  /** Child nodes, up to the tree's level limit. */
  categories?: pulumi.Input<pulumi.Input<Node>[]>;
}

/** A node of a category tree as the portal stores it (`categories` is `[]` when absent). */
export interface StoredTreeNode<Node> {
  title: string;
  categories: Node[];
}

/** Each kind's property table. */
const SCHEMA_TABLES = { categorySchema: tables.CATEGORY_SCHEMA, memberCategorySchema: tables.MEMBER_CATEGORY_SCHEMA };
type Kind = keyof typeof SCHEMA_TABLES;

/** `Args` when it names exactly the arguments of the kind's property table, else never (a compile error at the class's super call). */
type TableArgs<K extends Kind, Args> = tables.SameKeys<keyof Args, tables.ArgumentName<(typeof SCHEMA_TABLES)[K]>> extends true ? Args : never;

export interface AdoptSchemaArgs {
  /**
   * The organization already has a schema (docs/adopting.md): the first preview compares with the
   * tree the portal holds and lists only what differs; the first up assigns nothing when nothing does.
   */
  adopt?: pulumi.Input<boolean>;
}

/** One organization category schema: a singleton per organization, its id the organization id; `Args` must name exactly its table's arguments. */
export abstract class OrganizationSchema<K extends Kind, Args extends AdoptSchemaArgs> extends PortalResource {
  /** Every node by path, e.g. {"Categories/Water/Rivers": "<description>"}; previews diff this. */
  declare readonly outline: pulumi.Output<Record<string, string>>;
  /** The organization id (also the resource id). */
  declare readonly portalId: pulumi.Output<string>;
  /** The state layout version (spec.md#design-state-version). */
  declare readonly schemaVersion: pulumi.Output<number>;

  protected constructor(kind: K, name: string, args: TableArgs<K, Args>, opts?: pulumi.CustomResourceOptions) {
    super(kind, name, propsOf(SCHEMA_TABLES[kind], args), opts, { urn: false, options: (o) => hideTreeDiff(o, kind) });
  }
}
