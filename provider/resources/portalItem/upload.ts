// PortalItem file uploads (spec.md#add-item-multipart, spec.md#design-uploads): up to the
// threshold one streamed multipart addItem with a Content-Length (spec.md#add-item-chunked caps only chunked
// transfer); above it multipart mode — addItem(multipart, filename, itemIdToCreate), parallel
// addPart calls (portalItem/parts.ts), commit with the item properties, then wait. Threshold,
// part size and parts in flight: limits.ts UPLOAD and uploadPlan.ts, chosen by measurement (docs/performance.md). A failure cancels the half-made item. An upload cut off by a killed run
// is found again through its itemIdToCreate and resumed from the parts the portal holds.
import { basename } from "node:path";
import { uploadLimits } from "../../../spec/limits";
import { addItem, deleteItem, getItem, type ItemParams } from "../../ops/items";
import { cancelItem, getItemStatus, waitForItemStatus } from "../../ops/multipart";
import { portalTakesItemIdToCreate } from "../../ops/portal";
import type { ItemRef } from "../../ops/paths";
import { fileParts, type FilePart } from "../../rest/body";
import type { PortalClient } from "../../rest/client";
import { isNotFound, JobFailedError, NetworkError, PortalError } from "../../rest/errors";
import { derivedItemIdToCreate, generationOf } from "./identity";
import { commitParts, heldParts, partsProgress, sendParts } from "./parts";
import { partBytesFor, partSizesFor } from "./uploadPlan";


/** Files above this size use multipart mode (limits.ts UPLOAD, with its environment override). */
export const multipartThresholdBytes = (): number => uploadLimits().singleRequestMaxBytes;
/** Part size of multipart mode for a file of `size` bytes (uploadPlan.ts; never below docs/spec.md's 5 MB minimum). */
export const partBytes = (size: number): number => partBytesFor(size, uploadLimits());
/** The parts' sizes, in order, for a file of `size` bytes (uploadPlan.ts: smaller parts at both ends of a large file). */
export const partSizes = (size: number): number[] => partSizesFor(size, uploadLimits());

export interface MultipartUpload {
  owner: string;
  folder?: string;
  file: string;
  /** The item properties, sent with commit (spec.md#add-item-multipart: addItem takes none in this mode). */
  item: ItemParams;
  timeoutMs: number;
  /** Asked at addItem; a portal that ignores it in this mode gives its own id (then no resume). */
  itemIdToCreate?: string;
  /** The id was derived from this resource's URN: an upload in progress under it is this resource's. */
  resumable?: boolean;
  /** The resource's URN: progress lines show on its row (provider/progress.ts). */
  urn?: string;
  /** Adopts the committed item the id names (create's marker check); throws when it is not ours. */
  adopt: (cause: unknown) => Promise<string>;
}

/**
 * The id asked at addItem, and whether an upload found under it is this resource's. It is when the
 * id was derived by check from this resource's URN and generation (a SHA-256 no one else computes)
 * and the portal shows that upload to this owner: a multipart addItem carries no marker keyword
 * (spec.md#add-item-multipart: no item properties), so the derived id is the proof. A given id proves nothing.
 */
export function resumeOf(inputs: Record<string, unknown>): Pick<MultipartUpload, "itemIdToCreate" | "resumable"> {
  const id = inputs.itemIdToCreate;
  if (typeof id !== "string") return {};
  const derived = inputs.generatedItemIdToCreate === true && typeof inputs.__urn === "string" && id === derivedItemIdToCreate(inputs.__urn, generationOf(inputs));
  return { itemIdToCreate: id, resumable: derived };
}

/** Where the upload starts: a new item, the parts an earlier run left, or a finished item. */
type Start = { itemId: string; held: ReadonlySet<number> } | { adopted: string };

/** Drops a half-made item: cancel while uncommitted, else delete. Never throws. */
async function discard(client: PortalClient, ref: ItemRef): Promise<void> {
  await cancelItem(client, ref)
    .catch(() => deleteItem(client, ref))
    .catch(() => undefined);
}

/**
 * The id is taken (or the answer to addItem was lost). `partial`: an upload of this resource cut
 * off midway, resumed from the parts held — unless the portal holds a part number beyond this
 * file's parts (the file changed since) or the id was given by the user, not derived.
 * `processing`/`completed`: the commit went through; the item is adopted once complete.
 */
async function existingUpload(client: PortalClient, o: MultipartUpload, parts: FilePart[], cause: unknown): Promise<Start | "restart"> {
  const ref = { owner: o.owner, itemId: o.itemIdToCreate!, folder: o.folder };
  const status = await getItemStatus(client, ref).catch((e) => {
    if (isNotFound(e)) throw cause;
    throw e;
  });
  let state = status.status;
  if (state === "processing") {
    const what = "commit of an earlier multipart upload";
    state = await waitForItemStatus(client, { ...ref, timeoutMs: o.timeoutMs, what }).then(
      () => "completed",
      (e) => {
        if (e instanceof JobFailedError) return "failed";
        throw e;
      },
    );
  }
  if (state === "completed") return { adopted: await o.adopt(cause) };
  if (!o.resumable) {
    throw new Error(
      `PortalItem: itemIdToCreate ${ref.itemId} names an upload in the portal (status ${state}) that this resource cannot tell is its own, because the id was given, not derived. ` +
        "Cancel that upload in the portal or give another itemIdToCreate.",
    );
  }
  if (state === "partial") {
    const held = await heldParts(client, ref);
    if ([...held].every((n) => n <= parts.length)) return { itemId: ref.itemId, held };
  }
  await discard(client, ref); // ours, but of another file or failed: start over under the same id
  return "restart";
}

async function start(client: PortalClient, o: MultipartUpload, parts: FilePart[]): Promise<Start> {
  // spec.md#versions: a portal before 10.8.1 does not know itemIdToCreate; it is not sent there (no resume)
  if (o.itemIdToCreate !== undefined && !(await portalTakesItemIdToCreate(client))) o = { ...o, itemIdToCreate: undefined };
  const add = async () => {
    const r = await addItem(client, { owner: o.owner, folder: o.folder, item: { multipart: true, filename: basename(o.file), itemIdToCreate: o.itemIdToCreate } });
    return { itemId: String(r.id), held: new Set<number>() };
  };
  try {
    return await add();
  } catch (e) {
    const unanswered = e instanceof NetworkError || (e instanceof PortalError && (e.code === 409 || e.code >= 500));
    if (!unanswered || o.itemIdToCreate === undefined) throw e;
    const found = await existingUpload(client, o, parts, e);
    return found === "restart" ? add() : found;
  }
}

/**
 * A resumed upload's parts were cut by an earlier run; the portal lists their numbers, not their
 * sizes. Cut at another part size (a provider of another version, another PORTAL_UPLOAD_PART_BYTES)
 * they do not fit this run's: the committed item's size then differs from the file's, and the
 * item is dropped (the next run starts over) rather than kept with wrong bytes.
 */
async function assertResumedSize(client: PortalClient, ref: ItemRef, parts: FilePart[]): Promise<void> {
  const fileSize = parts[parts.length - 1]?.end ?? 0;
  const held = (await getItem(client, ref.itemId)).size;
  if (typeof held === "number" && held !== fileSize) {
    throw new Error(`PortalItem: the multipart upload of item ${ref.itemId} resumed parts an earlier run cut at another part size (the item holds ${held} bytes, the file has ${fileSize}); the item was dropped, run again to send the file whole.`);
  }
}

/** Multipart mode end to end; the item is cancelled on any failure after it exists. */

export async function uploadMultipart(client: PortalClient, o: MultipartUpload): Promise<{ itemId: string; adopted: boolean }> {
  const parts = await fileParts(o.file, partSizes, basename(o.file));
  const begun = await start(client, o, parts);
  if ("adopted" in begun) return { itemId: begun.adopted, adopted: true };
  const ref = { owner: o.owner, itemId: begun.itemId, folder: o.folder };
  try {
    await sendParts(client, ref, parts, begun.held, partsProgress(parts, o.urn));
    await commitParts(client, ref, o.item, parts);
    await waitForItemStatus(client, { ...ref, timeoutMs: o.timeoutMs, what: "commit of the multipart upload" });
    if (begun.held.size > 0) await assertResumedSize(client, ref, parts);
  } catch (e) {
    await discard(client, ref); // leave no half-made item
    throw e;
  }
  return { itemId: begun.itemId, adopted: false };
}

/** Delete of an item still in multipart mode, for a portal that refuses delete there: cancel it. */
export async function cancelIfPartial(client: PortalClient, ref: ItemRef): Promise<boolean> {
  const status = await getItemStatus(client, ref).catch(() => undefined);
  if (status?.status !== "partial") return false;
  await cancelItem(client, ref);
  return true;
}
