// Members (docs/dev/fidelity.md#members): reading a user (REST "User"), searching users (REST "User
// Search": `community/users`, `portals/<id>/users/search`), the org listing `portals/<id>/users`,
// updating a profile and the member categories (REST "Update User"), the role (`updateUserRole`), the user type
// (`updateUserLicenseType`) and the disabled flag (`disableUsers`/`enableUsers`, `community/users/<u>/
// disable|enable`). Routes parse and render; the rules are in models/members.ts.
import * as path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller, EmulatorUser } from "../host";
import { op, ownOrg, requirePrivilege, type OpContext } from "./operation";
import { validateMemberCategories } from "../models/memberCategories";
import { PRIVILEGES } from "../models/privileges";
import { badRequest, notFound } from "../errors";
import { canSee, groupView } from "../models/groups";
import { userProfile } from "../models/publicShapes";
import { roleNameOf, setDisabled, setRole, setUserType, updateProfile, userTypeOf } from "../models/members";
import { page } from "./paging";
import { storeThumbnailFile } from "../models/thumbnails";

type Ctx = OpContext & { caller: Caller };

/** The privileges of the member operations (the public privilege names). */
const MANAGE = {
  updateUsers: PRIVILEGES.manageMemberCategorySchema,
  changeRoles: "portal:admin:changeUserRoles",
  licenses: "portal:admin:manageLicenses",
  disable: "portal:admin:disableUsers",
};

export function memberRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/community/users", searchUsers);
  op(app, emu, "/portals/:portalId/users", orgUsers);
  // arcgis-rest-js 4.x searchUsers: the org's user search (REST "User Search (org)")
  op(app, emu, "/portals/:portalId/users/search", (ctx) => {
    ownOrg(ctx, ctx.path.portalId);
    return searchUsers(ctx);
  });
  op(app, emu, "/community/users/:username", user);
  op(app, emu, "/community/users/:username/update", updateUser);
  op(app, emu, "/community/users/:username/disable", (ctx) => disable(ctx, [member(ctx).username], true));
  op(app, emu, "/community/users/:username/enable", (ctx) => disable(ctx, [member(ctx).username], false));
  op(app, emu, "/portals/:portalId/updateUserRole", updateUserRole);
  op(app, emu, "/portals/:portalId/updateUserLicenseType", updateUserLicenseType);
  op(app, emu, "/portals/:portalId/disableUsers", (ctx) => disable(ctx, users(ctx), true));
  op(app, emu, "/portals/:portalId/enableUsers", (ctx) => disable(ctx, users(ctx), false));
}

function memberNamed(ctx: Ctx, username: string): EmulatorUser {
  const user = ctx.portal.directory.users.get(username);
  // another org's member is as invisible as a missing one
  if (!user || user.orgId !== ctx.caller.org.id) throw notFound(`User ${username} does not exist or is inaccessible.`);
  return user;
}

function member(ctx: Ctx) {
  return memberNamed(ctx, ctx.path.username);
}

const view = (ctx: Ctx, u: EmulatorUser) => userProfile(u, ctx.portal.userCategories.get(u.username) ?? []);

function user(ctx: Ctx) {
  const u = member(ctx);
  // REST user: the groups the user is a member of (those the caller can see)
  const orgAdmin = ctx.portal.isOrgAdmin(ctx.caller.user);
  const groups = ctx.portal.groups.ofMember(u.username).filter((g) => canSee(g, ctx.caller, orgAdmin)).map((g) => groupView(g));
  return { ...view(ctx, u), groups };
}

/** `field:value` terms joined by AND/OR (any matches), or free text on the username; `*` all. */
function matches(u: EmulatorUser, q: string): boolean {
  const terms = q.split(/\s+(?:AND|OR)\s+|\s+/).map((t) => t.replace(/[()"]/g, "")).filter((t) => t !== "" && t !== "*");
  const facts: Record<string, string> = { username: u.username, role: u.role, roleid: roleNameOf(u), orgid: u.orgId, userlicensetype: userTypeOf(u) };
  return terms.every((t) => {
    const [k, v] = t.includes(":") ? [t.slice(0, t.indexOf(":")).toLowerCase(), t.slice(t.indexOf(":") + 1)] : ["username", t];
    const have = facts[k];
    if (have === undefined) return true;
    return v.endsWith("*") ? have.toLowerCase().startsWith(v.slice(0, -1).toLowerCase()) : have.toLowerCase() === v.toLowerCase();
  });
}

function listing(ctx: Ctx, found: EmulatorUser[], key: "results" | "users") {
  const sorted = found.sort((a, b) => a.username.localeCompare(b.username));
  const p = page(ctx.params, sorted.length);
  return { total: sorted.length, start: p.start, num: p.num, nextStart: p.nextStart, query: ctx.params.str("q") ?? "", [key]: sorted.slice(p.start - 1, p.start - 1 + p.num).map((u) => view(ctx, u)) };
}

/** REST user search: the caller's org members matching `q`. */
function searchUsers(ctx: Ctx) {
  const q = ctx.params.str("q") ?? "*";
  return listing(ctx, [...ctx.portal.directory.users.values()].filter((u) => u.orgId === ctx.caller.org.id && matches(u, q)), "results");
}

/** REST portal users: every member of the org. */
function orgUsers(ctx: Ctx) {
  const org = ownOrg(ctx, ctx.path.portalId);
  return listing(ctx, [...ctx.portal.directory.users.values()].filter((u) => u.orgId === org.id), "users");
}

/** REST update user: the profile fields, the thumbnail and the member categories, by the user or an administrator. */
async function updateUser(ctx: Ctx) {
  const u = member(ctx);
  const fields = ctx.params.fields;
  const self = ctx.caller.user.username === u.username;
  if (fields.categories !== undefined) {
    requirePrivilege(ctx, MANAGE.updateUsers, `set the member categories of ${u.username}`);
    const schema = ctx.portal.memberCategorySchemas.get(u.orgId) ?? [];
    ctx.portal.userCategories.set(u.username, validateMemberCategories(fields.categories, schema));
  }
  const profile = ["fullName", "description", "tags", "culture", "region", "units"].filter((k) => fields[k] !== undefined);
  const file = ctx.params.files.thumbnail;
  if ((profile.length > 0 || file) && !self) requirePrivilege(ctx, MANAGE.updateUsers, `update the profile of ${u.username}`);
  if (profile.length > 0) updateProfile(u, fields, ctx.params.list("tags"));
  if (file) {
    const stored = await storeThumbnailFile(path.join(ctx.portal.dataDir, "users", u.username), file.path, file.filename);
    u.profile = { ...(u.profile ?? {}), thumbnail: path.basename(stored) };
  }
  return { success: true, username: u.username };
}

function updateUserRole(ctx: Ctx) {
  ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, MANAGE.changeRoles, "change members' roles");
  const u = memberNamed(ctx, ctx.params.required("user"));
  setRole(ctx.portal, u, ctx.params.required("role"));
  return { success: true, username: u.username };
}

function users(ctx: Ctx): string[] {
  const list = ctx.params.list("users") ?? [];
  if (list.length === 0) throw badRequest("Parameter 'users' must name at least one user.");
  if (list.length > 100) throw badRequest(`'users' names ${list.length} users; at most 100 per request.`);
  return list;
}

function updateUserLicenseType(ctx: Ctx) {
  ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, MANAGE.licenses, "change members' user types");
  const type = ctx.params.required("userLicenseType");
  const targets = users(ctx).map((n) => memberNamed(ctx, n));
  for (const u of targets) setUserType(ctx.portal, u, type);
  return { success: true, results: targets.map((u) => ({ username: u.username, success: true })) };
}

function disable(ctx: Ctx, names: string[], disabled: boolean) {
  if (ctx.path.portalId !== undefined) ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, MANAGE.disable, `${disabled ? "disable" : "enable"} members`);
  const targets = names.map((n) => memberNamed(ctx, n));
  for (const u of targets) setDisabled(ctx.portal, u, disabled);
  return { success: true, results: targets.map((u) => ({ username: u.username, success: true })) };
}
