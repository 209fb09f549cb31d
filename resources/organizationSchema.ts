// What the two category schema classes share: the node types' common part, the adopt argument, the
// outputs (from the kind's property table), and the constructor (the props from the kind's property table, the
// provider stub of the kind, the tree's diff hidden behind its outline, the type token).
// CategorySchema and MemberCategorySchema add only their tree's own node fields and argument.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { hideTreeDiff } from "./options";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";
import type { NamedTypes, TableOutputs } from "./tableOutputs";

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

type SchemaClass<K extends Kind, Args, N extends NamedTypes> = new (name: string, args: TableArgs<K, Args>, opts?: pulumi.CustomResourceOptions) => PortalResource & TableOutputs<(typeof SCHEMA_TABLES)[K], N>;

/**
 * The base class of one organization category schema: a singleton per organization, its id the
 * organization id; `Args` must name exactly its table's arguments, and its outputs are the table's
 * (`N`: the named types their texts use, such as `CategoryNode`).
 */
export function organizationSchema<K extends Kind, Args extends AdoptSchemaArgs, N extends NamedTypes>(kind: K): SchemaClass<K, Args, N> {
  // the engine sets the outputs at run time (each has a key in the props); the cast only types them
  return class extends PortalResource {
    constructor(name: string, args: TableArgs<K, Args>, opts?: pulumi.CustomResourceOptions) {
      super(kind, name, propsOf(SCHEMA_TABLES[kind], args), opts, { urn: false, options: (o) => hideTreeDiff(o, kind) });
    }
  } as unknown as SchemaClass<K, Args, N>;
}
