// spec.md#add-item-multipart and spec.md#gap-multipart: multipart adds. Parts
// are files under <item>/parts/<n>; commit renames that folder to the item's data folder and the
// parts, in order, are the item's data (content.ts storeParts, storedData.ts): no byte is copied.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Caller } from "../host";
import { requiredText, uploadFileName, type UploadedFile } from "../params";
import type { Item } from "./items";
import { itemIdToCreate, type AddEnv } from "./addItem";
import { badRequest } from "../errors";
import { MULTIPART } from "../../spec/limits";
import { createItemRecord, nextModified } from "./itemRecord";
import { checkTitle, checkType, itemFields, type ItemFieldsRequest } from "./itemFields";
import { storeParts } from "./content";
import { typeFromFileName } from "./itemTypes";

const partsDir = (env: Pick<AddEnv, "portal">, id: string) => path.join(env.portal.items.dirOf(id), "parts");

/**
 * Only multipart and filename count (spec.md#add-item-multipart), and itemIdToCreate: the rule says every other
 * parameter is ignored, but an id is not an item property, and without it an upload cut off midway
 * could not be found again (unconfirmed; the provider also works with a portal that ignores it).
 */
export function startMultipart(env: AddEnv, caller: Caller, r: { filename?: string; itemIdToCreate?: string }): Record<string, unknown> {
  const filename = uploadFileName(requiredText(r.filename, "filename"));
  checkTitle(filename);
  const id = itemIdToCreate(env, r.itemIdToCreate);
  const item = createItemRecord({ owner: caller.user.username, orgId: caller.org.id, title: filename, type: typeFromFileName(filename), id });
  item.fileName = filename;
  item.folder = env.folder ?? null;
  item.addStatus = "partial";
  env.portal.items.add(item);
  fs.mkdirSync(partsDir(env, item.id), { recursive: true });
  return { success: true, id: item.id, folder: item.folder };
}

/**
 * Public API updateItem `multipart=true` + `filename`: the item keeps its data and stays readable
 * while parts arrive; commit replaces the file (and sets the properties sent with it), cancel drops
 * the parts. Like a multipart add, only multipart and filename count in this request (unconfirmed
 * for update; spec.md#add-item-multipart says it of addItem).
 */
export function startMultipartUpdate(env: Pick<AddEnv, "portal">, item: Item, filename: string | undefined): Record<string, unknown> {
  if (item.addStatus !== "completed" || item.partialUpdate) throw badRequest(`Item ${item.id} is not ready for a multipart update (status ${item.partialUpdate ? "partial" : item.addStatus}).`);
  const fileName = uploadFileName(requiredText(filename, "filename"));
  checkTitle(fileName);
  fs.rmSync(partsDir(env, item.id), { recursive: true, force: true });
  fs.mkdirSync(partsDir(env, item.id), { recursive: true });
  item.partialUpdate = { fileName };
  return { success: true, id: item.id };
}

function partial(item: Item): void {
  if (item.addStatus !== "partial" && !item.partialUpdate) throw badRequest(`Item ${item.id} is not a multipart upload in progress (status ${item.addStatus}).`);
}

function partNumbers(dir: string): number[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).map(Number).filter(Number.isInteger).sort((a, b) => a - b) : [];
}

/** Part numbers run from 1 to 10000; re-sending a number replaces that part. */
export async function addPart(env: AddEnv, item: Item, partNum: number | undefined, file: UploadedFile | undefined): Promise<void> {
  partial(item);
  if (partNum === undefined) throw badRequest("Missing required parameter 'partNum'.");
  if (partNum < 1 || partNum > MULTIPART.maxParts) throw badRequest(`'partNum' must be from 1 to ${MULTIPART.maxParts}; got ${partNum}.`);
  if (!file) throw badRequest("Missing the part's 'file'.");
  await fs.promises.rename(file.path, path.join(partsDir(env, item.id), String(partNum)));
}

export function listParts(env: AddEnv, item: Item): string[] {
  partial(item);
  return partNumbers(partsDir(env, item.id)).map(String);
}

/** What commit reads of a request: the item's type and fields, which may ride along. */
export interface CommitRequest {
  type?: string;
  fields: ItemFieldsRequest;
}

/** Every part but the last must be at least 5 MB; item properties may ride along. */
export function commit(env: AddEnv, item: Item, r: CommitRequest): void {
  partial(item);
  const dir = partsDir(env, item.id);
  const numbers = partNumbers(dir);
  if (numbers.length === 0) throw badRequest("No parts have been uploaded.");
  for (const n of numbers.slice(0, -1)) {
    const size = fs.statSync(path.join(dir, String(n))).size;
    if (size < MULTIPART.minPartBytes) throw badRequest(`Part ${n} is ${size} bytes; every part but the last must be at least ${MULTIPART.minPartBytes} bytes (5 MB).`);
  }
  const type = r.type ? checkType(r.type) : item.type;
  const org = env.portal.directory.org(item.orgId)!;
  const fields = itemFields(r.fields, { releaseAtLeast: (r) => env.portal.releaseAtLeast(r), classificationSchema: org.classificationSchema }, type);
  const fileName = item.partialUpdate?.fileName ?? item.fileName ?? "data";
  item.partialUpdate = undefined;
  item.addStatus = "processing";
  item.statusMessage = "processing";
  const itemDir = env.portal.items.dirOf(item.id);
  env.jobs.start(
    "commit",
    item.id,
    [
      async () => {
        await storeParts(item, itemDir, dir, numbers.map(String), fileName, env.portal.vendor);
      },
      () => {
        Object.assign(item, fields, { type, addStatus: "completed", statusMessage: "completed", modified: nextModified(item) });
      },
    ],
    (message) => Object.assign(item, { addStatus: "failed", statusMessage: message }),
  );
}

export function cancel(env: AddEnv, item: Item): void {
  partial(item);
  if (item.partialUpdate) {
    // a multipart update: the item keeps its data; only the parts go
    fs.rmSync(partsDir(env, item.id), { recursive: true, force: true });
    item.partialUpdate = undefined;
    return;
  }
  env.portal.items.remove(item.id);
}
