// spec.md#item-fields: files under content/items/<id>/info/<path>: the thumbnail (sized with ?w=), the
// metadata file and the extracted <vendor>info folder of a package (iteminfo.xml is the card).
import * as fs from "node:fs";
import * as path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import { op, SENT, type OpContext } from "./operation";
import { infoDirOf } from "../models/content";
import { snapWidth, thumbnailAt } from "../models/thumbnails";
import { contentTypeOf } from "../models/mime";
import { badRequest, notFound } from "../errors";

export function infoRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/content/items/:id/info/*", info, { auth: "optional" });
}

async function info(ctx: OpContext) {
  const item = ctx.portal.items.readable(ctx.path.id, ctx.caller, ctx.portal.administers);
  // the router decoded the path once; a second decode of a lone "%" would throw (issue 30)
  let rel: string;
  try {
    rel = decodeURIComponent(ctx.path["*"] ?? "");
  } catch {
    throw badRequest("The info path has a malformed %-escape.");
  }
  if (rel.includes("\u0000")) throw badRequest("The info path contains a NUL character.");
  const root = path.resolve(infoDirOf(ctx.portal.items.dirOf(item.id)));
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) throw notFound(`No file ${JSON.stringify(rel.slice(0, 200))} in the item's info.`);
  if (item.thumbnail && rel === item.thumbnail) {
    const width = snapWidth(ctx.params.str("w"));
    const sized = await thumbnailAt(file, width, path.join(ctx.portal.items.dirOf(item.id), "thumbs"));
    void ctx.reply.type(`image/${sized.format}`).header("x-thumbnail-width", String(width)).send(fs.createReadStream(sized.path));
    return SENT;
  }
  void ctx.reply.type(contentTypeOf(file)).send(fs.createReadStream(file));
  return SENT;
}
