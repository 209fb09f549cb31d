// Item operations: addItem (spec.md#item-fields, spec.md#add-item, spec.md#add-with-relationship) and read/data/update/delete (spec.md#gap-read-item).
import { devNull } from "node:os";
import type { FilePart, Params } from "../rest/body";
import type { PortalClient } from "../rest/client";
import type { SavedData } from "../rest/download";
import { seg } from "../rest/url";
import { itemPath, userItemPath, type ItemRef } from "./paths";

export type { ItemRef };

/** spec.md#item-fields: the item fields addItem and update accept (objects are sent as JSON). */
/** The item fields the add, commit and update requests take (spec.md#item-fields); the PortalItem table checks at compile time that each field its rows send is one of them. */
export interface ItemFields {
  title?: string;
  type?: string;
  typeKeywords?: string[];
  description?: string;
  /** spec.md#item-fields: comma-delimited; an array is joined with commas. */
  tags?: string[] | string;
  snippet?: string;
  /** spec.md#item-fields (11.4): JSON string or object {classification, banner, distribution, reviewDate}. */
  classification?: Record<string, unknown> | string;
  extent?: unknown;
  licenseinfo?: string;
  accessInformation?: string;
  culture?: string;
  properties?: Record<string, unknown>;
  url?: string;
  text?: string | Record<string, unknown>;
  dataUrl?: string;
  thumbnailUrl?: string;
  /** spec.md#item-fields: JSON array or comma list; sent as a JSON array (titles may hold commas). */
  categories?: string[] | string;
  listingProperties?: Record<string, unknown>;
  appCategories?: string[] | string;
  industries?: string[] | string;
  languages?: string[] | string;
  largeThumbnail?: string;
  banner?: string;
  /** spec.md#item-fields: a repeatable URL; sent as a JSON array. */
  screenshot?: string[] | string;
  advancedSettings?: Record<string, unknown>;
  serviceCredentialsType?: string;
  itemIdToCreate?: string;
  originItemId?: string;
  destinationItemId?: string;
  relationshipType?: string;
  serviceUsername?: string;
  servicePassword?: string;
  serviceProxyParams?: Record<string, unknown>;
  serviceProxyFilter?: { hitsPerInterval?: number; intervalSeconds?: number; referrers?: string[] };
  async?: boolean;
  multipart?: boolean;
  filename?: string;
  name?: string;
}

/** ItemFields, and any other field a caller passes as it is. */
export interface ItemParams extends ItemFields {
  [field: string]: unknown;
}

/** Item as returned by GET content/items/<id> (spec.md#gap-read-item). */
export interface PortalItem {
  id: string;
  owner: string;
  title: string;
  type: string;
  ownerFolder?: string | null;
  protected?: boolean;
  contentStatus?: "org_authoritative" | "public_authoritative" | "deprecated";
  [field: string]: unknown;
}

/** Item fields as request params. Lists that go as JSON arrays were encoded by the caller (the PortalItem rows' `encoding`); the rest go by serializeParam. */
export function itemBody(item: ItemParams): Params {
  return { ...(item as Params) };
}

/** Local files sent with the item, streamed from disk (spec.md#item-fields file, thumbnail, metadata). */
export interface ItemFiles {
  file?: FilePart;
  thumbnail?: FilePart;
  metadata?: FilePart;
}

function itemFileParts(files: ItemFiles | undefined): Record<string, FilePart> | undefined {
  const out: Record<string, FilePart> = {};
  for (const name of ["file", "thumbnail", "metadata"] as const) if (files?.[name] !== undefined) out[name] = files[name];
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface AddItemOptions extends ItemFiles {
  /** spec.md#add-item: only the user named in the path may add. */
  owner: string;
  folder?: string;
  item: ItemParams;
}

/** spec.md#add-item: `{success, id, folder}`; with async=true `{status, statusMessage, itemId}`. */
export interface AddItemResponse {
  success?: boolean;
  id?: string;
  folder?: string | null;
  status?: string;
  statusMessage?: string;
  itemId?: string;
}

/**
 * spec.md#add-item addItem: POST content/users/<user>/[<folder>/]addItem, multipart when a file is sent.
 * Repeated on a transient failure only with itemIdToCreate (spec.md#design-retries: a repeat cannot duplicate).
 */
export function addItem(client: PortalClient, o: AddItemOptions): Promise<AddItemResponse> {
  const folder = o.folder ? `${seg(o.folder)}/` : "";
  const safeToRetry = typeof o.item.itemIdToCreate === "string" && o.item.itemIdToCreate !== "";
  return client.request("addItem", `content/users/${seg(o.owner)}/${folder}addItem`, itemBody(o.item), { safeToRetry, files: itemFileParts(o) });
}

/** spec.md#gap-read-item: GET content/items/<id>; NotFoundError when gone. */
export function getItem(client: PortalClient, itemId: string): Promise<PortalItem> {
  return client.request("getItem", itemPath(itemId), {}, { method: "GET", cache: true });
}

/** spec.md#gap-item-data: GET content/items/<id>/data → raw bytes (empty when none). */
export function getItemData(client: PortalClient, itemId: string): Promise<Buffer> {
  return client.request("getItemData", itemPath(itemId, "data"), {}, { method: "GET", raw: true, cache: true });
}

/**
 * spec.md#gap-item-data, streamed into `saveTo` (a file item of any size; nothing held in
 * memory): its byte count, SHA-256 and the file name the portal sends with it.
 * @example const { fileName, sha256 } = await downloadItemData(client, id, "/tmp/data.bin");
 */
export function downloadItemData(client: PortalClient, itemId: string, saveTo: string): Promise<SavedData> {
  return client.request("getItemData", itemPath(itemId, "data"), {}, { method: "GET", saveTo });
}

/**
 * spec.md#gap-item-data: the size and SHA-256 of the item's data, streamed to the null device (nothing kept but the
 * hash); the same item's within a run share one download, until a write (rest/readCache.ts).
 */
export function hashItemData(client: PortalClient, itemId: string): Promise<SavedData> {
  return client.request("getItemData", itemPath(itemId, "data"), {}, { method: "GET", saveTo: devNull, cache: true });
}

/**
 * spec.md#item-fields metadata, as the public API serves it (GET content/items/<id>/info/metadata/metadata.xml),
 * streamed into `saveTo`: its byte count and SHA-256. NotFoundError when the item has none.
 */
export function downloadItemMetadata(client: PortalClient, itemId: string, saveTo: string): Promise<SavedData> {
  return client.request("getItemMetadata", itemPath(itemId, "info/metadata/metadata.xml"), {}, { method: "GET", saveTo });
}

export interface UpdateItemOptions extends ItemFiles {
  owner: string;
  itemId: string;
  folder?: string | null;
  item: ItemParams & { clearEmptyFields?: boolean };
}

/** spec.md#gap-update-item: POST …/items/<id>/update → `{success, id}`. Not repeated blindly. */
export function updateItem(client: PortalClient, o: UpdateItemOptions): Promise<{ success: boolean; id: string }> {
  return client.request("updateItem", userItemPath(o.owner, o.itemId, "update", o.folder), itemBody(o.item), { files: itemFileParts(o) });
}

/**
 * spec.md#gap-delete-item: POST …/items/<id>/delete → `{success, itemId}`. A protected item is
 * refused (CONT_0048, unconfirmed code); a gone item is NotFoundError (resources treat it as done).
 */
export function deleteItem(client: PortalClient, o: ItemRef): Promise<{ success: boolean; itemId: string }> {
  return client.request("deleteItem", userItemPath(o.owner, o.itemId, "delete", o.folder));
}
