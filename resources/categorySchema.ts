// CategorySchema: the organization's content category schema (docs/resources/category-schema.md), one per org.
import type * as pulumi from "@pulumi/pulumi";
import type { CategorySchemaArgs, CategorySchemaOutputs } from "./generated/categorySchema";
import { OrganizationSchema } from "./organizationSchema";

/** The outputs, which the engine sets (generated from the property table). */
export interface CategorySchema extends CategorySchemaOutputs {}

/**
 * The content category schema of the organization the stack config (portal:url, portal:token)
 * reaches. Create and update assign the whole tree; destroy deletes it.
 */
export class CategorySchema extends OrganizationSchema {
  constructor(name: string, args: CategorySchemaArgs, opts?: pulumi.CustomResourceOptions) {
    super("categorySchema", name, args, opts);
  }
}
