// Custom roles (REST "Create Role", "Roles", "Role", "Update Role", "Set Privileges", "Privileges",
// "Delete Role"; docs/fidelity.md#members). Routes parse and render; models/roles.ts and
// models/members.ts hold the rules.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, ownOrg, requirePrivilege, type OpContext } from "./operation";
import { badRequest } from "../errors";
import { checkPrivileges, roleView } from "../models/roles";
import { holdersOf, setRolePrivileges } from "../models/members";
import { page } from "./paging";

type Ctx = OpContext & { caller: Caller };

const MANAGE_ROLES = "portal:admin:manageRoles";
const ROLE = "/portals/:portalId/roles/:roleId";

export function roleRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/portals/:portalId/createRole", createRole);
  op(app, emu, "/portals/:portalId/roles", roles);
  op(app, emu, ROLE, (ctx) => roleView(role(ctx)));
  op(app, emu, `${ROLE}/privileges`, (ctx) => ({ privileges: [...role(ctx).privileges] }));
  op(app, emu, `${ROLE}/update`, updateRole);
  op(app, emu, `${ROLE}/setPrivileges`, setPrivileges);
  op(app, emu, `${ROLE}/delete`, deleteRole);
}

function role(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  return ctx.portal.roles.get(org.id, ctx.path.roleId);
}

function managed(ctx: Ctx, doing: string) {
  requirePrivilege(ctx, MANAGE_ROLES, doing);
  return role(ctx);
}

function createRole(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, MANAGE_ROLES, "create roles");
  const made = ctx.portal.roles.create(org.id, ctx.params.required("name"), ctx.params.str("description") ?? "");
  return { success: true, id: made.id };
}

function roles(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  const all = ctx.portal.roles.ofOrg(org.id).sort((a, b) => a.name.localeCompare(b.name));
  const p = page(ctx.params, all.length);
  return { total: all.length, start: p.start, num: p.num, nextStart: p.nextStart, roles: all.slice(p.start - 1, p.start - 1 + p.num).map(roleView) };
}

function updateRole(ctx: Ctx) {
  const r = managed(ctx, "update roles");
  ctx.portal.roles.update(r, { name: ctx.params.str("name"), description: ctx.params.str("description") });
  return { success: true, id: r.id };
}

/** `privileges`: `{"privileges":[…]}` (the public form) or a bare JSON array. */
function setPrivileges(ctx: Ctx) {
  const r = managed(ctx, "set the privileges of roles");
  const raw = ctx.params.json("privileges");
  const list = Array.isArray(raw) ? raw : (raw as { privileges?: unknown } | undefined)?.privileges;
  if (!Array.isArray(list) || list.some((p) => typeof p !== "string")) throw badRequest("Parameter 'privileges' must be {\"privileges\":[…]} of privilege names.");
  setRolePrivileges(ctx.portal, r, checkPrivileges(list as string[]));
  return { success: true };
}

function deleteRole(ctx: Ctx) {
  const r = managed(ctx, "delete roles");
  ctx.portal.roles.delete(r, holdersOf(ctx.portal, r.id).map((u) => u.username));
  return { success: true };
}
