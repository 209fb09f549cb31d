// MemberCategorySchema: the organization's member category schema, one per organization
// (docs/resources/member-category-schema.md).
import type * as pulumi from "@pulumi/pulumi";
import type { MemberCategorySchemaArgs, MemberCategorySchemaOutputs } from "./generated/memberCategorySchema";
import { OrganizationSchema } from "./organizationSchema";

/** The outputs, which the engine sets (generated from the property table). */
export interface MemberCategorySchema extends MemberCategorySchemaOutputs {}

/** The member category schema of the organization the stack config reaches. */
export class MemberCategorySchema extends OrganizationSchema {
  constructor(name: string, args: MemberCategorySchemaArgs, opts?: pulumi.CustomResourceOptions) {
    super("memberCategorySchema", name, args, opts);
  }
}
