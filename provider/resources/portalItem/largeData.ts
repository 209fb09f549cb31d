// Large data of a PortalItem. A changed file of an existing item above the multipart threshold
// (limits.ts UPLOAD) goes through the public API's updateItem (spec.md#gap-update-item) with
// `multipart=true` + `filename`, parts from disk (portalItem/parts.ts: parallel, each sent at most
// twice), commit (spec.md#gap-multipart), then the item status polled to completed
// (spec.md#async-add states). The item keeps its old data until the commit; a failure cancels the
// uncommitted update (the item stays). A multipart update left uncommitted by a killed run is
// cancelled and started again: its parts cannot be told to be of this file. And the progress of a
// dataUrl item's async add.
import { promises as fsp } from "node:fs";
import { basename } from "node:path";
import { updateItem } from "../../ops/items";
import { cancelItem, getItemStatus, waitForItemStatus } from "../../ops/multipart";
import type { ItemRef } from "../../ops/paths";
import { jobProgressLine, reportProgress } from "../../progress";
import { fileParts } from "../../rest/body";
import type { PortalClient } from "../../rest/client";
import { commitParts, partsProgress, sendParts } from "./parts";
import { multipartThresholdBytes, partSizes } from "./upload";

export interface FileUpdate {
  file: string;
  /** The size check put into the inputs (fileSize). */
  fileSize: number;
  timeoutMs: number;
  urn?: string;
}

/** Whether a changed file of `fileSize` bytes goes in multipart mode. */
export const updatesInParts = (fileSize: unknown): boolean => typeof fileSize === "number" && fileSize > multipartThresholdBytes();


/** Replaces the item's file in multipart mode; the item's other fields are not touched here. */
export async function replaceFileInParts(client: PortalClient, ref: ItemRef, o: FileUpdate): Promise<void> {
  const size = (await fsp.stat(o.file)).size;
  if (size !== o.fileSize) throw new Error(`PortalItem: ${o.file} changed since preview (${o.fileSize} bytes then, ${size} now); nothing was sent. Run again.`);
  const parts = await fileParts(o.file, partSizes, basename(o.file));
  // an update cut off by a killed run leaves the item partial: drop those parts first
  if ((await getItemStatus(client, ref).catch(() => undefined))?.status === "partial") await cancelItem(client, ref);
  await updateItem(client, { ...ref, item: { multipart: true, filename: basename(o.file) } });
  try {
    await sendParts(client, ref, parts, new Set(), partsProgress(parts, o.urn));
    await commitParts(client, ref, {}, parts);
  } catch (e) {
    await cancelItem(client, ref).catch(() => undefined); // the item keeps its old file
    throw e;
  }
  await waitForItemStatus(client, { ...ref, timeoutMs: o.timeoutMs, what: "commit of the multipart file update" });
}

/** "async add (dataUrl download) of item X processing, 12 s" on the resource's row while its status (spec.md#async-add) is polled. */
export function dataUrlProgress(itemId: string, urn: string | undefined): (status: string, elapsedMs: number) => void {
  return (status, ms) => void reportProgress(jobProgressLine(`async add (dataUrl download) of item ${itemId}`, status, ms), { urn, key: `dataUrl ${itemId}` });
}
