// PortalItem create (spec.md#add-with-relationship, spec.md#add-item; spec.md#design-item-create-retry): one addItem carrying itemIdToCreate and the
// relationship, safe to repeat; an ambiguous failure or an "id exists" answer adopts the item that
// id names when it is ours. A portal before 10.8.1 has no itemIdToCreate (spec.md#versions): there create
// first searches for an item carrying this resource's marker and adopts it, so a create whose
// answer was lost is not made twice. Large files go through multipart mode, dataUrl through an
// async add.
import { addItem, deleteItem, getItem, updateItem, type PortalItem } from "../../ops/items";
import { protectItem } from "../../ops/itemState";
import { getItemStatus, waitForItemStatus } from "../../ops/multipart";
import { portalTakesItemIdToCreate } from "../../ops/portal";
import { addRelationship } from "../../ops/relationships";
import { reportProgress, uploadProgressLine } from "../../progress";
import { searchAllItems } from "../../ops/search";
import type { PortalClient } from "../../rest/client";
import { NetworkError, orUndefinedIfNotFound, PortalError } from "../../rest/errors";
import { addItemParams, itemProperties, metadataPart, textOf, thumbnailPart } from "./fields";
import { endsOf } from "./relationship";
import { inheritsSharing } from "./sharing";
import { generationOf, resourceMarker } from "./identity";
import { multipartThresholdBytes, resumeOf, uploadMultipart } from "./upload";
import { dataUrlProgress } from "./largeData";

import type { PortalItemProps as Props } from "./props";

/** spec.md#design-timeouts: the default deadline of an async add or a commit. */
export const DEFAULT_TIMEOUT_SECONDS = 300;

export const timeoutMsOf = (inputs: Props) => (inputs.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;

/** A timeout or reset after the request left, or the portal saying the id is taken (409, unconfirmed). */
function ambiguous(e: unknown): boolean {
  return e instanceof NetworkError || (e instanceof PortalError && (e.code === 409 || e.code >= 500));
}

/**
 * The sharing of an item this create has just `added` (not one it adopted, not a relationship
 * destination, which inherits its origin's): a new item is private and in no group
 * (spec.md#add-item), so applying the program's sharing needs no read first (issue 28 scope 3).
 */
export function newItemSharing(inputs: Props, added: boolean): { access: string; groups: string[] } | undefined {
  return added && !inheritsSharing(inputs) ? { access: "private", groups: [] } : undefined;
}

const existing = (client: PortalClient, itemId: string): Promise<PortalItem | undefined> => orUndefinedIfNotFound(getItem(client, itemId));

/** spec.md#design-item-create-retry: adopt the item with our itemIdToCreate when it is the one we asked for, else fail. */
async function adopt(client: PortalClient, owner: string, inputs: Props, cause: unknown): Promise<string> {
  const id = inputs.itemIdToCreate!;
  if (inputs.dataUrl !== undefined) {
    // spec.md#async-add: a pending async add answers its status before the item is readable
    const pending = await getItemStatus(client, { owner, itemId: id }).catch(() => undefined);
    if (pending) return id;
  }
  const item = await existing(client, id);
  if (!item) throw cause;
  // an item carrying this resource's marker is ours, whatever its title became (a lost checkpoint)
  const marker = markerOf(inputs);
  if (marker !== undefined && Array.isArray(item.typeKeywords) && item.typeKeywords.includes(marker) && item.owner === owner) return id;
  if (item.owner !== owner || item.type !== inputs.type || item.title !== inputs.title) {
    throw new Error(
      `PortalItem: addItem could not create item ${id}: an item with that id already exists (owner ${item.owner}, type ${JSON.stringify(item.type)}, title ${JSON.stringify(item.title)}) and it is not this resource's item. ` +
        "Give another itemIdToCreate, or leave itemIdToCreate unset so that one is generated.",
    );
  }
  return id;
}

/** This resource generation's marker keyword, when the program handed over the URN. */
const markerOf = (inputs: Props) => (typeof inputs.__urn === "string" ? resourceMarker(inputs.__urn, generationOf(inputs)) : undefined);

/**
 * Portals before 10.8.1: the item of `owner` carrying this resource generation's marker, if the
 * search index holds one (a create whose answer was lost). The search is confirmed by reading the
 * item, since a search answer is fuzzy (public search reference).
 */
async function markedItem(client: PortalClient, owner: string, inputs: Props): Promise<string | undefined> {
  const marker = markerOf(inputs);
  if (marker === undefined) return undefined;
  const found = await searchAllItems(client, `typekeywords:${marker} owner:${owner}`);
  for (const hit of found) {
    const item = await existing(client, hit.id);
    if (item && item.owner === owner && Array.isArray(item.typeKeywords) && item.typeKeywords.includes(marker)) return item.id;
  }
  return undefined;
}

/** spec.md#add-item: the one-call add (text, url, dataUrl or a small file), adopting on an ambiguous failure. */
/** Files smaller than this upload in a second or two on a LAN: no progress lines. */
const PROGRESS_MIN_BYTES = 16 * 1024 * 1024;

/**
 * Progress of a one-request upload: bytes handed to the socket (bounded by its backpressure), rate
 * and share, on the resource's row every 2 s (progress.ts); the last line when the file is all sent.
 */
function streamProgress(total: number, urn: string | undefined): (bytes: number) => void {
  let sent = 0;
  let started = 0;
  return (bytes) => {
    if (sent >= total) sent = 0; // a retry streams the file again
    if (sent === 0) started = Date.now();
    sent += bytes;
    void reportProgress(uploadProgressLine(sent, total, Date.now() - started), { urn, key: `upload:${urn ?? ""}`, final: sent >= total });
  };
}

async function addInOneCall(client: PortalClient, owner: string, inputs: Props): Promise<{ itemId: string; adopted: boolean }> {
  const onRead = (inputs.fileSize as number) >= PROGRESS_MIN_BYTES ? streamProgress(inputs.fileSize as number, inputs.__urn) : undefined;
  const file = inputs.file !== undefined ? { file: { path: inputs.file, onRead } } : {};
  const keyed = await portalTakesItemIdToCreate(client);
  if (!keyed) {
    const found = await markedItem(client, owner, inputs);
    if (found !== undefined) return { itemId: found, adopted: true };
  }
  // spec.md#versions: an older portal does not know itemIdToCreate; it is not sent there
  const item = keyed ? addItemParams(inputs) : { ...addItemParams(inputs), itemIdToCreate: undefined };
  try {
    const r = await addItem(client, { owner, folder: inputs.folder, item, ...file, ...thumbnailPart(inputs), ...metadataPart(inputs) });
    return { itemId: String(r.id ?? r.itemId), adopted: false };
  } catch (e) {
    if (!ambiguous(e)) throw e;
    if (keyed) return { itemId: await adopt(client, owner, inputs, e), adopted: true };
    // the add may have run (a lost answer): the item is ours when it carries the marker
    const found = await markedItem(client, owner, inputs).catch(() => undefined);
    if (found === undefined) throw e;
    return { itemId: found, adopted: true };
  }
}

/** spec.md#add-with-relationship for the steps after the item exists: a failure deletes the new item. */
async function discardOnFailure<T>(client: PortalClient, ref: { owner: string; itemId: string; folder?: string }, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    await deleteItem(client, ref).catch(() => undefined);
    throw e;
  }
}

/** Creates the item; returns its id once everything asked for (relationship, protection) holds. */
export async function createPortalItem(client: PortalClient, inputs: Props): Promise<{ itemId: string; owner: string; adopted: boolean }> {
  const owner: string = inputs.owner ?? (await client.username());
  const multipart = inputs.file !== undefined && (inputs.fileSize as number) > multipartThresholdBytes();
  const { itemId, adopted } = multipart
    ? await uploadMultipart(client, { owner, folder: inputs.folder, file: inputs.file!, item: itemProperties(inputs), timeoutMs: timeoutMsOf(inputs), ...resumeOf(inputs), urn: inputs.__urn, adopt: (e) => adopt(client, owner, inputs, e) })
    : await addInOneCall(client, owner, inputs);
  const ref = { owner, itemId, folder: inputs.folder };
  await discardOnFailure(client, ref, async () => {
    if (inputs.dataUrl !== undefined) await waitForItemStatus(client, { ...ref, timeoutMs: timeoutMsOf(inputs), what: "async add (dataUrl download)", onWait: dataUrlProgress(itemId, inputs.__urn) });
    // spec.md#add-item-multipart: multipart mode takes no thumbnail or relationship; an adopted item may predate it
    if (multipart && (inputs.thumbnailFile !== undefined || inputs.metadata !== undefined)) await updateItem(client, { ...ref, item: {}, ...thumbnailPart(inputs), ...metadataPart(inputs) });
    // an adopted item (a create whose answer was lost) is brought to what the program says now
    if (adopted) await updateItem(client, { ...ref, item: { ...itemProperties(inputs), url: inputs.url, text: textOf(inputs.text) } });
    if (inputs.relationship && (multipart || adopted)) await ensureRelationship(client, itemId, inputs);
    if (inputs.protected === true) await protectItem(client, ref);
  });
  return { itemId, owner, adopted };
}

async function ensureRelationship(client: PortalClient, itemId: string, inputs: Props): Promise<void> {
  const username = await client.username();
  try {
    await addRelationship(client, { username, ...endsOf(itemId, inputs.relationship!) });
  } catch (e) {
    // an adopted item already holds the relationship it was created with (unconfirmed: the portal's answer to a duplicate)
    if (!(e instanceof PortalError) || (e.code !== 409 && !/exist/i.test(e.message))) throw e;
  }
}
