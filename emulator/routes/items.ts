// spec.md#add-item and spec.md#gap-read-item: addItem, read, data, update, delete, protect, unprotect.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, requirePrivilege, SENT, type OpContext } from "./operation";
import { addItem } from "../models/addItem";
import { startMultipart } from "../models/multipart";
import { itemView } from "../models/itemView";
import { isProtected } from "../models/items";
import { PRIVILEGES } from "../models/privileges";
import { badRequest, portalError } from "../errors";
import { updateItem } from "../models/updateItem";
import { contentTypeOf } from "../models/mime";
import { readStoredData, storedSize } from "../storedData";
import { addItemRequestOf, multipartAddOf, updateItemRequestOf } from "./itemRequests";

type Ctx = OpContext & { caller: Caller };
const ITEM_PATHS = ["/content/users/:owner/items/:id", "/content/users/:owner/:folder/items/:id"];

export function itemRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/content/users/:owner/addItem", addItemOp);
  op(app, emu, "/content/users/:owner/:folder/addItem", addItemOp);
  op(app, emu, "/content/items/:id", readItem, { auth: "optional" });
  op(app, emu, "/content/items/:id/data", itemData, { auth: "optional" });
  for (const base of ITEM_PATHS) {
    op(app, emu, `${base}/update`, update);
    op(app, emu, `${base}/delete`, deleteItem);
    op(app, emu, `${base}/protect`, (ctx) => setProtected(ctx, true));
    op(app, emu, `${base}/unprotect`, (ctx) => setProtected(ctx, false));
  }
}

/** spec.md#add-item, spec.md#authentication: only the user named in the path, who must be allowed to own content. */
async function addItemOp(ctx: Ctx) {
  if (ctx.path.owner !== ctx.caller.user.username) throw portalError("GWM_0003", { message: `Only ${ctx.path.owner} may add items to their own content.` });
  requirePrivilege(ctx, PRIVILEGES.createItem, "own content (addItem)");
  // REST add-item into a folder: the folder must be one of the owner's
  const folder = ctx.path.folder === undefined ? undefined : ctx.portal.folders.get(ctx.path.owner, ctx.path.folder);
  if (ctx.path.folder !== undefined && !folder) throw badRequest(`Folder ${JSON.stringify(ctx.path.folder.slice(0, 40))} does not exist for ${ctx.path.owner}; create it first (createFolder).`);
  const env = { portal: ctx.portal, jobs: ctx.emu.jobs, uploadDir: ctx.emu.uploadDir, folder: folder?.id ?? null };
  // spec.md#add-item-multipart: in multipart mode only multipart and filename count
  if (ctx.params.bool("multipart")) return startMultipart(env, ctx.caller, multipartAddOf(ctx.params));
  return addItem(env, ctx.caller, addItemRequestOf(ctx.params));
}

function proxyUrlOf(ctx: OpContext, id: string): string {
  return `${ctx.emu.urls.sharingUrl}/content/items/${id}/proxy`;
}

function readItem(ctx: OpContext) {
  const item = ctx.portal.items.readable(ctx.path.id, ctx.caller, ctx.portal.administers);
  const view = itemView(item, item.serviceProxyFilter || item.serviceProxyParams ? proxyUrlOf(ctx, item.id) : undefined);
  // public item JSON: itemControl says what the caller may do ("admin": its owner or an administrator of its organization)
  if (ctx.caller && (ctx.caller.user.username === item.owner || ctx.portal.administers(ctx.caller, item.orgId))) view.itemControl = "admin";
  return view;
}

/** spec.md#gap-item-data: raw bytes or the JSON text; an empty body when there is none. */
function itemData(ctx: OpContext) {
  const item = ctx.portal.items.readable(ctx.path.id, ctx.caller, ctx.portal.administers);
  if (item.data) {
    ctx.reply.type(contentTypeOf(item.fileName ?? "")).header("content-disposition", `attachment; filename="${encodeURIComponent(item.fileName ?? "data")}"`);
    void ctx.reply.header("content-length", storedSize(item.data)).send(readStoredData(item.data));
    return SENT;
  }
  void ctx.reply.type(item.text !== undefined ? "application/json; charset=utf-8" : "text/plain").send(item.text ?? "");
  return SENT;
}

async function update(ctx: Ctx) {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  await updateItem({ portal: ctx.portal, uploadDir: ctx.emu.uploadDir }, item, updateItemRequestOf(ctx.params));
  return { success: true, id: item.id };
}

/** spec.md#gap-delete-item: a protected item (authoritative items too) is refused with CONT_0048 (code on /delete unconfirmed). */
function deleteItem(ctx: Ctx) {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  if (isProtected(item)) throw portalError("CONT_0048");
  ctx.portal.items.remove(item.id);
  ctx.portal.relationships.forget(item.id);
  return { success: true, itemId: item.id };
}

function setProtected(ctx: Ctx, value: boolean) {
  const item = ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);
  // an authoritative item stays protected by its status after unprotect (spec.md#item-status; unconfirmed)
  item.protectedFlag = value;
  item.modified = Date.now();
  return { success: true };
}
