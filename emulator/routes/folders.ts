// Folders, moving and reassigning items (docs/dev/fidelity.md#folders, #moving-and-reassigning-items):
// REST create-folder, update-folder, delete-folder, user-content, move-item, move-items,
// reassign-item. The owner, or an administrator of the owner's organization, acts on a user's content.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller, EmulatorUser } from "../host";
import { op, requirePrivilege, type OpContext } from "./operation";
import { folderView, type Folder } from "../models/folders";
import { itemView } from "../models/itemView";
import { isProtected, type Item } from "../models/items";
import { PRIVILEGES } from "../models/privileges";
import { reassignRefusal } from "../models/reassign";
import { badRequest, notFound, portalError } from "../errors";
import { page } from "./paging";

type Ctx = OpContext & { caller: Caller };
const ITEM_PATHS = ["/content/users/:owner/items/:id", "/content/users/:owner/:folder/items/:id"];

export function folderRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/content/users/:owner", userContent);
  op(app, emu, "/content/users/:owner/:folder", userContent);
  op(app, emu, "/content/users/:owner/createFolder", createFolder);
  op(app, emu, "/content/users/:owner/:folder/updateFolder", updateFolder);
  op(app, emu, "/content/users/:owner/:folder/delete", deleteFolder);
  op(app, emu, "/content/users/:owner/moveItems", moveItems);
  op(app, emu, "/content/users/:owner/reassignItems", reassignItems);
  for (const base of ITEM_PATHS) {
    op(app, emu, `${base}/move`, moveItem);
    op(app, emu, `${base}/reassign`, reassignItem);
  }
}

/** The user whose content the path names: the caller, or a user of the org the caller administers. */
function contentOwner(ctx: Ctx): EmulatorUser {
  const u = ctx.portal.directory.users.get(ctx.path.owner);
  const self = u?.username === ctx.caller.user.username;
  if (!u || (!self && !ctx.portal.administers(ctx.caller, u.orgId))) {
    if (u && u.orgId === ctx.caller.org.id) throw portalError("GWM_0003", { message: `User ${ctx.caller.user.username} may not manage ${u.username}'s content: only its owner or an administrator.` });
    throw notFound("User does not exist or is inaccessible.");
  }
  return u;
}

/** A folder of the path's user (the root when the path names none). */
export function folderOf(ctx: OpContext, owner: string, id: string | undefined): Folder | undefined {
  if (id === undefined || id === "" || id === "/") return undefined;
  const f = ctx.portal.folders.get(owner, id);
  if (!f) throw badRequest(`Folder ${JSON.stringify(id.slice(0, 40))} does not exist for ${owner}.`);
  return f;
}

/** REST user-content: the items of one folder (or the root) and the user's folders, a page at a time. */
function userContent(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const folder = folderOf(ctx, owner.username, ctx.path.folder);
  const items = ctx.portal.items.byOwner(owner.username).filter((i) => i.addStatus !== "partial" && i.folder === (folder?.id ?? null)).sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  const p = page(ctx.params, items.length);
  return {
    username: owner.username,
    total: items.length,
    start: p.start,
    num: p.num,
    nextStart: p.nextStart,
    currentFolder: folder ? folderView(folder) : null,
    items: items.slice(p.start - 1, p.start - 1 + p.num).map((i) => itemView(i)),
    folders: ctx.portal.folders.of(owner.username).map(folderView),
  };
}

function createFolder(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const folder = ctx.portal.folders.create(owner.username, ctx.params.str("title"));
  return { success: true, folder: { username: folder.username, id: folder.id, title: folder.title } };
}

function updateFolder(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const folder = ctx.portal.folders.rename(folderOf(ctx, owner.username, ctx.path.folder)!, ctx.params.str("title"));
  return { success: true, folder: { username: folder.username, id: folder.id, title: folder.title } };
}

/** REST delete-folder: the folder and every item in it; a protected item refuses the whole delete (nothing removed). */
function deleteFolder(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const folder = folderOf(ctx, owner.username, ctx.path.folder)!;
  const inside = ctx.portal.items.byOwner(owner.username).filter((i) => i.folder === folder.id);
  const locked = inside.filter(isProtected);
  if (locked.length > 0) throw portalError("CONT_0048", { message: `Folder ${JSON.stringify(folder.title)} holds ${locked.length} protected item(s) (${locked.map((i) => i.id).join(", ")}); unprotect them or move them out first.` });
  for (const item of inside) {
    ctx.portal.items.remove(item.id);
    ctx.portal.relationships.forget(item.id);
  }
  ctx.portal.folders.remove(folder.id);
  return { success: true, folder: { username: folder.username, id: folder.id, title: folder.title } };
}

/** The item of the path, owned by the path's user. */
function ownedItem(ctx: Ctx, owner: EmulatorUser): Item {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  if (item.owner !== owner.username) throw notFound();
  return item;
}

function move(item: Item, folder: Folder | undefined): void {
  item.folder = folder?.id ?? null;
  item.modified = Date.now();
}

/** REST move-item: `folder` is a folder id of the owner, or "/" for the root. The item keeps its id. */
function moveItem(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const item = ownedItem(ctx, owner);
  if (ctx.params.str("folder") === undefined) throw badRequest("'folder' is required: a folder id, or / for the root folder.");
  const folder = folderOf(ctx, owner.username, ctx.params.str("folder"));
  move(item, folder);
  return { success: true, itemId: item.id, owner: item.owner, folder: folder?.id ?? "/" };
}

/** REST move-items: several items of the owner at once; each answers on its own. */
function moveItems(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const folder = folderOf(ctx, owner.username, ctx.params.required("folder"));
  const ids = ctx.params.list("items") ?? [];
  if (ids.length === 0) throw badRequest("'items' must list at least one item id.");
  return {
    results: ids.map((id) => {
      const item = ctx.portal.items.items.get(id);
      if (!item || item.owner !== owner.username) return { itemId: id, success: false, error: { code: 404, message: `Item ${id} does not exist or is not owned by ${owner.username}.` } };
      move(item, folder);
      return { itemId: id, success: true };
    }),
  };
}

/** The target user of a reassign, and their folder titled `title` (created when missing; "/" or none: the root). */
function reassignTarget(ctx: Ctx, orgId: string, folderParam: string): { target: EmulatorUser; title: string } {
  const target = ctx.portal.directory.users.get(ctx.params.required("targetUsername"));
  if (!target || target.disabled || target.orgId !== orgId) throw badRequest(`Target user ${JSON.stringify(ctx.params.str("targetUsername")!.slice(0, 60))} does not exist in the organization or is disabled.`);
  return { target, title: (ctx.params.str(folderParam) ?? "").trim() };
}

function giveTo(ctx: Ctx, item: Item, target: EmulatorUser, title: string): void {
  const folder = title === "" || title === "/" ? undefined : (ctx.portal.folders.titled(target.username, title) ?? ctx.portal.folders.create(target.username, title));
  ctx.portal.items.setOwner(item, target.username);
  move(item, folder);
}

/**
 * REST reassign-items (11.0+): the owner with portal:user:reassignItems, or an administrator, gives
 * up to 100 items to `targetUsername` (into `targetFoldername`); refused as a whole, nothing
 * changed, when the target cannot receive one of them.
 */
function reassignItems(ctx: Ctx) {
  const owner = ctx.portal.directory.users.get(ctx.path.owner);
  if (!owner) throw notFound("User does not exist or is inaccessible.");
  const self = owner.username === ctx.caller.user.username;
  const admin = ctx.portal.administers(ctx.caller, owner.orgId) && ctx.portal.directory.hasPrivilege(ctx.caller.user, PRIVILEGES.reassignItemsAsAdmin);
  if (!admin && !(self && ctx.portal.directory.hasPrivilege(ctx.caller.user, PRIVILEGES.reassignItemsAsOwner))) {
    throw portalError("GWM_0003", { message: `User ${ctx.caller.user.username} may not transfer ${owner.username}'s items: it needs the administrator role, ${PRIVILEGES.reassignItemsAsAdmin}, or to be the owner with ${PRIVILEGES.reassignItemsAsOwner}.` });
  }
  const ids = ctx.params.list("items") ?? [];
  if (ids.length === 0 || ids.length > 100) throw badRequest(`'items' must list 1 to 100 item ids; got ${ids.length}.`);
  const { target, title } = reassignTarget(ctx, owner.orgId, "targetFoldername");
  const items = ids.map((id) => {
    const item = ctx.portal.items.items.get(id);
    if (!item || item.owner !== owner.username) throw badRequest(`Item ${id} does not exist or is not owned by ${owner.username}.`);
    const refusal = reassignRefusal(ctx.portal, item, target);
    if (refusal) throw refusal.error;
    return item;
  });
  for (const item of items) giveTo(ctx, item, target, title);
  return { success: true };
}

/**
 * REST reassign-item (administrators only): to `targetUsername`, into their folder titled
 * `targetFolderName` (created when missing; "/" or none: the root). Refused, with nothing changed,
 * when the target cannot own the item or cannot reach the groups it is shared with.
 */
function reassignItem(ctx: Ctx) {
  const owner = contentOwner(ctx);
  const item = ownedItem(ctx, owner);
  if (!ctx.portal.directory.hasPrivilege(ctx.caller.user, PRIVILEGES.reassignItemsAsAdmin) || !ctx.portal.administers(ctx.caller, item.orgId)) {
    requirePrivilege(ctx, PRIVILEGES.reassignItemsAsAdmin, "reassign items (an administrator's operation)");
  }
  const { target, title } = reassignTarget(ctx, item.orgId, "targetFolderName");
  const refusal = reassignRefusal(ctx.portal, item, target);
  if (refusal) throw refusal.error;
  giveTo(ctx, item, target, title);
  return { success: true, itemId: item.id };
}
