// PortalItem owner and folder (issue 23): a new folder is a move (REST move-item) and a new owner a
// reassign (REST reassign-item), both in place: the item keeps its id, so nothing that points at it
// breaks. The plan names folders by title and tells, before any write, whether the new owner can
// receive the item (canReassignItems, a read-only check; spec.md#can-reassign-items).
import { canReassignItems } from "../../ops/reassign";
import { findFolder, listFolders, moveItem, reassignItem, reassignItems } from "../../ops/folders";
import { isNotFound, PortalError } from "../../rest/errors";
import { getItem } from "../../ops/items";
import type { ItemRef } from "../../ops/paths";
import type { PortalClient } from "../../rest/client";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";

import type { PortalItemProps as Props } from "./props";

const known = (v: unknown): v is string => typeof v === "string" && !isUnknown(v);
/** "" and null both mean the owner's root folder. */
const folderOf = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export const ownerChanges = (olds: Props, news: Props) => news.owner !== undefined && olds.owner !== undefined && news.owner !== olds.owner;

/** The old inputs with the owner they imply: an unset owner was the configured user at create. */
async function withOwner(client: () => PortalClient, olds: Props): Promise<Props> {
  if (olds.owner !== undefined) return olds;
  return { ...olds, owner: await client().username() };
}
export const folderChanges = (olds: Props, news: Props) => news.folder !== undefined && folderOf(news.folder) !== folderOf(olds.folder);

/** A folder as a plan line names it: its title when the owner has it, `(root)`, or the id. */
async function folderName(client: PortalClient, owner: unknown, folder: unknown): Promise<string> {
  if (folderOf(folder) === undefined) return "(root)";
  if (!known(folder)) return "[unknown]";
  if (!known(owner)) return JSON.stringify(folder);
  const f = await findFolder(client, owner, folder).catch(() => undefined);
  return f ? JSON.stringify(f.title) : `${JSON.stringify(folder)} (not a folder of ${owner})`;
}

/**
 * The owner and folder lines of a step, and the refusals known before any write: a folder that is
 * not the owner's, a new owner who cannot receive the item.
 */
export async function ownershipPlan(client: () => PortalClient, olds: Props, news: Props): Promise<{ lines: string[]; failures: CheckFailure[] }> {
  const created = !olds || Object.keys(olds).length === 0;
  const lines: string[] = [];
  const failures: CheckFailure[] = [];
  if (created) {
    if (known(news.folder)) {
      const owner = known(news.owner) ? news.owner : await client().username();
      // a listing that failed is not a folder missing: the check fails on the read (issue 28: under
      // `flaky`, a reset read said "has no folder" of a folder that was there)
      const f = await findFolder(client(), owner, news.folder).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
      if (!f) failures.push({ property: "folder", reason: `${owner} has no folder ${news.folder}; give a Folder's folderId (a folder of the item's owner)` });
      else lines.push(`+ in folder ${JSON.stringify(f.title)} of ${owner}`);
    }
    return { lines, failures };
  }
  const itemId = olds.itemId ?? olds.itemIdToCreate;
  if (news.owner !== undefined || folderChanges(olds, news)) olds = await withOwner(client, olds);
  if (ownerChanges(olds, news)) {
    const to = news.owner as string;
    const where = news.folder === undefined ? "(root)" : await folderName(client(), to, news.folder);
    let verdict = "";
    let notChecked = false;
    if (known(to) && known(itemId) && known(olds.owner)) {
      const r = await canReassignItems(client(), { owner: olds.owner, itemIds: [itemId], targetUsername: to }).then(
        (x) => x.results[0],
        (e: Error) => {
          // a portal before 11.0 has no canReassignItems (404): the reassign is not checked, not refused
          if (e instanceof PortalError && e.code === 404) notChecked = true;
          return { success: false, reason: e.message.split("\n")[0] };
        },
      );
      if (notChecked) verdict = "";
      else if (r?.success) verdict = "; canReassignItems: eligible";
      else {
        const reason = r?.reason ?? "refused";
        failures.push({ property: "owner", reason: `${to} cannot receive item ${itemId}: ${reason} (canReassignItems); give another owner, or fix the user's role or group memberships first` });
        verdict = `; canReassignItems refused: ${reason}`;
      }
    }
    lines.push(`~ owner: ${JSON.stringify(olds.owner)} → ${known(to) ? JSON.stringify(to) : "[unknown]"} (a reassign into ${where}: the item keeps its id${verdict})`);
    if (notChecked) lines.push("! canReassignItems needs 11.0: not checked at preview (the portal answered 404); up reassigns, and the portal may still refuse it then");
    if (where.includes("not a folder of")) failures.push({ property: "folder", reason: `${news.folder} is not a folder of the new owner ${to}; give one of ${to}'s folders` });
    return { lines, failures };
  }
  if (folderChanges(olds, news)) {
    const owner = olds.owner;
    const [from, to] = [await folderName(client(), owner, olds.folder), await folderName(client(), owner, news.folder)];
    if (to.includes("not a folder of")) failures.push({ property: "folder", reason: `${news.folder} is not a folder of ${owner}; give a Folder's folderId` });
    lines.push(`~ folder: ${from} → ${to} (a move: the item keeps its id)`);
  }
  return { lines, failures };
}

/**
 * The item `reassign` is an administrator's; an owner who holds portal:user:reassignItems (which
 * canReassignItems at preview accepts) gives the item with `reassignItems` (11.0+) instead, so what
 * the preview promised, up can do.
 */
async function reassignAs(client: PortalClient, ref: ItemRef, to: string, title: string | undefined): Promise<void> {
  try {
    await reassignItem(client, ref, to, title);
  } catch (e) {
    if (!(e instanceof PortalError) || !(e.messageCode === "GWM_0003" || e.code === 403)) throw e;
    await reassignItems(client, ref.owner, [ref.itemId], to, title);
  }
}

/**
 * Up: reassign (with the target folder's title, the parameter the portal takes) or move, before any
 * other change; returns where the item is afterwards, for the requests that follow. It starts from
 * where the portal holds the item (one read), so a run killed after the reassign or the move is
 * finished by the next up instead of failing on the old owner's path.
 */
export async function moveOrReassign(client: PortalClient, ref: ItemRef, olds: Props, news: Props): Promise<ItemRef> {
  if (!ownerChanges(olds, news) && !folderChanges(olds, news)) return ref;
  const item = await getItem(client, ref.itemId);
  const here: ItemRef = { owner: item.owner, itemId: ref.itemId, folder: folderOf(item.ownerFolder) ?? null };
  const target = { owner: news.owner ?? item.owner, folder: news.folder === undefined ? here.folder : (folderOf(news.folder) ?? null) };
  if (target.owner === here.owner && (target.folder ?? null) === (here.folder ?? null)) return here;
  return relocate(client, here, { ...olds, owner: here.owner, folder: here.folder ?? undefined }, news);
}

async function relocate(client: PortalClient, ref: ItemRef, olds: Props, news: Props): Promise<ItemRef> {
  if (ownerChanges(olds, news)) {
    const to = news.owner as string;
    const folder = folderOf(news.folder);
    const title = folder === undefined ? undefined : (await listFolders(client, to)).find((f) => f.id === folder)?.title;
    if (folder !== undefined && title === undefined) throw new Error(`PortalItem ${ref.itemId}: ${folder} is not a folder of ${to}; give one of ${to}'s folders (a Folder with owner: ${JSON.stringify(to)}).`);
    await reassignAs(client, ref, to, title);
    return { owner: to, itemId: ref.itemId, folder: folder ?? null };
  }
  if (folderChanges(olds, news)) {
    await moveItem(client, ref, folderOf(news.folder));
    return { ...ref, folder: folderOf(news.folder) ?? null };
  }
  return ref;
}
