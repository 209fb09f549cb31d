// PortalItem file uploads (seed 4.6 rule 3, design.md "uploads stream from disk"): below the
// threshold one streamed multipart addItem; above it multipart mode — addItem(multipart, filename),
// parallel addPart calls of ≥ 5 MB each retried once, commit with the item properties, then wait.
// A failure cancels the half-made item.
import { basename } from "node:path";
import { MULTIPART } from "../limits";
import { addItem, deleteItem, type ItemParams } from "../ops/items";
import { addItemPart, cancelItem, commitItem, waitForItemStatus } from "../ops/multipart";
import { fileParts, type FilePart } from "../rest/body";
import type { PortalClient } from "../rest/client";

/** Files above this size use multipart mode (design.md; the figure is ours). */
export const MULTIPART_THRESHOLD_BYTES = 8 * 1024 * 1024;
/** Part size: the seed's minimum (spec-gaps.md: every part but the last ≥ 5 MB). */
export const PART_BYTES = MULTIPART.minPartBytes;
/** Parts sent at once. */
export const PARALLEL_PARTS = 3;

export interface MultipartUpload {
  owner: string;
  folder?: string;
  file: string;
  /** The item properties, sent with commit (seed 4.6 rule 3: addItem takes none in this mode). */
  item: ItemParams;
  timeoutMs: number;
}

/** Sends one part; a failed part is sent once more (re-sending a number replaces it). */
async function sendPart(client: PortalClient, ref: { owner: string; itemId: string; folder?: string }, partNum: number, file: FilePart): Promise<void> {
  try {
    await addItemPart(client, { ...ref, partNum, file });
  } catch {
    await addItemPart(client, { ...ref, partNum, file });
  }
}

async function sendParts(client: PortalClient, ref: { owner: string; itemId: string; folder?: string }, parts: FilePart[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < parts.length) {
      const i = next++;
      await sendPart(client, ref, i + 1, parts[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, parts.length) }, worker));
}

/** Multipart mode end to end; returns the new item's id. The item is cancelled on any failure. */
export async function uploadMultipart(client: PortalClient, o: MultipartUpload): Promise<string> {
  const filename = basename(o.file);
  const started = await addItem(client, { owner: o.owner, folder: o.folder, item: { multipart: true, filename } });
  const itemId = String(started.id);
  const ref = { owner: o.owner, itemId, folder: o.folder };
  try {
    await sendParts(client, ref, await fileParts(o.file, PART_BYTES, filename));
    await commitItem(client, { ...ref, item: o.item });
    await waitForItemStatus(client, { ...ref, timeoutMs: o.timeoutMs, what: "commit of the multipart upload" });
  } catch (e) {
    // leave no half-made item: cancel an uncommitted one, delete one whose commit went through
    await cancelItem(client, ref)
      .catch(() => deleteItem(client, ref))
      .catch(() => undefined);
    throw e;
  }
  return itemId;
}
