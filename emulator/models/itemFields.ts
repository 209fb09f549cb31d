// spec.md#item-fields: the item fields of addItem and update, checked against part 8's limits.
import { ITEM, RELEASES, SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS } from "../../spec/limits";
import { badRequest } from "../errors";
import { readJsonText, readList } from "../params";
import type { Item } from "./items";
import type { ClassificationSchema } from "../fixtures";
import { ITEM_TYPES, SECURED_SERVICE_TYPES } from "./itemTypes";

export interface FieldContext {
  releaseAtLeast(release: string): boolean;
  classificationSchema?: ClassificationSchema;
}

/**
 * The item fields' parameters (spec.md#item-fields), each as the text sent (undefined when not sent).
 * The route picks them from the request (routes/itemRequests.ts); the lists and JSON values are
 * decoded here, in the order of the checks, so that classification is read only from 11.4.
 */
export const ITEM_FIELD_PARAMETERS = [
  "title", "snippet", "description", "culture", "licenseInfo", "accessInformation",
  "tags", "typeKeywords", "categories", "appCategories", "industries", "languages", "screenshot",
  "largeThumbnail", "banner", "serviceCredentialsType", "name", "extent",
  "properties", "listingProperties", "serviceProxyParams", "advancedSettings", "classification", "serviceProxyFilter",
  "serviceUsername", "servicePassword", "url",
] as const;

export type ItemFieldsRequest = Partial<Record<(typeof ITEM_FIELD_PARAMETERS)[number], string>>;

function object(text: string | undefined, name: string): Record<string, unknown> | undefined {
  const v = readJsonText(text, name);
  if (v === undefined) return undefined;
  if (!v || typeof v !== "object" || Array.isArray(v)) throw badRequest(`'${name}' must be a JSON object.`);
  return v as Record<string, unknown>;
}

/** Extent: "xmin,ymin,xmax,ymax" or [[xmin,ymin],[xmax,ymax]] (unconfirmed serialization). */
function extent(raw: string | undefined): number[][] | undefined {
  if (raw === undefined || raw === "") return undefined;
  const nums = raw.trim().startsWith("[") ? (readJsonText(raw, "extent") as unknown[]).flat() : raw.split(",").map(Number);
  if (nums.length !== 4 || nums.some((n) => typeof n !== "number" || !Number.isFinite(n))) throw badRequest("'extent' must be xmin,ymin,xmax,ymax.");
  const [a, b, c, d] = nums as number[];
  return [[a, b], [c, d]];
}

export function checkTitle(title: string): void {
  if (title.length > ITEM.maxTitleLength) throw badRequest(`'title' has ${title.length} characters; at most ${ITEM.maxTitleLength}.`);
}

function classification(text: string | undefined, ctx: FieldContext): Record<string, string> | undefined {
  if (!ctx.releaseAtLeast(RELEASES.classification)) return undefined; // spec.md#versions: unknown parameters are ignored before 11.4
  const c = object(text, "classification");
  if (!c) return undefined;
  const schema = ctx.classificationSchema;
  if (!schema) throw badRequest("The organization has no classification schema; 'classification' cannot be set.");
  for (const key of ["classification", "banner", "distribution", "reviewDate"] as const) {
    if (typeof c[key] !== "string") throw badRequest(`classification.${key} must be a string.`);
  }
  for (const key of ["classification", "banner", "distribution"] as const) {
    if (!schema[key].includes(c[key] as string)) throw badRequest(`classification.${key} ${JSON.stringify(c[key])} is not a value of the organization's classification schema (${schema[key].join(", ")}).`);
  }
  if (Number.isNaN(Date.parse(c.reviewDate as string))) throw badRequest("classification.reviewDate must be a date.");
  return c as Record<string, string>;
}

/** spec.md#service-proxy-filter: hitsPerInterval, intervalSeconds (default 60), referrers with *.domain wildcards. */
function serviceProxyFilter(text: string | undefined): Item["serviceProxyFilter"] {
  const f = object(text, "serviceProxyFilter");
  if (!f) return undefined;
  const int = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v > 0;
  if (f.hitsPerInterval !== undefined && !int(f.hitsPerInterval)) throw badRequest("serviceProxyFilter.hitsPerInterval must be a positive integer.");
  if (f.intervalSeconds !== undefined && !int(f.intervalSeconds)) throw badRequest("serviceProxyFilter.intervalSeconds must be a positive integer.");
  if (f.referrers !== undefined && (!Array.isArray(f.referrers) || f.referrers.some((r) => typeof r !== "string"))) throw badRequest("serviceProxyFilter.referrers must be an array of strings.");
  return { hitsPerInterval: f.hitsPerInterval as number | undefined, intervalSeconds: (f.intervalSeconds as number) ?? SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS, referrers: (f.referrers as string[]) ?? [] };
}

/** The fields present in the request, validated; absent fields stay undefined. */
export function itemFields(r: ItemFieldsRequest, ctx: FieldContext, type: string | undefined): Partial<Item> {
  const out: Partial<Item> = {};
  const title = r.title;
  if (title !== undefined) {
    checkTitle(title);
    out.title = title;
  }
  const snippet = r.snippet;
  if (snippet !== undefined && snippet.length > ITEM.maxSnippetLength) throw badRequest(`'snippet' has ${snippet.length} characters; at most ${ITEM.maxSnippetLength}.`);
  if (snippet !== undefined) out.snippet = snippet;
  const description = r.description;
  if (description !== undefined && Buffer.byteLength(description) >= ITEM.maxDescriptionBytesExclusive)
    throw badRequest(`'description' is ${Buffer.byteLength(description)} bytes; it must be less than 64 KB (${ITEM.maxDescriptionBytesExclusive} bytes).`);
  if (description !== undefined) out.description = description;
  const culture = r.culture;
  if (culture !== undefined && culture !== "" && !/^[a-z]{2}-[a-z]{2}$/i.test(culture)) throw badRequest("'culture' must be a language code, a dash and a country code, e.g. en-us.");
  if (culture !== undefined) out.culture = culture;
  if (r.licenseInfo !== undefined) out.licenseInfo = r.licenseInfo;
  if (r.accessInformation !== undefined) out.accessInformation = r.accessInformation;
  for (const name of ["tags", "typeKeywords", "categories", "appCategories", "industries", "languages"] as const) {
    const v = readList(r[name], name);
    if (v !== undefined) out[name] = v;
  }
  const screenshots = readList(r.screenshot, "screenshot");
  if (screenshots) out.screenshots = screenshots;
  for (const name of ["largeThumbnail", "banner", "serviceCredentialsType"] as const) if (r[name] !== undefined) out[name] = r[name];
  // spec.md#item-fields name: sent with the title instead of bundling it in the file; "" clears it (the file's name shows again)
  if (r.name !== undefined) out.name = r.name || undefined;
  const ext = extent(r.extent);
  if (ext) out.extent = ext;
  for (const name of ["properties", "listingProperties", "serviceProxyParams"] as const) {
    const v = object(r[name], name);
    // "" (with clearEmptyFields, spec.md#gap-update-item) clears the object
    if (v !== undefined || r[name] === "") out[name] = v;
  }
  if (r.advancedSettings !== undefined) out.advancedSettings = readJsonText(r.advancedSettings, "advancedSettings");
  const cls = classification(r.classification, ctx);
  if (cls) out.classification = cls;
  const filter = serviceProxyFilter(r.serviceProxyFilter);
  if (filter) out.serviceProxyFilter = filter;
  if (r.serviceUsername || r.servicePassword) {
    // spec.md#item-fields: stored credentials are valid on map, feature and image services only
    if (!type || !SECURED_SERVICE_TYPES.includes(type)) throw badRequest(`serviceUsername and servicePassword are valid on ${SECURED_SERVICE_TYPES.join(", ")} items only.`);
    out.serviceUsername = r.serviceUsername;
    out.servicePassword = r.servicePassword;
  }
  if (r.url !== undefined) out.url = checkUrl(r.url, "url");
  return out;
}

export function checkUrl(value: string, name: string): string {
  if (value === "") return value;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw badRequest(`'${name}' is not a valid URL.`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw badRequest(`'${name}' must be an http or https URL.`);
  return value;
}

export function checkType(type: string): string {
  if (!ITEM_TYPES.includes(type)) throw badRequest(`'type' ${JSON.stringify(type.slice(0, 60))} is not a supported item type.`);
  return type;
}
