// The stored content of an item: its data (an uploaded file moved in, or the parts of a multipart
// upload as they came: storedData.ts; never read whole), its text, its thumbnail and metadata, and the package <vendor>info folder (spec.md#item-fields).
import * as fs from "node:fs";
import * as path from "node:path";
import type { Item } from "./items";
import type { UploadedFile } from "../params";
import { extractVendorInfo } from "./packages";
import { storeThumbnailFile } from "./thumbnails";
import { storedDataOf, storedSize, type StoredData } from "../storedData";

export function dataDirOf(itemDir: string): string {
  return path.join(itemDir, "data");
}

export function infoDirOf(itemDir: string): string {
  return path.join(itemDir, "info");
}

/** Moves an uploaded (or downloaded) file into the item: one segment; extracts package info. */
export async function storeFile(item: Item, itemDir: string, source: string, fileName: string, vendor: string): Promise<void> {
  const dir = freshDataDir(itemDir);
  const target = path.join(dir, path.basename(fileName));
  await fs.promises.rename(source, target);
  await setData(item, itemDir, await storedDataOf([target]), fileName, vendor);
}

/**
 * A multipart commit: the parts folder becomes the data folder (one rename) and the parts, in
 * order, are the item's data (storedData.ts); no byte is copied.
 */
export async function storeParts(item: Item, itemDir: string, partsDir: string, partNames: readonly string[], fileName: string, vendor: string): Promise<void> {
  const dir = dataDirOf(itemDir);
  fs.rmSync(dir, { recursive: true, force: true });
  await fs.promises.rename(partsDir, dir);
  await setData(item, itemDir, await storedDataOf(partNames.map((n) => path.join(dir, n))), fileName, vendor);
}

function freshDataDir(itemDir: string): string {
  const dir = dataDirOf(itemDir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

async function setData(item: Item, itemDir: string, data: StoredData, fileName: string, vendor: string): Promise<void> {
  item.data = data;
  item.fileName = path.basename(fileName);
  item.size = storedSize(data);
  item.text = undefined;
  const card = await extractVendorInfo(data, infoDirOf(itemDir), vendor);
  if (!card) return;
  // spec.md#item-fields: a package's own culture applies; its card fills what the request left empty
  if (card.culture) item.culture = card.culture;
  if (card.thumbnail && !item.thumbnail) item.thumbnail = card.thumbnail;
  item.title ||= card.title ?? "";
  item.snippet ||= card.snippet ?? "";
  item.description ||= card.description ?? "";
  if (item.tags.length === 0 && card.tags) item.tags = card.tags;
  if (card.licenseInfo && !item.licenseInfo) item.licenseInfo = card.licenseInfo;
}

export function storeText(item: Item, text: string): void {
  item.text = text;
  item.size = Buffer.byteLength(text);
  item.data = undefined;
  item.fileName = undefined;
}

export async function storeThumbnail(item: Item, itemDir: string, file: UploadedFile): Promise<void> {
  item.thumbnail = await storeThumbnailFile(infoDirOf(itemDir), file.path, file.filename);
}

/** spec.md#item-fields metadata: stored in the metadata folder of the item, served under info/metadata/. */
export async function storeMetadata(item: Item, itemDir: string, file: UploadedFile): Promise<void> {
  const dir = path.join(infoDirOf(itemDir), "metadata");
  fs.mkdirSync(dir, { recursive: true });
  await fs.promises.rename(file.path, path.join(dir, "metadata.xml"));
  item.metadataFile = "metadata/metadata.xml";
}
