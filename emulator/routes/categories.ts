// spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema and spec.md#gap-category-schemas: assign, read and delete the content and member
// category schemas of an organization.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, ownOrg, requirePrivilege, type OpContext } from "./operation";
import { unwrapSchema, validateContentSchema, validateMemberSchema, type CategoryNode } from "../models/categories";
import { PRIVILEGES } from "../models/privileges";
import { badRequest, notFound } from "../errors";

type Ctx = OpContext & { caller: Caller };

/** One tree's facts: its property (and the names of its operations), who may change it, how it is checked and kept. */
interface Tree {
  /** The read operation and the form field / answer key holding the tree: "categorySchema". */
  property: "categorySchema" | "memberCategorySchema";
  privilege: string;
  /** For the privilege refusal: "category schema". */
  what: string;
  validate(nodes: unknown[]): CategoryNode[];
  stored(portal: Ctx["portal"]): Map<string, CategoryNode[]>;
  /** The 404 message of a delete when there is none. */
  none: string;
}

const TREES: Tree[] = [
  // spec.md#assign-category-schema, spec.md#authentication: the default administrator or a custom role with the privilege;
  // delete: spec.md#gap-category-schemas: not in docs/dev/spec.md; 404 envelope when there is none, like the member schema (unconfirmed)
  { property: "categorySchema", privilege: PRIVILEGES.assignCategorySchema, what: "category schema", validate: validateContentSchema, stored: (p) => p.categorySchemas, none: "The organization has no category schema." },
  // spec.md#assign-member-category-schema, spec.md#authentication: administrators and members with the privilege;
  // delete: spec.md#delete-member-category-schema, spec.md#errors: 404 with the message code omitted when no schema exists
  { property: "memberCategorySchema", privilege: PRIVILEGES.manageMemberCategorySchema, what: "member category schema", validate: validateMemberSchema, stored: (p) => p.memberCategorySchemas, none: "Resource does not exist or is inaccessible." },
];

/** Per tree: `assign<Tree>`, `<tree>` (the read) and `delete<Tree>`. */
export function categoryRoutes(app: FastifyInstance, emu: Emu): void {
  for (const t of TREES) {
    const name = t.property[0].toUpperCase() + t.property.slice(1);
    op(app, emu, `/portals/:portalId/assign${name}`, (ctx: Ctx) => {
      const org = ownOrg(ctx, ctx.path.portalId);
      requirePrivilege(ctx, t.privilege, `assign the ${t.what}`);
      t.stored(ctx.portal).set(org.id, t.validate(schemaParam(ctx, t.property)));
      return { success: true };
    });
    op(app, emu, `/portals/:portalId/${t.property}`, (ctx: Ctx) => {
      const org = ownOrg(ctx, ctx.path.portalId);
      return { [t.property]: t.stored(ctx.portal).get(org.id) ?? [] };
    });
    op(app, emu, `/portals/:portalId/delete${name}`, (ctx: Ctx) => {
      const org = ownOrg(ctx, ctx.path.portalId);
      requirePrivilege(ctx, t.privilege, `delete the ${t.what}`);
      if (!t.stored(ctx.portal).delete(org.id)) throw notFound(t.none);
      return { success: true };
    });
  }
}

function schemaParam(ctx: Ctx, name: string): unknown[] {
  if (!ctx.params.has(name)) throw badRequest(`Missing required parameter '${name}'.`);
  return unwrapSchema(ctx.params.json(name), name);
}
