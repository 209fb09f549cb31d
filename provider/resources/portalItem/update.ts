// PortalItem update (spec.md#gap-update-item, spec.md#gap-protect, spec.md#gap-relationships): send the
// changed properties and data, clear the removed ones, change the relationship, turn protection.
import { updateItem, type ItemParams } from "../../ops/items";
import { protectItem, unprotectItem } from "../../ops/itemState";
import type { PortalClient } from "../../rest/client";
import type { ItemRef } from "../../ops/paths";
import { itemProperties, metadataChanged, metadataPart, PROPERTY_FIELDS, textOf, thumbnailPart } from "./fields";
import { changeRelationship } from "./relationship";
import { sameValue } from "./diff";
import { WHEN_SET } from "./table";
import { timeoutMsOf } from "./create";
import { replaceFileInParts, updatesInParts } from "./largeData";

import type { PortalItemProps as Props } from "./props";

/** The update fields: every changed property, "" for a removed one (with clearEmptyFields) unless the table compares it only when set. */
export function updateFields(olds: Props, news: Props): { item: ItemParams & { clearEmptyFields?: boolean }; file: boolean; thumbnail: boolean; metadata: boolean } {
  const all = itemProperties(news);
  const item: ItemParams & { clearEmptyFields?: boolean } = {};
  for (const [arg, field] of Object.entries(PROPERTY_FIELDS)) {
    if (sameValue(olds[arg], news[arg])) continue;
    if (news[arg] === undefined && WHEN_SET.has(arg)) continue; // unset: the portal's value stays
    if (news[arg] === undefined && all[field] === undefined) {
      item[field] = "";
      item.clearEmptyFields = true;
    } else item[field] = all[field];
  }
  if (news.url !== undefined && !sameValue(olds.url, news.url)) item.url = news.url;
  if (news.text !== undefined && !sameValue(olds.text, news.text)) item.text = textOf(news.text);
  if (news.dataUrl !== undefined && news.dataUrl !== olds.dataUrl) item.dataUrl = news.dataUrl;
  const file = news.file !== undefined && (news.file !== olds.file || news.fileSha256 !== olds.fileSha256);
  const thumbnail = news.thumbnailFile !== undefined && news.thumbnailFile !== olds.thumbnailFile;
  const metadata = metadataChanged(olds, news);
  // an adopted item takes this resource's markers with the first fields it is sent (docs/adopting.md)
  const writes = Object.keys(item).length > 0 || file || thumbnail || metadata;
  if (writes && news.adoptItemId !== undefined && Array.isArray(news.typeKeywords) && item.typeKeywords === undefined) item.typeKeywords = all.typeKeywords;
  return { item, file, thumbnail, metadata };
}

export async function updatePortalItem(client: PortalClient, ref: ItemRef, olds: Props, news: Props): Promise<void> {
  const { item, file, thumbnail, metadata } = updateFields(olds, news);
  // a large file goes in multipart mode (not one buffered request); the fields follow in one update
  const inParts = file && updatesInParts(news.fileSize);
  if (inParts) await replaceFileInParts(client, ref, { file: news.file!, fileSize: news.fileSize as number, timeoutMs: timeoutMsOf(news), urn: news.__urn });
  const sendsFile = file && !inParts;
  if (Object.keys(item).length > 0 || sendsFile || thumbnail || metadata) {
    await updateItem(client, { ...ref, item, ...(sendsFile ? { file: { path: news.file } } : {}), ...(thumbnail ? thumbnailPart(news) : {}), ...(metadata ? metadataPart(news) : {}) });
  }
  await changeRelationship(client, ref.itemId, olds.relationship, news.relationship);
  if (news.protected !== undefined && news.protected !== olds.protected) {
    await (news.protected ? protectItem(client, ref) : unprotectItem(client, ref));
  }
}
