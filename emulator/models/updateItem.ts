// spec.md#gap-update-item: any item field of spec.md#item-fields, plus file/text/url/dataUrl, thumbnail and
// metadata, with the same limits as addItem.
import * as path from "node:path";
import type { Params } from "../params";
import type { Portal } from "./portal";
import type { Item } from "./items";
import { badRequest } from "../errors";
import { checkType, checkUrl, itemFields } from "./itemFields";
import { storeFile, storeMetadata, storeParts, storeText, storeThumbnail } from "./content";
import { fetchThumbnailUrl } from "./thumbnails";
import { downloadDataUrl } from "./dataUrl";
import { checkText } from "./addItem";
import { startMultipartUpdate } from "./multipart";

export async function updateItem(env: { portal: Portal; uploadDir: string }, item: Item, p: Params): Promise<void> {
  const { portal } = env;
  if (item.addStatus === "processing") throw badRequest("The item is still being processed; wait until its status is completed.");
  if (item.partialUpdate) throw badRequest(`Item ${item.id} has a multipart update in progress; commit or cancel it first.`);
  if (p.bool("multipart")) return void startMultipartUpdate(env, item, p);
  const type = p.has("type") ? checkType(p.str("type")!) : item.type;
  const org = portal.directory.org(item.orgId)!;
  const fields = itemFields(p, { releaseAtLeast: (r) => portal.releaseAtLeast(r), classificationSchema: org.classificationSchema }, type);
  if (fields.title === "") throw badRequest("'title' cannot be empty.");
  const text = p.str("text");
  if (text !== undefined && text !== "") checkText(text, type);
  const dir = portal.items.dirOf(item.id);
  if (p.files.thumbnail) await storeThumbnail(item, dir, p.files.thumbnail);
  else if (p.has("thumbnailUrl")) {
    const tmp = path.join(env.uploadDir, `thumb-${item.id}-${Date.now()}`);
    await fetchThumbnailUrl(checkUrl(p.str("thumbnailUrl")!, "thumbnailUrl"), tmp);
    await storeThumbnail(item, dir, { field: "thumbnailUrl", filename: path.basename(new URL(p.str("thumbnailUrl")!).pathname) || "thumbnail", path: tmp, size: 0 });
  }
  if (p.files.metadata) await storeMetadata(item, dir, p.files.metadata);
  if (p.files.file) await storeFile(item, dir, p.files.file.path, p.str("filename") || p.files.file.filename, portal.vendor);
  else if (text !== undefined) storeText(item, text);
  else if (p.has("dataUrl")) {
    // update downloads dataUrl within the request (docs/spec.md's async rule is for addItem; unconfirmed)
    const url = checkUrl(p.str("dataUrl")!, "dataUrl");
    const work = path.join(dir, "download");
    const got = await downloadDataUrl(url, work).catch((e) => {
      throw badRequest((e as Error).message);
    });
    await storeParts(item, dir, work, got.files, path.basename(new URL(url).pathname) || "data", portal.vendor);
  }
  Object.assign(item, fields, { type });
  item.modified = Date.now();
}
