// spec.md#gap-update-item: any item field of spec.md#item-fields, plus file/text/url/dataUrl, thumbnail and
// metadata, with the same limits as addItem.
import * as path from "node:path";
import type { UploadedFile } from "../params";
import type { Portal } from "./portal";
import type { Item } from "./items";
import { badRequest } from "../errors";
import { checkType, checkUrl, itemFields, type ItemFieldsRequest } from "./itemFields";
import { storeFile, storeMetadata, storeParts, storeText, storeThumbnail } from "./content";
import { fetchThumbnailUrl } from "./thumbnails";
import { downloadDataUrl } from "./dataUrl";
import { checkText } from "./addItem";
import { startMultipartUpdate } from "./multipart";
import { nextModified } from "./itemRecord";

/** What update reads of a request (the route picks it: routes/itemRequests.ts); texts as sent, undefined when not sent. */
export interface UpdateItemRequest {
  /** spec.md#add-item-multipart: a multipart update of the file named `filename`; nothing else counts. */
  multipart: boolean;
  type?: string;
  fields: ItemFieldsRequest;
  text?: string;
  thumbnailUrl?: string;
  dataUrl?: string;
  /** The name the file is stored under (or, with multipart, will be). */
  filename?: string;
  file?: UploadedFile;
  thumbnail?: UploadedFile;
  metadata?: UploadedFile;
}

export async function updateItem(env: { portal: Portal; uploadDir: string }, item: Item, r: UpdateItemRequest): Promise<void> {
  const { portal } = env;
  if (item.addStatus === "processing") throw badRequest("The item is still being processed; wait until its status is completed.");
  if (item.partialUpdate) throw badRequest(`Item ${item.id} has a multipart update in progress; commit or cancel it first.`);
  if (r.multipart) return void startMultipartUpdate(env, item, r.filename);
  const type = r.type ? checkType(r.type) : item.type;
  const org = portal.directory.org(item.orgId)!;
  const fields = itemFields(r.fields, { releaseAtLeast: (v) => portal.releaseAtLeast(v), classificationSchema: org.classificationSchema }, type);
  if (fields.title === "") throw badRequest("'title' cannot be empty.");
  const text = r.text;
  if (text !== undefined && text !== "") checkText(text, type);
  const dir = portal.items.dirOf(item.id);
  if (r.thumbnail) await storeThumbnail(item, dir, r.thumbnail);
  else if (r.thumbnailUrl) {
    const tmp = path.join(env.uploadDir, `thumb-${item.id}-${Date.now()}`);
    await fetchThumbnailUrl(checkUrl(r.thumbnailUrl, "thumbnailUrl"), tmp);
    await storeThumbnail(item, dir, { field: "thumbnailUrl", filename: path.basename(new URL(r.thumbnailUrl).pathname) || "thumbnail", path: tmp, size: 0 });
  }
  if (r.metadata) await storeMetadata(item, dir, r.metadata);
  if (r.file) await storeFile(item, dir, r.file.path, r.filename || r.file.filename, portal.vendor);
  else if (text !== undefined) storeText(item, text);
  else if (r.dataUrl) {
    // update downloads dataUrl within the request (docs/dev/spec.md's async rule is for addItem; unconfirmed)
    const url = checkUrl(r.dataUrl, "dataUrl");
    const work = path.join(dir, "download");
    const got = await downloadDataUrl(url, work).catch((e) => {
      throw badRequest((e as Error).message);
    });
    await storeParts(item, dir, work, got.files, path.basename(new URL(url).pathname) || "data", portal.vendor);
  }
  Object.assign(item, fields, { type });
  item.modified = nextModified(item);
}

