// spec.md#item-fields: the item fields of addItem and update, checked against part 8's limits.
import { ITEM, RELEASES, SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS } from "../../spec/limits";
import { badRequest } from "../errors";
import type { Params } from "../params";
import type { Item } from "./items";
import type { ClassificationSchema } from "../fixtures";
import { ITEM_TYPES, SECURED_SERVICE_TYPES } from "./itemTypes";

export interface FieldContext {
  releaseAtLeast(release: string): boolean;
  classificationSchema?: ClassificationSchema;
}

/** spec.md#item-fields leaves list serialization open: a JSON array or a comma-separated list (unconfirmed). */
export function list(p: Params, name: string): string[] | undefined {
  const raw = p.str(name);
  if (raw === undefined) return undefined;
  if (raw.trim().startsWith("[")) {
    const v = p.json(name);
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw badRequest(`'${name}' must be a JSON array of strings or a comma-separated list.`);
    return v as string[];
  }
  return raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

function object(p: Params, name: string): Record<string, unknown> | undefined {
  const v = p.json(name);
  if (v === undefined) return undefined;
  if (!v || typeof v !== "object" || Array.isArray(v)) throw badRequest(`'${name}' must be a JSON object.`);
  return v as Record<string, unknown>;
}

/** Extent: "xmin,ymin,xmax,ymax" or [[xmin,ymin],[xmax,ymax]] (unconfirmed serialization). */
function extent(p: Params): number[][] | undefined {
  const raw = p.str("extent");
  if (raw === undefined || raw === "") return undefined;
  const nums = raw.trim().startsWith("[") ? (p.json("extent") as unknown[]).flat() : raw.split(",").map(Number);
  if (nums.length !== 4 || nums.some((n) => typeof n !== "number" || !Number.isFinite(n))) throw badRequest("'extent' must be xmin,ymin,xmax,ymax.");
  const [a, b, c, d] = nums as number[];
  return [[a, b], [c, d]];
}

export function checkTitle(title: string): void {
  if (title.length > ITEM.maxTitleLength) throw badRequest(`'title' has ${title.length} characters; at most ${ITEM.maxTitleLength}.`);
}

function classification(p: Params, ctx: FieldContext): Record<string, string> | undefined {
  if (!ctx.releaseAtLeast(RELEASES.classification)) return undefined; // spec.md#versions: unknown parameters are ignored before 11.4
  const c = object(p, "classification");
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
function serviceProxyFilter(p: Params): Item["serviceProxyFilter"] {
  const f = object(p, "serviceProxyFilter");
  if (!f) return undefined;
  const int = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v > 0;
  if (f.hitsPerInterval !== undefined && !int(f.hitsPerInterval)) throw badRequest("serviceProxyFilter.hitsPerInterval must be a positive integer.");
  if (f.intervalSeconds !== undefined && !int(f.intervalSeconds)) throw badRequest("serviceProxyFilter.intervalSeconds must be a positive integer.");
  if (f.referrers !== undefined && (!Array.isArray(f.referrers) || f.referrers.some((r) => typeof r !== "string"))) throw badRequest("serviceProxyFilter.referrers must be an array of strings.");
  return { hitsPerInterval: f.hitsPerInterval as number | undefined, intervalSeconds: (f.intervalSeconds as number) ?? SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS, referrers: (f.referrers as string[]) ?? [] };
}

/** The fields present in the request, validated; absent fields stay undefined. */
export function itemFields(p: Params, ctx: FieldContext, type: string | undefined): Partial<Item> {
  const out: Partial<Item> = {};
  const title = p.str("title");
  if (title !== undefined) {
    checkTitle(title);
    out.title = title;
  }
  const snippet = p.str("snippet");
  if (snippet !== undefined && snippet.length > ITEM.maxSnippetLength) throw badRequest(`'snippet' has ${snippet.length} characters; at most ${ITEM.maxSnippetLength}.`);
  if (snippet !== undefined) out.snippet = snippet;
  const description = p.str("description");
  if (description !== undefined && Buffer.byteLength(description) >= ITEM.maxDescriptionBytesExclusive)
    throw badRequest(`'description' is ${Buffer.byteLength(description)} bytes; it must be less than 64 KB (${ITEM.maxDescriptionBytesExclusive} bytes).`);
  if (description !== undefined) out.description = description;
  const culture = p.str("culture");
  if (culture !== undefined && culture !== "" && !/^[a-z]{2}-[a-z]{2}$/i.test(culture)) throw badRequest("'culture' must be a language code, a dash and a country code, e.g. en-us.");
  if (culture !== undefined) out.culture = culture;
  if (p.str("licenseInfo") !== undefined || p.str("licenseinfo") !== undefined) out.licenseInfo = p.str("licenseInfo") ?? p.str("licenseinfo");
  if (p.str("accessInformation") !== undefined) out.accessInformation = p.str("accessInformation");
  for (const name of ["tags", "typeKeywords", "categories", "appCategories", "industries", "languages"] as const) {
    const v = list(p, name);
    if (v !== undefined) out[name] = v;
  }
  const screenshots = list(p, "screenshot");
  if (screenshots) out.screenshots = screenshots;
  for (const name of ["largeThumbnail", "banner", "serviceCredentialsType"] as const) if (p.str(name) !== undefined) out[name] = p.str(name);
  // spec.md#item-fields name: sent with the title instead of bundling it in the file; "" clears it (the file's name shows again)
  if (p.str("name") !== undefined) out.name = p.str("name") || undefined;
  const ext = extent(p);
  if (ext) out.extent = ext;
  for (const name of ["properties", "listingProperties", "serviceProxyParams"] as const) {
    const v = object(p, name);
    // "" (with clearEmptyFields, spec.md#gap-update-item) clears the object
    if (v !== undefined || p.str(name) === "") out[name] = v;
  }
  if (p.str("advancedSettings") !== undefined) out.advancedSettings = p.json("advancedSettings");
  const cls = classification(p, ctx);
  if (cls) out.classification = cls;
  const filter = serviceProxyFilter(p);
  if (filter) out.serviceProxyFilter = filter;
  if (p.has("serviceUsername") || p.has("servicePassword")) {
    // spec.md#item-fields: stored credentials are valid on map, feature and image services only
    if (!type || !SECURED_SERVICE_TYPES.includes(type)) throw badRequest(`serviceUsername and servicePassword are valid on ${SECURED_SERVICE_TYPES.join(", ")} items only.`);
    out.serviceUsername = p.str("serviceUsername");
    out.servicePassword = p.str("servicePassword");
  }
  if (p.str("url") !== undefined) out.url = checkUrl(p.str("url")!, "url");
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
