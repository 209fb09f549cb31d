// Groups (docs/dev/fidelity.md#groups): REST create-group, group, update-group, delete-group,
// protect/unprotect, group-users, add/remove/update users, group search, user (with its groups)
// and group content. Parsing here; rules in models/groups.ts.
import * as path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import type { Params } from "../params";
import { op, requirePrivilege, type OpContext } from "./operation";
import { administers, canSee, checkGroupFields, groupView, isMember, type GroupFields, type GroupRecord } from "../models/groups";
import { itemView } from "../models/itemView";
import { PRIVILEGES } from "../models/privileges";
import { storeThumbnailFile } from "../models/thumbnails";
import { badRequest, notFound, portalError } from "../errors";
import { GROUP, GROUP_USERS_PER_REQUEST } from "../../spec/limits";
import { page } from "./paging";

type Ctx = OpContext & { caller: Caller };
const GONE = "Group does not exist or is inaccessible.";

export function groupRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/community/createGroup", createGroup);
  op(app, emu, "/community/groups", searchGroups, { auth: "optional" });
  op(app, emu, "/community/groups/:id", (ctx) => groupView(visible(ctx), ctx.caller), { auth: "optional" });
  op(app, emu, "/community/groups/:id/update", updateGroup);
  op(app, emu, "/community/groups/:id/delete", deleteGroup);
  op(app, emu, "/community/groups/:id/protect", (ctx) => setProtected(ctx, true));
  op(app, emu, "/community/groups/:id/unprotect", (ctx) => setProtected(ctx, false));
  op(app, emu, "/community/groups/:id/users", groupUsers);
  op(app, emu, "/community/groups/:id/addUsers", addUsers);
  op(app, emu, "/community/groups/:id/removeUsers", removeUsers);
  op(app, emu, "/community/groups/:id/updateUsers", updateUsers);
  op(app, emu, "/content/groups/:id", groupContent, { auth: "optional" });
}

const orgAdmin = (ctx: OpContext) => ctx.caller !== undefined && ctx.portal.isOrgAdmin(ctx.caller.user);

/** REST group: a group the caller cannot see answers like one that does not exist (404). */
function visible(ctx: OpContext): GroupRecord {
  const g = ctx.portal.groups.byId.get(ctx.path.id);
  if (!g || !canSee(g, ctx.caller, orgAdmin(ctx))) throw notFound(GONE);
  return g;
}

/** The group's owner and administrators, and the organization's administrators, change it. */
function administered(ctx: Ctx): GroupRecord {
  const g = visible(ctx);
  if (!administers(g, ctx.caller, orgAdmin(ctx))) throw portalError("GWM_0003", { message: `User ${ctx.caller.user.username} is not an administrator of group ${JSON.stringify(g.title)}.` });
  return g;
}

function fieldsOf(p: Params): GroupFields {
  const f: GroupFields = {};
  for (const k of ["title", "access", "description", "snippet", "sortField", "sortOrder"] as const) if (p.str(k) !== undefined) f[k] = p.str(k);
  const tags = p.list("tags");
  if (tags !== undefined) f.tags = tags;
  for (const k of ["isInvitationOnly", "isViewOnly"] as const) if (p.str(k) !== undefined && p.str(k) !== "") f[k] = p.bool(k);
  checkGroupFields(f);
  return f;
}

async function storeGroupThumbnail(ctx: Ctx, g: GroupRecord): Promise<void> {
  const file = ctx.params.files.thumbnail;
  if (!file) return;
  const stored = await storeThumbnailFile(path.join(ctx.portal.dataDir, "groups", g.id), file.path, file.filename);
  g.thumbnail = path.basename(stored);
}

/** REST create-group: the caller owns it; a shared-update group needs an administrator's privilege. */
async function createGroup(ctx: Ctx) {
  requirePrivilege(ctx, PRIVILEGES.createGroup, "create groups");
  const f = fieldsOf(ctx.params);
  if (f.title === undefined || f.title.trim() === "") throw badRequest("'title' is required: the group's title.");
  const caps = (ctx.params.str("capabilities") ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
  for (const c of caps) if (c !== GROUP.sharedUpdateCapability) throw badRequest(`'capabilities' takes ${GROUP.sharedUpdateCapability} only; got ${JSON.stringify(c.slice(0, 40))}.`);
  if (caps.length > 0) requirePrivilege(ctx, PRIVILEGES.createUpdateCapableGroup, "create a shared-update group (capabilities=updateitemcontrol)");
  const owner = ctx.caller.user.username;
  if (ctx.portal.groups.titled(owner, f.title)) throw badRequest(`You already have a group titled ${JSON.stringify(f.title)}; a group title is unique for its owner.`);
  const g = ctx.portal.groups.create(owner, ctx.caller.org.id, { ...f, title: f.title }, caps);
  await storeGroupThumbnail(ctx, g);
  return { success: true, group: groupView(g, ctx.caller) };
}

/** REST update-group: the fields sent; `clearEmptyFields=true` empties those sent empty; capabilities are set at create only. */
async function updateGroup(ctx: Ctx) {
  const g = administered(ctx);
  if (ctx.params.has("capabilities")) throw badRequest("'capabilities' is set when the group is created and cannot change; create a new group.");
  const f = fieldsOf(ctx.params);
  if (f.title !== undefined) {
    const other = ctx.portal.groups.titled(g.owner, f.title);
    if (other && other.id !== g.id) throw badRequest(`${g.owner} already has a group titled ${JSON.stringify(f.title)}; a group title is unique for its owner.`);
  }
  const clear = ctx.params.bool("clearEmptyFields");
  for (const [k, v] of Object.entries(f)) {
    if (v === "" && !clear && (k === "description" || k === "snippet")) continue;
    if (v === "" && (k === "title" || k === "access")) continue;
    (g as unknown as Record<string, unknown>)[k] = v === "" && (k === "sortField" || k === "sortOrder") ? (k === "sortField" ? "title" : "asc") : v;
  }
  await storeGroupThumbnail(ctx, g);
  g.modified = Date.now();
  return { success: true, groupId: g.id };
}

/** REST delete-group: refused while protected; every item shared with it loses the share. */
function deleteGroup(ctx: Ctx) {
  const g = administered(ctx);
  if (g.protected) throw badRequest(`Group ${JSON.stringify(g.title)} is protected from deletion; unprotect it first.`);
  for (const item of ctx.portal.items.items.values()) {
    if (!item.groups.includes(g.id)) continue;
    item.groups = item.groups.filter((x) => x !== g.id);
    if (item.access === "shared" && item.groups.length === 0) item.access = "private";
  }
  ctx.portal.groups.byId.delete(g.id);
  return { success: true, groupId: g.id };
}

function setProtected(ctx: Ctx, on: boolean) {
  const g = administered(ctx);
  g.protected = on;
  g.modified = Date.now();
  return { success: true };
}

/** REST group-users: the owner, the administrators (the owner among them) and the plain members. */
function groupUsers(ctx: Ctx) {
  const g = visible(ctx);
  if (!isMember(g, ctx.caller.user.username) && !administers(g, ctx.caller, orgAdmin(ctx))) throw portalError("GWM_0003", { message: "Only members and administrators see a group's members." });
  return { owner: g.owner, admins: [...g.admins].sort(), users: [...g.users].sort() };
}

function names(ctx: Ctx, field: "users" | "admins"): string[] {
  const raw = ctx.params.list(field) ?? [];
  if (raw.length > GROUP_USERS_PER_REQUEST) throw badRequest(`'${field}' names ${raw.length} users; at most ${GROUP_USERS_PER_REQUEST} per request.`);
  return raw;
}

/** REST add-users-to-group: users of the group's organization, enabled, are added directly; the others come back in notAdded. */
function addUsers(ctx: Ctx) {
  const g = administered(ctx);
  const [users, admins] = [names(ctx, "users"), names(ctx, "admins")];
  const notAdded: string[] = [];
  const add = (name: string, admin: boolean) => {
    const u = ctx.portal.directory.users.get(name);
    if (!u || u.disabled || u.orgId !== g.orgId) return notAdded.push(name);
    if (admin) {
      g.users.delete(name);
      g.admins.add(name);
    } else if (!g.admins.has(name)) g.users.add(name);
  };
  for (const n of users) add(n, false);
  for (const n of admins) add(n, true);
  g.modified = Date.now();
  return { notAdded };
}

/** REST remove-users-from-group: the owner cannot be removed (notRemoved). */
function removeUsers(ctx: Ctx) {
  const g = administered(ctx);
  const notRemoved: string[] = [];
  for (const n of names(ctx, "users")) {
    if (n === g.owner || !isMember(g, n)) notRemoved.push(n);
    else {
      g.users.delete(n);
      g.admins.delete(n);
    }
  }
  return { notRemoved };
}

/** REST update-user-membership: `admins` promotes members, `users` demotes administrators (never the owner). */
function updateUsers(ctx: Ctx) {
  const g = administered(ctx);
  const results: Array<{ username: string; success: boolean }> = [];
  for (const n of names(ctx, "admins")) {
    const ok = g.users.has(n) || g.admins.has(n);
    if (g.users.delete(n)) g.admins.add(n);
    results.push({ username: n, success: ok });
  }
  for (const n of names(ctx, "users")) {
    const ok = n !== g.owner && isMember(g, n);
    if (ok && g.admins.delete(n)) g.users.add(n);
    results.push({ username: n, success: ok });
  }
  return { results };
}

/** REST group-search: `title:`, `owner:`, `orgid:`, `id:` terms and free words; only the groups the caller may see. */
function searchGroups(ctx: OpContext) {
  const q = ctx.params.str("q") ?? "";
  const terms = [...q.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)].map((m) => [m[1]?.toLowerCase(), (m[2] ?? m[3]).toLowerCase()] as const).filter(([f, v]) => f !== undefined || !/^(and|or)$/.test(v));
  const matches = (g: GroupRecord) =>
    terms.every(([field, v]) => {
      if (field === "title") return g.title.toLowerCase() === v || g.title.toLowerCase().includes(v);
      if (field === "owner") return g.owner.toLowerCase() === v;
      if (field === "orgid") return g.orgId.toLowerCase() === v;
      if (field === "id") return g.id === v;
      if (field !== undefined) return true; // an unknown field filters nothing (simplified)
      return g.title.toLowerCase().includes(v) || g.tags.some((t) => t.toLowerCase() === v);
    });
  const found = [...ctx.portal.groups.byId.values()].filter((g) => canSee(g, ctx.caller, orgAdmin(ctx)) && matches(g)).sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  const p = page(ctx.params, found.length);
  return { query: q, total: found.length, start: p.start, num: p.num, nextStart: p.nextStart, results: found.slice(p.start - 1, p.start - 1 + p.num).map((g) => groupView(g, ctx.caller)) };
}

/** REST group-content: the items shared with the group that the caller can read, a page at a time. */
function groupContent(ctx: OpContext) {
  const g = visible(ctx);
  const items = [...ctx.portal.items.items.values()].filter((i) => i.groups.includes(g.id) && i.addStatus !== "partial" && ctx.portal.items.canRead(i, ctx.caller, ctx.portal.administers)).sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  const p = page(ctx.params, items.length);
  return { total: items.length, start: p.start, num: p.num, nextStart: p.nextStart, items: items.slice(p.start - 1, p.start - 1 + p.num).map((i) => itemView(i)) };
}
