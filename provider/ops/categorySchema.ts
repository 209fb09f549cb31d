// Organization category schemas: content (spec.md#category-schema, spec.md#assign-category-schema) and member (spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema), with the
// reads and the content delete of spec.md#gap-category-schemas. The portal id comes from
// portals/self of the client's token. Assigns replace the whole tree, so repeating one is safe.
import type { PortalClient } from "../rest/client";
import { portalPath } from "./paths";

/** spec.md#category-schema: a content category node. */
export interface CategoryNode {
  title: string;
  description?: string;
  categories?: CategoryNode[];
}

/** spec.md#member-category-schema: a member category node. */
export interface MemberCategoryNode {
  title: string;
  categories?: MemberCategoryNode[];
}

export interface SuccessResponse {
  success: boolean;
}

/**
 * spec.md#assign-category-schema assignCategorySchema: replaces the content category schema. Sent as the form field
 * `categorySchema` holding `{"categorySchema":[…]}` (spec.md#gap-category-schemas; docs/dev/spec.md leaves the name open).
 * Errors: 400 ORG_1132 for an empty or oversized schema.
 */
export async function assignCategorySchema(client: PortalClient, categorySchema: CategoryNode[]): Promise<SuccessResponse> {
  const body = { categorySchema: JSON.stringify({ categorySchema }) };
  return client.request("assignCategorySchema", await portalPath(client, "assignCategorySchema"), body, { safeToRetry: true });
}

/** spec.md#gap-category-schemas: GET portals/<id>/categorySchema → `{categorySchema:[…]}` (`[]` when none). */
export async function getCategorySchema(client: PortalClient): Promise<{ categorySchema: CategoryNode[] }> {
  const r = await client.request("categorySchema", await portalPath(client, "categorySchema"), {}, { method: "GET" });
  return { categorySchema: Array.isArray(r?.categorySchema) ? r.categorySchema : [] };
}

/** spec.md#gap-category-schemas: POST portals/<id>/deleteCategorySchema (not in docs/dev/spec.md; exists in the public API). */
export async function deleteCategorySchema(client: PortalClient): Promise<SuccessResponse> {
  return client.request("deleteCategorySchema", await portalPath(client, "deleteCategorySchema"));
}

/**
 * spec.md#assign-member-category-schema assignMemberCategorySchema: form field `memberCategorySchema` = JSON of spec.md#member-category-schema
 * `{"memberCategorySchema":[…]}`. Errors: 400 ORG_1132 for an empty or oversized schema.
 */
export async function assignMemberCategorySchema(client: PortalClient, memberCategorySchema: MemberCategoryNode[]): Promise<SuccessResponse> {
  const body = { memberCategorySchema: JSON.stringify({ memberCategorySchema }) };
  return client.request("assignMemberCategorySchema", await portalPath(client, "assignMemberCategorySchema"), body, { safeToRetry: true });
}

/** spec.md#gap-category-schemas: GET portals/<id>/memberCategorySchema → `{memberCategorySchema:[…]}`. */
export async function getMemberCategorySchema(client: PortalClient): Promise<{ memberCategorySchema: MemberCategoryNode[] }> {
  const r = await client.request("memberCategorySchema", await portalPath(client, "memberCategorySchema"), {}, { method: "GET" });
  return { memberCategorySchema: Array.isArray(r?.memberCategorySchema) ? r.memberCategorySchema : [] };
}

/** spec.md#delete-member-category-schema deleteMemberCategorySchema: `f` only → `{success}`; 404 when there is none (spec.md#errors). */
export async function deleteMemberCategorySchema(client: PortalClient): Promise<SuccessResponse> {
  return client.request("deleteMemberCategorySchema", await portalPath(client, "deleteMemberCategorySchema"));
}

/** One tree's operations: assign the whole tree, read it (`[]` when there is none), delete it. */
export interface TreeOps<Node> {
  assign(client: PortalClient, tree: Node[]): Promise<SuccessResponse>;
  get(client: PortalClient): Promise<Node[]>;
  remove(client: PortalClient): Promise<SuccessResponse>;
}

/** The operations above grouped by tree: "content" (CategorySchema) and "member" (MemberCategorySchema). */
export const CATEGORY_TREE_OPS: { content: TreeOps<CategoryNode>; member: TreeOps<MemberCategoryNode> } = {
  content: { assign: assignCategorySchema, get: async (client) => (await getCategorySchema(client)).categorySchema, remove: deleteCategorySchema },
  member: { assign: assignMemberCategorySchema, get: async (client) => (await getMemberCategorySchema(client)).memberCategorySchema, remove: deleteMemberCategorySchema },
};
