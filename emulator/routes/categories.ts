// spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema and spec.md#gap-category-schemas: assign, read and delete the content and member
// category schemas of an organization.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, ownOrg, requirePrivilege, type OpContext } from "./operation";
import { unwrapSchema, validateContentSchema, validateMemberSchema } from "../models/categories";
import { PRIVILEGES } from "../models/privileges";
import { badRequest, notFound } from "../errors";

type Ctx = OpContext & { caller: Caller };

export function categoryRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/portals/:portalId/assignCategorySchema", assignCategorySchema);
  op(app, emu, "/portals/:portalId/categorySchema", categorySchema);
  op(app, emu, "/portals/:portalId/deleteCategorySchema", deleteCategorySchema);
  op(app, emu, "/portals/:portalId/assignMemberCategorySchema", assignMemberCategorySchema);
  op(app, emu, "/portals/:portalId/memberCategorySchema", memberCategorySchema);
  op(app, emu, "/portals/:portalId/deleteMemberCategorySchema", deleteMemberCategorySchema);
}

function schemaParam(ctx: Ctx, name: string): unknown[] {
  if (!ctx.params.has(name)) throw badRequest(`Missing required parameter '${name}'.`);
  return unwrapSchema(ctx.params.json(name), name);
}

/** spec.md#assign-category-schema, spec.md#authentication: the default administrator or a custom role with the privilege. */
function assignCategorySchema(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, PRIVILEGES.assignCategorySchema, "assign the category schema");
  ctx.portal.categorySchemas.set(org.id, validateContentSchema(schemaParam(ctx, "categorySchema")));
  return { success: true };
}

function categorySchema(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  return { categorySchema: ctx.portal.categorySchemas.get(org.id) ?? [] };
}

/** spec.md#gap-category-schemas: not in docs/spec.md; 404 envelope when there is none, like the member schema (unconfirmed). */
function deleteCategorySchema(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, PRIVILEGES.assignCategorySchema, "delete the category schema");
  if (!ctx.portal.categorySchemas.delete(org.id)) throw notFound("The organization has no category schema.");
  return { success: true };
}

/** spec.md#assign-member-category-schema, spec.md#authentication: administrators and members with the privilege. */
function assignMemberCategorySchema(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, PRIVILEGES.manageMemberCategorySchema, "assign the member category schema");
  ctx.portal.memberCategorySchemas.set(org.id, validateMemberSchema(schemaParam(ctx, "memberCategorySchema")));
  return { success: true };
}

function memberCategorySchema(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  return { memberCategorySchema: ctx.portal.memberCategorySchemas.get(org.id) ?? [] };
}

/** spec.md#delete-member-category-schema, spec.md#errors: 404 with the message code omitted when no schema exists. */
function deleteMemberCategorySchema(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, PRIVILEGES.manageMemberCategorySchema, "delete the member category schema");
  if (!ctx.portal.memberCategorySchemas.delete(org.id)) throw notFound("Resource does not exist or is inaccessible.");
  return { success: true };
}
