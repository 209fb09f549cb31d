// LayerAppend inputs (spec.md#append, spec.md#layer-append-metadata): the core's append parameters,
// with a local `file` (uploaded by the resource) in place of appendUploadId, the target layer as a
// URL or service name + layer id, and our own poll deadline (spec.md#design-timeouts).
import { extname } from "node:path";
import { z } from "zod";
import { APPEND_FORMATS, APPEND_FORMAT_BY_EXTENSION } from "../../../spec/limits";
import { appendParamsShape, exactlyOneOf } from "../../rules/append";
import { nonEmpty } from "../../rules/fields";
import { isUnknown } from "../../rules/unknown";
import { sourceRules } from "./source";
import { argumentKeys, inputKeys, keysWhere, outputKeys } from "../machinery/propertyTable";
import type { ArgumentName, Table } from "../machinery/propertyTable";

/** The three sources a LayerAppend may name (spec.md#append-source, with `file` uploaded first). */
export const LAYER_APPEND_SOURCES = ["edits", "file", "appendItemId"] as const;

/**
 * The hidden input the public class adds when the target (`layer` or `layerUrl`) is another resource's
 * output: a value that output does not hold yet at a preview is then "not known yet", not "missing".
 * Never kept in the state.
 */
export const TARGET_FROM_OUTPUT = "__targetFromOutput";

/** Default job poll deadline in seconds. */
export const DEFAULT_APPEND_TIMEOUT_SECONDS = 600;

/** `{service_url}/<svc>/FeatureServer/<layerId>` (spec.md#append path). */
const LAYER_URL = /^https?:\/\/[^\s]+\/FeatureServer\/\d+\/?$/;

const { appendUploadId: _uploadId, sourceFilter: _filter, ...p } = appendParamsShape;

/** spec.md#gap-append-params (unconfirmed name `sourceFilter`): a where clause on the source layer. */
const sourceFilterRule = nonEmpty().max(4096).optional();

const layerUrlRule = z.string().superRefine((s, ctx) => {
  if (LAYER_URL.test(s)) return;
  const expected = "{serviceUrl}/<service>/FeatureServer/<layerId>";
  const message = `${JSON.stringify(s.slice(0, 200))} is not a layer URL; expected ${expected}`;
  ctx.addIssue({ code: "custom", message });
});

/**
 * A FeatureService's layer output: its id and URL once the service exists, its declared fields and indexes
 * (the keys of the declared layer beyond these pass: layerAppend/declared.ts reads them).
 */
const layerRule = z.looseObject({
  id: z.number().int().min(0).optional(),
  url: layerUrlRule.optional(),
  fields: z.array(z.looseObject({ name: z.string() })).optional(),
  indexes: z.array(z.looseObject({ fields: z.string(), isUnique: z.boolean().optional() })).optional(),
});

/**
 * The LayerAppend property table (machinery/propertyTable.ts), rows in the order the inputs are kept in state.
 * Every argument but the poll deadline replaces (an append is an event: a change appends again).
 * The check schema, the kept inputs, the in-place list, the class's outputs and the docs tables
 * derive from it.
 */
export const LAYER_APPEND = {
  sourceTableName: {
    role: "argument",
    rule: p.sourceTableName,
    change: "replace",
    doc: "When the source holds several tables.",
  },
  fieldMappings: {
    role: "argument",
    type: "Input<Input<FieldMappingArgs>[]>",
    rule: p.fieldMappings,
    change: "replace",
    doc: "Source field → layer field.",
  },
  edits: {
    role: "argument",
    type: "Input<string | Record<string, unknown>>",
    rule: p.edits,
    change: "replace",
    doc: "Source: a feature collection given literally (an object or its JSON text).",
  },
  appendSourceInfo: {
    role: "argument",
    type: "Input<AppendSourceInfoArgs>",
    rule: p.appendSourceInfo,
    change: "replace",
    doc: "CSV/Excel: `sourceSR`, location fields, `dateFieldsTimeReference {timeZone, respectsDaylightSaving}`. `{}` " +
      "is valid.",
  },
  upsert: {
    role: "argument",
    rule: p.upsert,
    change: "replace",
    doc: "Update features matching on `upsertMatchingField` (or object/global id), insert the others: the only safe " +
      "way to run again.",
  },
  // skipInserts, skipUpdates, useGlobalIds, rollbackOnFailure: spec.md#append
  skipInserts: {
    role: "argument",
    rule: p.skipInserts,
    change: "replace",
    doc: "Skip inserting new features: only the features that match are updated.",
  },
  skipUpdates: {
    role: "argument",
    rule: p.skipUpdates,
    change: "replace",
    doc: "Skip updating the features that match: only new features are inserted.",
  },
  useGlobalIds: {
    role: "argument",
    rule: p.useGlobalIds,
    change: "replace",
    doc: "Match features on their global ids, and keep the source's global ids for the features inserted.",
  },
  truncate: {
    role: "argument",
    rule: p.truncate,
    change: "replace",
    doc: "Removes every existing row first; needs self-hosted 11.2.",
  },
  updateGeometry: {
    role: "argument",
    rule: p.updateGeometry,
    change: "replace",
    doc: "`false`: only attributes of matching features are updated.",
  },
  appendFields: {
    role: "argument",
    type: "Input<Input<string>[]>",
    rule: p.appendFields,
    change: "replace",
    doc: "Restricts the layer fields written.",
  },
  upsertMatchingField: {
    role: "argument",
    rule: p.upsertMatchingField,
    change: "replace",
    doc: "A layer field with a unique index (or the object id / global id field), checked against the layer before " +
      "appending.",
  },
  appendItemId: {
    role: "argument",
    rule: p.appendItemId,
    change: "replace",
    doc: "Source: a portal item (32 letters or digits) holding the source file or hosted feature service " +
      "(self-hosted 10.9+).",
  },
  appendUploadFormat: {
    role: "argument",
    type: "Input<AppendFormat>",
    rule: p.appendUploadFormat,
    change: "replace",
    doc: "`sqlite`, `geoPackage`, `shapefile`, `filegdb`, `featureCollection`, `geojson`, `csv`, `excel`, " +
      "`featureService` (case-insensitive). Required with `appendItemId`. For a file, told from the extension when " +
      "absent: `.csv` csv, `.xlsx`/`.xls` excel, `.geojson`/`.json` geojson, `.zip` shapefile, `.sqlite`/`.db` " +
      "sqlite, `.gpkg` geoPackage.",
  },
  rollbackOnFailure: {
    role: "argument",
    rule: p.rollbackOnFailure,
    change: "replace",
    doc: "Default true: a failed job keeps nothing of the append.",
  },
  layerMappings: {
    role: "argument",
    type: "Input<Input<LayerMappingArgs>[]>",
    rule: p.layerMappings,
    change: "replace",
    doc: "Feature-service sources only: `[{id: <target layer id>, sourceTableName: <source layer name or id>, " +
      "fieldMappings}]` (parameter name from the REST \"Append (Feature Service/Layer)\" reference). One entry, for " +
      "the target layer; its `sourceTableName`/`fieldMappings` or the top-level ones, not both.",
  },
  sourceFilter: {
    role: "argument",
    rule: sourceFilterRule,
    change: "replace",
    doc: "Feature-service sources only: a where clause on the source layer's rows (parameter name from the REST " +
      "\"Append (Feature Service/Layer)\" reference), up to 4096 characters.",
  },
  layer: {
    role: "argument",
    type: "Input<AppendTargetLayer>",
    rule: layerRule.optional(),
    change: "replace",
    doc: "The target layer as a FeatureService gives it: `layer: service.layers[\"stations\"]`. Works before the " +
      "service exists (`up` creates it, then appends), and its declared fields and indexes are checked at preview: " +
      "an upsert's `upsertMatchingField` needs a unique index there. Only its URL is kept in the state. Either " +
      "this, `layerUrl`, or `serviceName` + `layerId`.",
  },
  layerUrl: {
    role: "argument",
    rule: layerUrlRule.optional(),
    change: "replace",
    doc: "`{serviceUrl}/<service>/FeatureServer/<layerId>`. Either this, `layer`, or `serviceName` + `layerId`.",
  },
  serviceName: {
    role: "argument",
    rule: nonEmpty().optional(),
    change: "replace",
    doc:
      "With `layerId`: resolved against the stack config `portal:serviceUrl` (`PORTAL_SERVICE_URL`), " +
      "or, when it is unset, the services root discovered from the portal (the plan names it).",
  },
  layerId: {
    role: "argument",
    rule: z.number().int().min(0).optional(),
    change: "replace",
    doc: "With `serviceName`.",
  },
  file: {
    role: "argument",
    rule: nonEmpty().optional(),
    change: "replace",
    doc: "Source: a local file, uploaded with `uploads/upload` (streamed from disk) and appended with " +
      "`appendUploadId`. Must exist at preview. Its SHA-256 and size become the inputs `fileSha256` and `fileSize`: " +
      "a changed file is a diff; a moved or renamed file with the same content is not.",
  },
  timeoutSeconds: {
    role: "argument",
    rule: z.number().positive().optional(),
    change: "update",
    doc: "Deadline of the job poll, default 600. Changing it updates the state only: no new append.",
  },
  fileSha256: {
    role: "computed",
    output: true,
    outputType: "Output<string | undefined>",
    doc: "The SHA-256 of `file`.",
  },
  fileSize: {
    role: "computed",
    output: true,
    outputType: "Output<number | undefined>",
    doc: "The size of `file` in bytes.",
  },
  targetLayerUrl: {
    role: "output",
    outputType: "string",
    doc: "The layer appended to.",
  },
  jobId: {
    role: "output",
    outputType: "string",
    doc: "The append job.",
  },
  // status, recordCount, submissionTime, lastUpdatedTime, layerName: the job record (spec.md#append-job-record)
  status: {
    role: "output",
    outputType: "string",
    doc: "The job's status: `Completed` once created.",
  },
  recordCount: {
    role: "output",
    outputType: "number",
    doc: "How many records the job appended.",
  },
  submissionTime: {
    role: "output",
    outputType: "number",
    doc: "When the job was submitted, in epoch milliseconds.",
  },
  lastUpdatedTime: {
    role: "output",
    outputType: "number",
    doc: "When the job last changed, in epoch milliseconds.",
  },
  layerName: {
    role: "output",
    outputType: "string",
    doc: "The name of the layer appended to.",
  },
  jobMessages: {
    role: "output",
    outputType: "Output<string[] | undefined>",
    doc: "The job's messages, when any (rows skipped with `rollbackOnFailure: false`).",
  },
  appendUploadId: {
    role: "output",
    outputType: "Output<string | undefined>",
    doc: "The upload id of a file source.",
  },
  schemaVersion: {
    role: "output",
    outputType: "number",
    doc: "The state layout version (1).",
  },
} as const satisfies Table;

/** The check schema's fields: the rules of the argument rows. */
export const layerAppendShape = Object.fromEntries(
  argumentKeys(LAYER_APPEND).map((k) => [k, LAYER_APPEND[k].rule]),
) as {
  [K in ArgumentName<typeof LAYER_APPEND>]: (typeof LAYER_APPEND)[K]["rule"];
};

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

export const layerAppendInput = z.object(layerAppendShape).superRefine((v, ctx) => {
  exactlyOneOf(LAYER_APPEND_SOURCES)(v, ctx);
  sourceRules(v, ctx); // the hosted-service source and the option combinations (layerAppend/source.ts)
  // the target: a FeatureService's layer, a layer URL, or a service name and layer id under portal:serviceUrl
  const named = {
    layer: given(v.layer),
    layerUrl: given(v.layerUrl),
    "serviceName/layerId": given(v.serviceName) || given(v.layerId),
  };
  const targets = Object.keys(named).filter((k) => named[k as keyof typeof named]);
  if (targets.length > 1) {
    const message = `${targets.join(" and ")} are ${targets.length === 2 ? "both" : "all"} set; give one target`;
    ctx.addIssue({ code: "custom", path: [targets[0] === "layer" ? "layer" : "layerUrl"], message });
  } else if (given(v.layer) || given(v.layerUrl)) {
    // one target
  } else {
    const message = "no target layer; set layer (a FeatureService's layer), layerUrl, or serviceName and layerId";
    if (!given(v.serviceName)) ctx.addIssue({ code: "custom", path: ["serviceName"], message });
    if (!given(v.layerId)) ctx.addIssue({ code: "custom", path: ["layerId"], message });
  }
  // spec.md#append: a portal item source needs its format; a file's is told from its name when absent
  if (given(v.appendItemId) && !given(v.appendUploadFormat)) {
    const message = `required with appendItemId; one of: ${APPEND_FORMATS.join(", ")}`;
    ctx.addIssue({ code: "custom", path: ["appendUploadFormat"], message });
  }
  const fileFormatUnknown = given(v.file) && !isUnknown(v.file) && formatOfFile(v.file as string) === undefined;
  if (fileFormatUnknown && !given(v.appendUploadFormat)) {
    const formats = APPEND_FORMATS.join(", ");
    const file = JSON.stringify(v.file);
    const set = `set appendUploadFormat to one of: ${formats}`;
    const message = `cannot tell the format of ${file} from its extension; ${set}`;
    ctx.addIssue({ code: "custom", path: ["appendUploadFormat"], message });
  }
});


/** The append format of a file from its extension (unconfirmed mapping for .zip and .json). */
export function formatOfFile(file: string): string | undefined {
  return APPEND_FORMAT_BY_EXTENSION[extname(file).toLowerCase()];
}

/** The content type sent with an uploaded source file. */
export function contentTypeOf(format: string): string {
  const types: Record<string, string> = {
    csv: "text/csv",
    geojson: "application/geo+json",
    excel: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    shapefile: "application/zip",
  };
  return types[format] ?? "application/octet-stream";
}

/** Every input a LayerAppend stores in its state (check adds the file's fingerprint). */
export const LAYER_APPEND_INPUT_KEYS = inputKeys(LAYER_APPEND);

/** Inputs whose change needs no new append: the poll deadline only. */
export const NO_REPLACE_KEYS: readonly string[] = keysWhere(
  LAYER_APPEND,
  (row) => row.role === "argument" && row.change !== "replace",
);
export const LAYER_APPEND_OUTPUTS = outputKeys(LAYER_APPEND);
