// Folders, moving and reassigning items (docs/dev/fidelity.md#folders, #moving-and-reassigning-items:
// REST user-content, create-folder, update-folder, delete-folder, move-item, reassign-item;
// rest-js items/create.ts createFolder, items/remove.ts removeFolder, items/update.ts moveItem,
// items/reassign.ts reassignItem).
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { everyPage, LISTING_PAGE } from "./pages";
import { userItemPath, type ItemRef } from "./paths";

export interface PortalFolder {
  id: string;
  title: string;
  username?: string;
  created?: number;
}

const userPath = (owner: string, tail?: string) => `content/users/${seg(owner)}${tail ? `/${tail}` : ""}`;

/** REST create-folder: POST content/users/<owner>/createFolder → `{success, folder:{username, id, title}}`. */
export async function createFolder(client: PortalClient, owner: string, title: string): Promise<PortalFolder> {
  const r = await client.request("createFolder", userPath(owner, "createFolder"), { title }, { safeToRetry: false });
  return r.folder as PortalFolder;
}

/** REST update-folder: POST content/users/<owner>/<folderId>/updateFolder with a new `title`. */
export function renameFolder(client: PortalClient, owner: string, folderId: string, title: string): Promise<{ success: boolean }> {
  return client.request("updateFolder", userPath(owner, `${seg(folderId)}/updateFolder`), { title }, { safeToRetry: true });
}

/** REST delete-folder: POST content/users/<owner>/<folderId>/delete; the portal deletes the items in it too. */
export function deleteFolder(client: PortalClient, owner: string, folderId: string): Promise<{ success: boolean }> {
  return client.request("deleteFolder", userPath(owner, `${seg(folderId)}/delete`), {}, { safeToRetry: true });
}

export interface UserContentPage {
  total: number;
  nextStart: number;
  items: Array<{ id: string; title?: string; type?: string; ownerFolder?: string | null; [key: string]: unknown }>;
  folders: PortalFolder[];
  currentFolder?: { id?: string; title?: string } | null;
}

/** REST user-content: GET content/users/<owner>[/<folderId>], one page (≤ 100). */
export { LISTING_PAGE };

export async function userContentPage(client: PortalClient, owner: string, folderId: string | undefined, start: number, num = LISTING_PAGE): Promise<UserContentPage> {
  // kept as long as a bulk listing: its items answer single item reads (ops/bulk.ts)
  const r = await client.request("userContent", userPath(owner, folderId ? seg(folderId) : undefined), { start, num }, { method: "GET", cache: "bulk" });
  return {
    total: Number(r?.total ?? 0),
    nextStart: Number(r?.nextStart ?? -1),
    items: Array.isArray(r?.items) ? r.items : [],
    folders: Array.isArray(r?.folders) ? r.folders : [],
    currentFolder: r?.currentFolder ?? null,
  };
}

/** The owner's folders (the root listing names them all). */
export function listFolders(client: PortalClient, owner: string): Promise<PortalFolder[]> {
  // the first page of the root listing, as the owner's items prefetch reads it (ops/bulk.ts): one
  // answer for both; the folders alone are kept, so each Folder of a refresh copies a few KB of
  // them, not the page's hundred items (issue 24: 4 MB copied for 50 folders)
  return client.sharedRead(`folders of ${owner}`, async () => (await userContentPage(client, owner, undefined, 1, LISTING_PAGE)).folders);
}

/** The owner's folder with this id, or undefined. */
export async function findFolder(client: PortalClient, owner: string, id: string): Promise<PortalFolder | undefined> {
  return (await listFolders(client, owner)).find((f) => f.id === id);
}

/** Every item in one folder (or the root), page by page. */
export async function folderItems(client: PortalClient, owner: string, folderId: string | undefined): Promise<UserContentPage["items"]> {
  const out: UserContentPage["items"] = [];
  await everyPage((start) => userContentPage(client, owner, folderId, start, LISTING_PAGE), LISTING_PAGE, (page) => out.push(...page.items));
  return out;
}

/** REST move-item: POST content/users/<owner>/[<folder>/]items/<id>/move with `folder` (an id, or "/" for the root). Same id. */
export function moveItem(client: PortalClient, ref: ItemRef, toFolder: string | undefined): Promise<{ success: boolean; itemId?: string; folder?: string | null }> {
  return client.request("moveItem", userItemPath(ref.owner, ref.itemId, "move", ref.folder), { folder: toFolder ?? "/" }, { safeToRetry: true });
}

/**
 * REST reassign-item: POST content/users/<owner>/[<folder>/]items/<id>/reassign with `targetUsername`
 * and `targetFolderName` (a folder title of the target, "/" for the root; the portal creates a
 * missing one). Administrators only. Same id.
 */
export function reassignItem(client: PortalClient, ref: ItemRef, targetUsername: string, targetFolderName: string | undefined): Promise<{ success: boolean; itemId?: string }> {
  return client.request("reassignItem", userItemPath(ref.owner, ref.itemId, "reassign", ref.folder), { targetUsername, targetFolderName: targetFolderName ?? "/" }, { safeToRetry: false });
}

/**
 * REST reassign-items (11.0+): the owner holding portal:user:reassignItems (or an administrator)
 * gives items to `targetUsername`, into `targetFoldername` (a title; note the lower-case n).
 */
export function reassignItems(client: PortalClient, owner: string, itemIds: string[], targetUsername: string, targetFoldername: string | undefined): Promise<{ success?: boolean }> {
  return client.request("reassignItems", userPath(owner, "reassignItems"), { items: itemIds.join(","), targetUsername, targetFoldername: targetFoldername ?? "/" }, { safeToRetry: false });
}
