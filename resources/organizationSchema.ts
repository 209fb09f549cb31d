// What the two category schema classes share: the adopt argument, the outputs besides the tree, and
// the constructor (the provider stub of the kind, the tree's diff hidden behind its outline, the
// type token). CategorySchema and MemberCategorySchema add only their tree's types.
import type * as pulumi from "@pulumi/pulumi";
import { hideTreeDiff } from "./options";
import { PortalResource } from "./portalResource";

export interface AdoptSchemaArgs {
  /**
   * The organization already has a schema (docs/adopting.md): the first preview compares with the
   * tree the portal holds and lists only what differs; the first up assigns nothing when nothing does.
   */
  adopt?: pulumi.Input<boolean>;
}

/** One organization category schema: a singleton per organization, its id the organization id. */
export abstract class OrganizationSchema extends PortalResource {
  /** Every node by path, e.g. {"Categories/Water/Rivers": "<description>"}; previews diff this. */
  declare readonly outline: pulumi.Output<Record<string, string>>;
  /** The organization id (also the resource id). */
  declare readonly portalId: pulumi.Output<string>;
  /** The state layout version (spec.md#design-state-version). */
  declare readonly schemaVersion: pulumi.Output<number>;

  protected constructor(kind: "categorySchema" | "memberCategorySchema", name: string, props: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
    super(kind, name, props, opts, { urn: false, options: (o) => hideTreeDiff(o, kind) });
  }
}
