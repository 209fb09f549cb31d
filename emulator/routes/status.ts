// spec.md#set-content-status, spec.md#status-transitions setContentStatus, share/unshare (the automatic moves) and the item
// status operation of async and multipart adds (spec.md#async-add, spec.md#gap-item-status-read).
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, requirePrivilege, type OpContext } from "./operation";
import { setContentStatus, applyAccess } from "../models/contentStatus";
import { PRIVILEGES } from "../models/privileges";
import { notFound, portalError } from "../errors";
import { itemView } from "../models/itemView";
import type { ItemAccess } from "../models/items";
import { administers, isMember } from "../models/groups";

type Ctx = OpContext & { caller: Caller };
const ITEM_PATHS = ["/content/users/:owner/items/:id", "/content/users/:owner/:folder/items/:id"];

export function statusRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/content/items/:id/setContentStatus", setContentStatusOp);
  for (const base of ITEM_PATHS) {
    op(app, emu, base, userItem);
    op(app, emu, `${base}/status`, status);
    op(app, emu, `${base}/share`, share);
    op(app, emu, `${base}/unshare`, unshare);
  }
}

/** Part 5: the item owner, or an administrator whose role includes the privilege. */
function setContentStatusOp(ctx: Ctx) {
  const item = ctx.portal.items.readable(ctx.path.id, ctx.caller, ctx.portal.administers);
  if (item.owner !== ctx.caller.user.username) {
    if (ctx.caller.org.id !== item.orgId) throw portalError("GWM_0003", { message: "Only the owner or an administrator of the item's organization may set its status." });
    requirePrivilege(ctx, PRIVILEGES.setContentStatus, "set the status of another user's item");
  }
  const org = ctx.portal.directory.org(item.orgId)!;
  setContentStatus(item, ctx.params.str("status") ?? "", ctx.params.bool("clearEmptyFields"), org);
  item.modified = Date.now();
  return { success: true, itemId: item.id };
}

/** spec.md#async-add: processing / completed / failed (and partial for an uncommitted multipart add). */
function status(ctx: Ctx) {
  const pending = ctx.portal.pendingAdds.get(ctx.path.id);
  const mine = (owner: string, orgId: string) => owner === ctx.caller.user.username || ctx.portal.administers(ctx.caller, orgId);
  if (pending && mine(pending.owner, ctx.caller.org.id)) return { itemId: pending.id, status: pending.status, statusMessage: pending.statusMessage };
  const item = ctx.portal.items.items.get(ctx.path.id);
  if (!item || !mine(item.owner, item.orgId)) throw notFound();
  if (item.partialUpdate) return { itemId: item.id, status: "partial", statusMessage: "partial" }; // a multipart update not yet committed
  return { itemId: item.id, status: item.addStatus, statusMessage: item.statusMessage || item.addStatus };
}

/**
 * Public API "User Item" (spec.md#gap-read-item leaves it to the public API): the item with its sharing as
 * the owner sees it, `{item, sharing: {access, groups}}`; groups are the ids it is shared with.
 */
function userItem(ctx: Ctx) {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  return { item: itemView(item), sharing: { access: item.access, groups: item.groups } };
}

/**
 * everyone / org / groups set the item's access; spec.md#status-transitions moves follow from public
 * sharing. REST share-item: a group that does not exist, that the item's owner is not a member of
 * (an administrator of the group's organization may share any item to it), or that is view-only
 * and the caller does not administer, is not shared with: it comes back in notSharedWith.
 */
function share(ctx: Ctx) {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  const everyone = ctx.params.bool("everyone", item.access === "public");
  const orgShared = ctx.params.bool("org", item.access === "org" || item.access === "public");
  if (everyone && item.access !== "public") requirePrivilege(ctx, PRIVILEGES.shareToPublic, "share with the public");
  const orgAdmin = ctx.portal.isOrgAdmin(ctx.caller.user);
  const notSharedWith: string[] = [];
  for (const id of ctx.params.list("groups") ?? []) {
    const g = ctx.portal.groups.byId.get(id);
    const adminHere = orgAdmin && g?.orgId === ctx.caller.org.id;
    const may = g !== undefined && (isMember(g, item.owner) || adminHere) && (!g.isViewOnly || administers(g, ctx.caller, orgAdmin));
    if (may) item.groups = [...new Set([...item.groups, id])];
    else notSharedWith.push(id);
  }
  const access: ItemAccess = everyone ? "public" : orgShared ? "org" : item.groups.length > 0 ? "shared" : "private";
  applyAccess(item, access, ctx.portal.directory.org(item.orgId)!);
  return { notSharedWith, itemId: item.id };
}

/** Unsharing from the public leaves the item shared with the org (unconfirmed). */
function unshare(ctx: Ctx) {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  const drop = ctx.params.list("groups") ?? [];
  const notUnsharedFrom = drop.filter((g) => !item.groups.includes(g));
  item.groups = item.groups.filter((g) => !drop.includes(g));
  let access: ItemAccess = item.access;
  if (ctx.params.bool("everyone") && access === "public") access = "org";
  if (ctx.params.bool("org") && access === "org") access = item.groups.length > 0 ? "shared" : "private";
  if (access === "shared" && item.groups.length === 0) access = "private";
  applyAccess(item, access, ctx.portal.directory.org(item.orgId)!);
  return { notUnsharedFrom, itemId: item.id };
}
