// The status and multipart verbs of an item (spec.md#async-add, spec.md#add-item-multipart; spec.md#gap-item-status-read,
// "Add part", "List parts", "Commit", "Cancel"), and the wait for an async add or a commit.
import type { FilePart } from "../rest/body";
import type { PortalClient } from "../rest/client";
import { pollJob } from "../rest/jobs";
import { userItemPath, type ItemRef } from "./paths";
import { itemBody, type ItemParams } from "./items";

/** spec.md#gap-item-status-read: `{itemId, status: "partial"|"processing"|"completed"|"failed", statusMessage}`. */
export interface ItemStatus {
  itemId: string;
  status: string;
  statusMessage?: string;
  [field: string]: unknown;
}

/** spec.md#gap-item-status-read: GET content/users/<owner>/items/<id>/status (spec.md#async-add "path not shown"). */
export function getItemStatus(client: PortalClient, o: ItemRef & { jobType?: string }): Promise<ItemStatus> {
  return client.request("itemStatus", userItemPath(o.owner, o.itemId, "status", o.folder), { jobType: o.jobType }, { method: "GET", jobDocument: true });
}

export interface AddPartOptions extends ItemRef {
  /** 1–10000; re-sending a number replaces that part, so a failed part may be sent again. */
  partNum: number;
  /** The bytes of this part, streamed (a Blob slice of the file, or a path). */
  file: FilePart;
  /** Stops the part in flight (another part failed for good). */
  signal?: AbortSignal;
}

/** spec.md#gap-multipart: POST …/items/<id>/addPart, multipart `file` + `partNum` → `{success}`. */
export function addItemPart(client: PortalClient, o: AddPartOptions): Promise<{ success: boolean }> {
  return client.request("addPart", userItemPath(o.owner, o.itemId, "addPart", o.folder), { partNum: o.partNum }, { files: { file: o.file }, safeToRetry: true, signal: o.signal });
}

/** spec.md#gap-multipart: GET …/items/<id>/parts → `{parts:["1","2",…]}`. */
export async function listItemParts(client: PortalClient, o: ItemRef): Promise<{ parts: string[] }> {
  const r = await client.request("parts", userItemPath(o.owner, o.itemId, "parts", o.folder), {}, { method: "GET" });
  return { parts: Array.isArray(r?.parts) ? r.parts.map(String) : [] };
}

/** spec.md#add-item-multipart / spec.md#gap-multipart: starts assembling the parts; item properties may ride along. */
export function commitItem(client: PortalClient, o: ItemRef & { item?: ItemParams }): Promise<{ success: boolean; id?: string }> {
  return client.request("commit", userItemPath(o.owner, o.itemId, "commit", o.folder), o.item ? itemBody(o.item) : {});
}

/** spec.md#gap-multipart: drops an uncommitted multipart item. */
export function cancelItem(client: PortalClient, o: ItemRef): Promise<{ success: boolean }> {
  return client.request("cancel", userItemPath(o.owner, o.itemId, "cancel", o.folder), {}, { safeToRetry: true });
}

export interface WaitForItemOptions extends ItemRef {
  /** Deadline; default POLL_DEFAULTS.timeoutMs. */
  timeoutMs?: number;
  /** "async add" or "commit", for the error message. */
  what?: string;
  /** Called after each poll that is not final (status, time waited): progress lines. */
  onWait?: (status: string, elapsedMs: number) => void;
}

/**
 * spec.md#async-add: polls the item status until completed; failed throws JobFailedError with the
 * statusMessage, the deadline throws JobTimeoutError naming the item and the last status.
 */
export function waitForItemStatus(client: PortalClient, o: WaitForItemOptions): Promise<ItemStatus> {
  return pollJob({
    operation: "itemStatus",
    what: `${o.what ?? "item processing"} of item ${o.itemId} (owner ${o.owner})`,
    fetch: () => getItemStatus(client, o),
    timeoutMs: o.timeoutMs,
    onWait: o.onWait,
    now: client.now,
    sleep: client.sleep,
  });
}
