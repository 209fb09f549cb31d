// Item inputs (spec.md#item-fields, spec.md#service-proxy-filter, spec.md#add-item, spec.md#limits): per-field limits, then the cross-field rules of spec.md#add-item:
// originItemId XOR destinationItemId, dataUrl needs async, multipart needs filename, stored service
// credentials only on map/feature/image services, thumbnail format and size.
import { statSync } from "node:fs";
import { extname } from "node:path";
import { z } from "zod";
import { ITEM, SERVICE_TYPES_WITH_CREDENTIALS, SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS } from "../../spec/limits";
import { bytesUnder, httpUrl, itemId, jsonObject, jsonText, nonEmpty, stringList, text } from "./fields";
import { listingProperties } from "./listing";
import { isUnknown } from "./unknown";

const THUMBNAIL_EXTENSIONS = [".png", ".gif", ".jpg", ".jpeg"];

/** spec.md#item-fields thumbnail: a local PNG, GIF or JPEG file of at most 10 MB. */
export const thumbnailFile = z.string().superRefine((path, ctx) => {
  const ext = extname(path).toLowerCase();
  if (!THUMBNAIL_EXTENSIONS.includes(ext)) ctx.addIssue({ code: "custom", message: `${JSON.stringify(ext || path)} is not PNG, GIF or JPEG` });
  let size: number | undefined;
  try {
    size = statSync(path).size;
  } catch {
    ctx.addIssue({ code: "custom", message: `file ${JSON.stringify(path)} not found` });
    return;
  }
  if (size > ITEM.maxThumbnailFileBytes) ctx.addIssue({ code: "custom", message: `${size} bytes; at most ${ITEM.maxThumbnailFileBytes} (10 MB)` });
});

/** spec.md#service-proxy-filter: the service proxy filter object. */
export const serviceProxyFilter = z.object({
  hitsPerInterval: z.number().int().positive(),
  intervalSeconds: z.number().int().positive().default(SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS),
  referrers: z.array(nonEmpty()).optional(),
});

/** spec.md#item-fields classification (11.4): string properties; one more required property is cut off in docs/dev/spec.md. */
export const classification = z.looseObject({
  classification: z.string().optional(),
  banner: z.string().optional(),
  distribution: z.string().optional(),
  reviewDate: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: "not a date" })
    .optional(),
});

/** spec.md#item-fields culture: language code, a dash, country code, both two letters (e.g. en-US). */
export const culture = z.string().superRefine((s, ctx) => {
  if (!/^[A-Za-z]{2}-[A-Za-z]{2}$/.test(s)) ctx.addIssue({ code: "custom", message: `${JSON.stringify(s)} is not xx-YY (two-letter language code, a dash, two-letter country code)` });
});

/** spec.md#item-fields: every field addItem accepts (files are given as local paths). All optional here. */
export const itemFieldsShape = {
  title: text(ITEM.maxTitleLength, 1),
  type: nonEmpty(),
  typeKeywords: z.array(z.string()),
  description: bytesUnder(ITEM.maxDescriptionBytesExclusive),
  tags: stringList(),
  snippet: text(ITEM.maxSnippetLength),
  classification: jsonObject(classification),
  extent: z.union([z.string(), z.array(z.array(z.number())), z.record(z.string(), z.number())]),
  licenseinfo: z.string(),
  accessInformation: z.string(),
  culture,
  properties: jsonObject(z.record(z.string(), z.unknown())),
  advancedSettings: jsonObject(z.record(z.string(), z.unknown())),
  url: z.string(),
  // spec.md#item-fields text is "string (JSON content)": text that does not parse is refused at preview (issue 30)
  text: z.union([jsonText(), z.record(z.string(), z.unknown())]),
  dataUrl: httpUrl(),
  thumbnail: thumbnailFile,
  thumbnailUrl: httpUrl(),
  metadata: nonEmpty(),
  largeThumbnail: httpUrl(),
  banner: httpUrl(),
  screenshot: z.union([httpUrl(), z.array(httpUrl())]),
  appCategories: z.array(z.string()),
  industries: z.array(z.string()),
  languages: z.array(z.string()),
  listingProperties: jsonObject(listingProperties),
  categories: stringList(),
  itemIdToCreate: itemId(),
  originItemId: itemId(),
  destinationItemId: itemId(),
  relationshipType: nonEmpty(),
  serviceUsername: z.string(),
  servicePassword: z.string(),
  serviceCredentialsType: z.string(),
  serviceProxyParams: jsonObject(z.record(z.string(), z.unknown())),
  serviceProxyFilter: jsonObject(serviceProxyFilter),
  async: z.boolean(),
  multipart: z.boolean(),
  filename: nonEmpty(),
  name: z.string(),
} as const;

type Shape = { [K in keyof typeof itemFieldsShape]: z.ZodOptional<(typeof itemFieldsShape)[K]> };

/** The item fields with every one optional (update, and the base of add). */
export const itemFields = z.object(Object.fromEntries(Object.entries(itemFieldsShape).map(([k, v]) => [k, v.optional()])) as Shape);

type ItemFieldsIn = Record<string, unknown>;
const set = (v: unknown) => v !== undefined && v !== null && v !== "";

/** spec.md#add-item-relationship, spec.md#add-item-data-url, spec.md#add-item-multipart, spec.md#item-fields service credentials; unknown values pass (spec.md#design-check). */
export function addItemRules(v: ItemFieldsIn, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (set(v.originItemId) && set(v.destinationItemId) && !isUnknown(v.originItemId) && !isUnknown(v.destinationItemId)) {
    issue("destinationItemId", "set together with originItemId; a relationship takes exactly one of them");
  }
  if ((set(v.originItemId) || set(v.destinationItemId)) && !set(v.relationshipType)) {
    issue("relationshipType", "required with originItemId or destinationItemId (unconfirmed)");
  }
  if (set(v.dataUrl) && v.async !== true && !isUnknown(v.async)) issue("async", `${v.async === undefined ? "not set" : String(v.async)}; dataUrl requires async=true`);
  if (v.multipart === true && !set(v.filename)) issue("filename", "required when multipart is true");
  if (v.multipart !== true) {
    if (!set(v.title)) issue("title", "required (a title is the item's only name)");
    if (!set(v.type)) issue("type", "required (the item type)");
  }
  const credentialTypes: readonly string[] = SERVICE_TYPES_WITH_CREDENTIALS;
  if (typeof v.type === "string" && !isUnknown(v.type) && !credentialTypes.includes(v.type)) {
    for (const key of ["serviceUsername", "servicePassword"]) {
      if (set(v[key])) issue(key, `only ${SERVICE_TYPES_WITH_CREDENTIALS.join(", ")} items take stored credentials; type is ${JSON.stringify(v.type)}`);
    }
  }
}

/** spec.md#add-item addItem input. */
export const addItemInput = itemFields.superRefine((v, ctx) => addItemRules(v as ItemFieldsIn, ctx));

/** spec.md#gap-update-item update: the same fields, all optional, plus clearEmptyFields. */
export const updateItemInput = itemFields.extend({ clearEmptyFields: z.boolean().optional() });

export type AddItemInput = z.input<typeof addItemInput>;
