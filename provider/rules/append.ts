// Append parameters (spec.md#append, spec.md#layer-append-metadata): exactly one source, formats of spec.md#layer-append-metadata, booleans, fieldMappings
// and appendSourceInfo shapes. Layer-specific checks (supportsAppend, the layer's own format list,
// unique index of the matching field) need the layer JSON and belong to the resource's create.
import { z } from "zod";
import { ALWAYS, onlyKeys } from "./keys";
import { APPEND_FORMATS } from "../../spec/limits";
import { itemId, nonEmpty } from "./fields";
import { isUnknown } from "./unknown";

/** spec.md#append-source: the three sources. */
export const APPEND_SOURCES = ["edits", "appendUploadId", "appendItemId"] as const;

/** spec.md#layer-append-metadata format, matched case-insensitively against APPEND_FORMATS. */
export const appendFormat = z.string().superRefine((s, ctx) => {
  if (!APPEND_FORMATS.some((f) => f.toLowerCase() === s.toLowerCase())) {
    ctx.addIssue({ code: "custom", message: `${JSON.stringify(s)} is not one of: ${APPEND_FORMATS.join(", ")}` });
  }
});

/** spec.md#append: `[{source, name}]`, source field → destination field. */
export const fieldMappings = z.array(z.object({ source: nonEmpty(), name: nonEmpty() }));

/** spec.md#append appendSourceInfo: source spatial reference and dateFieldsTimeReference; `{}` is valid. */
/** The keys appendSourceInfo takes (the public API's analyze answer publishParameters; unconfirmed as complete). */
export const APPEND_SOURCE_INFO_KEYS = [
  "type", "name", "locationType", "latitudeFieldName", "longitudeFieldName", "coordinateFieldName", "coordinateFieldType",
  "columnDelimiter", "qualifier", "sourceLocale", "sourceSR", "targetSR", "dateFieldsTimeReference", "geocodeServiceUrl",
  "addressTemplate", "singleLineAddressField", "layerInfo", "hasHeaderRow", "standardizeFieldNames", "maxRecordCount",
] as const;

export const appendSourceInfo = z
  .looseObject({
    sourceSR: z.looseObject({ wkid: z.number().int().optional(), latestWkid: z.number().int().optional(), wkt: z.string().optional() }).optional(),
    dateFieldsTimeReference: z.object({ timeZone: nonEmpty(), respectsDaylightSaving: z.boolean() }).strict().optional(),
    type: z.string().optional(),
    locationType: z.string().optional(),
  })
  .superRefine(onlyKeys(APPEND_SOURCE_INFO_KEYS), ALWAYS);

/** A feature collection given literally (spec.md#append edits): an object, or its JSON text. */
const edits = z.union([
  z.record(z.string(), z.unknown()),
  z.string().superRefine((s, ctx) => {
    try {
      const parsed = JSON.parse(s);
      if (parsed === null || typeof parsed !== "object") ctx.addIssue({ code: "custom", message: "JSON text that is not an object" });
    } catch {
      ctx.addIssue({ code: "custom", message: "not valid JSON" });
    }
  }),
]);

export const appendParamsShape = {
  sourceTableName: nonEmpty().optional(),
  fieldMappings: fieldMappings.optional(),
  edits: edits.optional(),
  appendSourceInfo: appendSourceInfo.optional(),
  upsert: z.boolean().optional(),
  skipInserts: z.boolean().optional(),
  skipUpdates: z.boolean().optional(),
  useGlobalIds: z.boolean().optional(),
  truncate: z.boolean().optional(),
  updateGeometry: z.boolean().optional(),
  appendFields: z.array(nonEmpty()).optional(),
  upsertMatchingField: nonEmpty().optional(),
  appendUploadId: nonEmpty().optional(),
  appendItemId: itemId().optional(),
  appendUploadFormat: appendFormat.optional(),
  rollbackOnFailure: z.boolean().optional(),
  /** spec.md#gap-append-params (unconfirmed name): layer mapping for a feature-service source. */
  layerMappings: z.array(z.looseObject({ id: z.number().int(), sourceTableName: z.string().optional(), fieldMappings: fieldMappings.optional() })).optional(),
  /** spec.md#gap-append-params (unconfirmed name): source filter. */
  sourceFilter: z.unknown().optional(),
} as const;

/**
 * spec.md#append-source as a reusable refinement: exactly one of `keys` is set. The resource layer may
 * pass more keys (e.g. a local file it uploads first); unknown values count as set.
 */
export function exactlyOneOf(keys: readonly string[]) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const given = keys.filter((k) => v[k] !== undefined && v[k] !== null && v[k] !== "");
    if (given.length === 1) return;
    if (given.length === 0) ctx.addIssue({ code: "custom", path: [keys[0]], message: `no source; exactly one of ${keys.join(", ")} is required` });
    else if (!given.some((k) => isUnknown(v[k]))) ctx.addIssue({ code: "custom", path: [given[1]], message: `${given.join(" and ")} are both set; exactly one of ${keys.join(", ")}` });
  };
}

/** spec.md#append append parameters. */
export const appendParamsInput = z.object(appendParamsShape).superRefine((v, ctx) => exactlyOneOf(APPEND_SOURCES)(v, ctx));

export type AppendParamsInput = z.input<typeof appendParamsInput>;
