// What the two category schema classes share: the constructor (the props from the kind's property
// table, the provider stub of the kind, the tree's diff hidden behind its outline, the type token).
// The node types, the arguments and the outputs of each are generated from its property table
// (resources/generated/categorySchema.ts, memberCategorySchema.ts).
import type * as pulumi from "@pulumi/pulumi";
import { resourceDefinitions } from "../provider";
import type { ResourceKind } from "./generated/kinds";
import { hideTreeDiff } from "./options";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";

/**
 * The base class of one organization category schema: a singleton per organization, its id the
 * organization id, its nested tree's diff shown as its outline.
 */
export abstract class OrganizationSchema extends PortalResource {
  protected constructor(kind: ResourceKind, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    const options = (o: pulumi.CustomResourceOptions | undefined) => hideTreeDiff(o, kind);
    super(kind, name, propsOf(resourceDefinitions[kind].table, args), opts, { urn: false, options });
  }
}
