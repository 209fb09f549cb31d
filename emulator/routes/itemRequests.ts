// The item operations' requests, picked from the request read once (Params) into the typed values
// the models take: the parameter names of addItem, update and commit are read here, and only here.
import type { Params } from "../params";
import type { AddItemRequest } from "../models/addItem";
import type { CommitRequest } from "../models/multipart";
import type { UpdateItemRequest } from "../models/updateItem";
import { ITEM_FIELD_PARAMETERS, type ItemFieldsRequest } from "../models/itemFields";

/** spec.md#item-fields: each item field as sent; `licenseinfo` is read as `licenseInfo`. */
export function itemFieldsOf(p: Params): ItemFieldsRequest {
  const out: ItemFieldsRequest = {};
  for (const name of ITEM_FIELD_PARAMETERS) if (p.str(name) !== undefined) out[name] = p.str(name);
  if (out.licenseInfo === undefined && p.str("licenseinfo") !== undefined) out.licenseInfo = p.str("licenseinfo");
  return out;
}

/** Non-empty text, or undefined (a parameter sent empty counts as not sent). */
const given = (p: Params, name: string) => (p.has(name) ? p.str(name) : undefined);

/** spec.md#add-item-multipart: in multipart mode only multipart, filename (and itemIdToCreate) count. */
export function multipartAddOf(p: Params): { filename?: string; itemIdToCreate?: string } {
  return { filename: p.str("filename"), itemIdToCreate: given(p, "itemIdToCreate") };
}

export function addItemRequestOf(p: Params): AddItemRequest {
  return {
    type: p.str("type"),
    fields: itemFieldsOf(p),
    itemIdToCreate: given(p, "itemIdToCreate"),
    async: p.bool("async"),
    dataUrl: given(p, "dataUrl"),
    text: p.str("text"),
    thumbnailUrl: given(p, "thumbnailUrl"),
    filename: p.str("filename") || undefined,
    originItemId: given(p, "originItemId"),
    destinationItemId: given(p, "destinationItemId"),
    relationshipType: p.str("relationshipType"),
    file: p.files.file,
    thumbnail: p.files.thumbnail,
    metadata: p.files.metadata,
  };
}

export function updateItemRequestOf(p: Params): UpdateItemRequest {
  return {
    multipart: p.bool("multipart"),
    type: given(p, "type"),
    fields: itemFieldsOf(p),
    text: p.str("text"),
    thumbnailUrl: given(p, "thumbnailUrl"),
    dataUrl: given(p, "dataUrl"),
    filename: p.str("filename"),
    file: p.files.file,
    thumbnail: p.files.thumbnail,
    metadata: p.files.metadata,
  };
}

export function commitRequestOf(p: Params): CommitRequest {
  return { type: given(p, "type"), fields: itemFieldsOf(p) };
}
