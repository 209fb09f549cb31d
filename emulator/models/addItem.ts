// spec.md#add-item, spec.md#item-fields, spec.md#async-add, spec.md#add-with-relationship: addItem from a file, url, text or dataUrl, synchronously or
// asynchronously, with an optional relationship created after the item exists.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Caller } from "../host";
import { jsonDepth, MAX_JSON_DEPTH, requiredText, uploadFileName, type UploadedFile } from "../params";
import type { Jobs } from "../jobs";
import type { Portal } from "./portal";
import type { Item } from "./items";
import { badRequest, EmulatorError } from "../errors";
import { ITEM, RELEASES } from "../../spec/limits";
import { checkType, checkUrl, itemFields, type ItemFieldsRequest } from "./itemFields";
import { createItemRecord } from "./itemRecord";
import { storeFile, storeMetadata, storeParts, storeText, storeThumbnail } from "./content";
import { fetchThumbnailUrl } from "./thumbnails";
import { relateNewItem } from "./relate";
import { downloadDataUrl } from "./dataUrl";
import { checkDataStore } from "./dataStore";

export interface AddEnv {
  portal: Portal;
  jobs: Jobs;
  uploadDir: string;
  /** The owner's folder of `content/users/<owner>/<folderId>/addItem` (checked by the route); null for the root. */
  folder?: string | null;
}

/** What addItem reads of a request (the route picks it: routes/itemRequests.ts); texts as sent, undefined when not sent. */
export interface AddItemRequest {
  type?: string;
  /** The item fields, the title among them. */
  fields: ItemFieldsRequest;
  itemIdToCreate?: string;
  async: boolean;
  dataUrl?: string;
  text?: string;
  thumbnailUrl?: string;
  /** The name the file is stored under, instead of the upload's. */
  filename?: string;
  originItemId?: string;
  destinationItemId?: string;
  relationshipType?: string;
  file?: UploadedFile;
  thumbnail?: UploadedFile;
  metadata?: UploadedFile;
}

/** spec.md#item-fields itemIdToCreate (10.8.1+): exactly 32 alphanumerics, not already taken. */
export function itemIdToCreate(env: AddEnv, id: string | undefined): string | undefined {
  if (!id || !env.portal.releaseAtLeast(RELEASES.itemIdToCreate)) return undefined;
  if (!new RegExp(`^[A-Za-z0-9]{${ITEM.itemIdToCreateLength}}$`).test(id)) throw badRequest(`'itemIdToCreate' must be exactly ${ITEM.itemIdToCreateLength} alphanumeric characters; got ${id.length} characters.`);
  // the code of this case is not shown: 409 without a message code (unconfirmed)
  if (env.portal.idTaken(id)) throw new EmulatorError(409, `An item with id ${id} already exists.`);
  return id;
}

/** spec.md#item-fields text: JSON content, nested at most MAX_JSON_DEPTH levels (issue 30); a Data Store's has its shape. Shared by update. */
export function checkText(text: string | undefined, type: string): void {
  if (text === undefined) return;
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(`'text' nests JSON arrays and objects more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH}.`);
  try {
    JSON.parse(text);
  } catch {
    throw badRequest("'text' must be JSON content.");
  }
  if (type === "Data Store") checkDataStore(text);
}

export async function addItem(env: AddEnv, caller: Caller, r: AddItemRequest): Promise<Record<string, unknown>> {
  const { portal } = env;
  const type = checkType(requiredText(r.type, "type"));
  // a file upload may leave the title to the package's card or the file name (unconfirmed)
  const title = r.file ? (r.fields.title ?? "") : requiredText(r.fields.title, "title");
  const org = portal.directory.org(caller.org.id)!;
  const fields = itemFields(r.fields, { releaseAtLeast: (v) => portal.releaseAtLeast(v), classificationSchema: org.classificationSchema }, type);
  if (r.originItemId && r.destinationItemId) throw badRequest("Send originItemId or destinationItemId, not both.");
  const id = itemIdToCreate(env, r.itemIdToCreate);
  const async = r.async;
  const dataUrl = r.dataUrl ? checkUrl(r.dataUrl, "dataUrl") : undefined;
  if (dataUrl && !async) throw badRequest("dataUrl requires async=true.");
  const sources = [r.file, r.text, dataUrl].filter((s) => s !== undefined);
  if (sources.length > 1) throw badRequest("Send one of file, text or dataUrl.");
  if (type === "Data Store" && r.text === undefined) throw badRequest("A Data Store item needs its text.");
  checkText(r.text, type);

  const item: Item = Object.assign(createItemRecord({ owner: caller.user.username, orgId: org.id, title, type, id }), fields);
  item.folder = env.folder ?? null;
  item.typeKeywords = [...new Set([...createItemRecord({ owner: "", orgId: "", title: "", type }).typeKeywords, ...(fields.typeKeywords ?? [])])];
  const dir = portal.items.dirOf(item.id);
  fs.mkdirSync(dir, { recursive: true });
  try {
    await stageContent(env, item, dir, r);
    item.title ||= item.fileName ?? "";
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const relation = { originItemId: r.originItemId || undefined, destinationItemId: r.destinationItemId || undefined, relationshipType: r.relationshipType };
  const publish = () => {
    portal.items.add(item);
    relateNewItem(portal, caller, item, relation);
  };
  if (!async) {
    publish();
    return { success: true, id: item.id, folder: item.folder };
  }
  return startAsyncAdd(env, item, dir, dataUrl, publish);
}

/** Moves the uploads into the item's folder before the item exists (it is published later). */
async function stageContent(env: AddEnv, item: Item, dir: string, r: AddItemRequest): Promise<void> {
  if (r.thumbnail) await storeThumbnail(item, dir, r.thumbnail);
  else if (r.thumbnailUrl) {
    const tmp = path.join(env.uploadDir, `thumb-${item.id}`);
    await fetchThumbnailUrl(checkUrl(r.thumbnailUrl, "thumbnailUrl"), tmp);
    await storeThumbnail(item, dir, { field: "thumbnailUrl", filename: path.basename(new URL(r.thumbnailUrl).pathname) || "thumbnail", path: tmp, size: 0 });
  }
  if (r.metadata) await storeMetadata(item, dir, r.metadata);
  if (r.text !== undefined) storeText(item, r.text);
  const file = r.file;
  if (file) await storeFile(item, dir, file.path, r.filename ? uploadFileName(r.filename) : file.filename, env.portal.vendor);
}

/** spec.md#async-add: answers processing at once; the item appears when its job completes. */
function startAsyncAdd(env: AddEnv, item: Item, dir: string, dataUrl: string | undefined, publish: () => void): Record<string, unknown> {
  const pending = { id: item.id, owner: item.owner, status: "processing" as const, statusMessage: "processing" };
  env.portal.pendingAdds.set(item.id, pending);
  const steps: Array<() => Promise<void> | void> = [];
  if (dataUrl) {
    steps.push(async () => {
      const name = path.basename(new URL(dataUrl).pathname) || "data";
      const work = path.join(dir, "download");
      const got = await downloadDataUrl(dataUrl, work);
      await storeParts(item, dir, work, got.files, name, env.portal.vendor);
    });
  }
  steps.push(() => {
    publish();
    env.portal.pendingAdds.delete(item.id);
  });
  env.jobs.start(dataUrl ? "dataUrl" : "addItem", item.id, steps, (message) => {
    Object.assign(pending, { status: "failed", statusMessage: message });
    if (!env.portal.items.items.has(item.id)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { status: "processing", statusMessage: "processing", itemId: item.id };
}
