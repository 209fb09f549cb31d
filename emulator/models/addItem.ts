// spec.md#add-item, spec.md#item-fields, spec.md#async-add, spec.md#add-with-relationship: addItem from a file, url, text or dataUrl, synchronously or
// asynchronously, with an optional relationship created after the item exists.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Caller } from "../host";
import { jsonDepth, MAX_JSON_DEPTH, uploadFileName, type Params } from "../params";
import type { Jobs } from "../jobs";
import type { Portal } from "./portal";
import type { Item } from "./items";
import { badRequest, EmulatorError } from "../errors";
import { ITEM, RELEASES } from "../../spec/limits";
import { checkType, checkUrl, itemFields } from "./itemFields";
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

/** spec.md#item-fields itemIdToCreate (10.8.1+): exactly 32 alphanumerics, not already taken. */
export function itemIdToCreate(env: AddEnv, p: Params): string | undefined {
  if (!p.has("itemIdToCreate") || !env.portal.releaseAtLeast(RELEASES.itemIdToCreate)) return undefined;
  const id = p.str("itemIdToCreate")!;
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

export async function addItem(env: AddEnv, caller: Caller, p: Params): Promise<Record<string, unknown>> {
  const { portal } = env;
  const type = checkType(p.required("type"));
  // a file upload may leave the title to the package's card or the file name (unconfirmed)
  const title = p.files.file ? (p.str("title") ?? "") : p.required("title");
  const org = portal.directory.org(caller.org.id)!;
  const fields = itemFields(p, { releaseAtLeast: (r) => portal.releaseAtLeast(r), classificationSchema: org.classificationSchema }, type);
  if (p.has("originItemId") && p.has("destinationItemId")) throw badRequest("Send originItemId or destinationItemId, not both.");
  const id = itemIdToCreate(env, p);
  const async = p.bool("async");
  const dataUrl = p.has("dataUrl") ? checkUrl(p.str("dataUrl")!, "dataUrl") : undefined;
  if (dataUrl && !async) throw badRequest("dataUrl requires async=true.");
  const sources = [p.files.file, p.str("text"), dataUrl].filter((s) => s !== undefined);
  if (sources.length > 1) throw badRequest("Send one of file, text or dataUrl.");
  if (type === "Data Store" && p.str("text") === undefined) throw badRequest("A Data Store item needs its text.");
  checkText(p.str("text"), type);

  const item: Item = Object.assign(createItemRecord({ owner: caller.user.username, orgId: org.id, title, type, id }), fields);
  item.folder = env.folder ?? null;
  item.typeKeywords = [...new Set([...createItemRecord({ owner: "", orgId: "", title: "", type }).typeKeywords, ...(fields.typeKeywords ?? [])])];
  const dir = portal.items.dirOf(item.id);
  fs.mkdirSync(dir, { recursive: true });
  try {
    await stageContent(env, item, dir, p);
    item.title ||= item.fileName ?? "";
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const relation = { originItemId: p.str("originItemId") || undefined, destinationItemId: p.str("destinationItemId") || undefined, relationshipType: p.str("relationshipType") };
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
async function stageContent(env: AddEnv, item: Item, dir: string, p: Params): Promise<void> {
  if (p.files.thumbnail) await storeThumbnail(item, dir, p.files.thumbnail);
  else if (p.has("thumbnailUrl")) {
    const tmp = path.join(env.uploadDir, `thumb-${item.id}`);
    await fetchThumbnailUrl(checkUrl(p.str("thumbnailUrl")!, "thumbnailUrl"), tmp);
    await storeThumbnail(item, dir, { field: "thumbnailUrl", filename: path.basename(new URL(p.str("thumbnailUrl")!).pathname) || "thumbnail", path: tmp, size: 0 });
  }
  if (p.files.metadata) await storeMetadata(item, dir, p.files.metadata);
  const text = p.str("text");
  if (text !== undefined) storeText(item, text);
  const file = p.files.file;
  if (file) await storeFile(item, dir, file.path, p.str("filename") ? uploadFileName(p.str("filename")!) : file.filename, env.portal.vendor);
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
