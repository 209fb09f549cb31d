// spec.md#assign-member-category-schema "at most 20 member categories per member": reading a member and setting their member
// categories (public API user resource and update; unconfirmed for docs/dev/spec.md's service).
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, requirePrivilege, type OpContext } from "./operation";
import { validateMemberCategories } from "../models/memberCategories";
import { PRIVILEGES } from "../models/privileges";
import { notFound } from "../errors";
import { canSee, groupView } from "../models/groups";
import { userProfile } from "../models/publicShapes";

type Ctx = OpContext & { caller: Caller };

export function memberRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/community/users/:username", user);
  op(app, emu, "/community/users/:username/update", updateUser);
}

function member(ctx: Ctx) {
  const user = ctx.portal.directory.users.get(ctx.path.username);
  // another org's member is as invisible as a missing one
  if (!user || user.orgId !== ctx.caller.org.id) throw notFound(`User ${ctx.path.username} does not exist or is inaccessible.`);
  return user;
}

function user(ctx: Ctx) {
  const u = member(ctx);
  // REST user: the groups the user is a member of (those the caller can see)
  const orgAdmin = ctx.portal.isOrgAdmin(ctx.caller.user);
  const groups = ctx.portal.groups.ofMember(u.username).filter((g) => canSee(g, ctx.caller, orgAdmin)).map((g) => groupView(g));
  // every key of the public user shape (REST "User"), the member categories and groups modelled
  return { ...userProfile(u), categories: ctx.portal.userCategories.get(u.username) ?? [], groups };
}

/** Only member categories are modelled: an administrator (or the schema privilege) sets them. */
function updateUser(ctx: Ctx) {
  const u = member(ctx);
  if (ctx.params.fields.categories !== undefined) {
    requirePrivilege(ctx, PRIVILEGES.manageMemberCategorySchema, `set the member categories of ${u.username}`);
    const schema = ctx.portal.memberCategorySchemas.get(u.orgId) ?? [];
    ctx.portal.userCategories.set(u.username, validateMemberCategories(ctx.params.fields.categories, schema));
  }
  return { success: true, username: u.username };
}
