// LayerAppend inputs (seed 4.1, 2.7): the core's append parameters, with a local `file` (uploaded
// by the resource) in place of appendUploadId, the target layer as a URL or service name + layer
// id, and our own poll deadline (design rule 7).
import { extname } from "node:path";
import { z } from "zod";
import { APPEND_FORMATS, APPEND_FORMAT_BY_EXTENSION } from "../limits";
import { appendParamsShape, exactlyOneOf } from "../schemas/append";
import { nonEmpty } from "../schemas/fields";
import { isUnknown } from "../schemas/unknown";

/** The three sources a LayerAppend may name (seed 4.1 rule 1, with `file` uploaded first). */
export const LAYER_APPEND_SOURCES = ["edits", "file", "appendItemId"] as const;

/** Default job poll deadline in seconds. */
export const DEFAULT_APPEND_TIMEOUT_SECONDS = 600;

/** `{service_url}/<svc>/FeatureServer/<layerId>` (seed 4.1 path). */
const LAYER_URL = /^https?:\/\/[^\s]+\/FeatureServer\/\d+\/?$/;

const { appendUploadId: _uploadId, sourceFilter: _filter, ...params } = appendParamsShape;

export const layerAppendShape = {
  ...params,
  layerUrl: z.string().superRefine((s, ctx) => {
    if (!LAYER_URL.test(s)) ctx.addIssue({ code: "custom", message: `${JSON.stringify(s.slice(0, 200))} is not a layer URL; expected {serviceUrl}/<service>/FeatureServer/<layerId>` });
  }).optional(),
  serviceName: nonEmpty().optional(),
  layerId: z.number().int().min(0).optional(),
  file: nonEmpty().optional(),
  timeoutSeconds: z.number().positive().optional(),
};

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

export const layerAppendInput = z.object(layerAppendShape).superRefine((v, ctx) => {
  exactlyOneOf(LAYER_APPEND_SOURCES)(v, ctx);
  // the target: a layer URL, or a service name and layer id under portal:serviceUrl
  if (given(v.layerUrl) && (given(v.serviceName) || given(v.layerId))) {
    ctx.addIssue({ code: "custom", path: ["layerUrl"], message: "layerUrl and serviceName/layerId are both set; give one target" });
  } else if (!given(v.layerUrl)) {
    if (!given(v.serviceName)) ctx.addIssue({ code: "custom", path: ["serviceName"], message: "no target layer; set layerUrl, or serviceName and layerId" });
    if (!given(v.layerId)) ctx.addIssue({ code: "custom", path: ["layerId"], message: "no target layer; set layerUrl, or serviceName and layerId" });
  }
  // seed 4.1: a portal item source needs its format; a file's is told from its name when absent
  if (given(v.appendItemId) && !given(v.appendUploadFormat)) {
    ctx.addIssue({ code: "custom", path: ["appendUploadFormat"], message: `required with appendItemId; one of: ${APPEND_FORMATS.join(", ")}` });
  }
  if (given(v.file) && !isUnknown(v.file) && !given(v.appendUploadFormat) && formatOfFile(v.file as string) === undefined) {
    ctx.addIssue({ code: "custom", path: ["appendUploadFormat"], message: `cannot tell the format of ${JSON.stringify(v.file)} from its extension; set appendUploadFormat to one of: ${APPEND_FORMATS.join(", ")}` });
  }
});


/** The append format of a file from its extension (unconfirmed mapping for .zip and .json). */
export function formatOfFile(file: string): string | undefined {
  return APPEND_FORMAT_BY_EXTENSION[extname(file).toLowerCase()];
}

/** The content type sent with an uploaded source file. */
export function contentTypeOf(format: string): string {
  const types: Record<string, string> = { csv: "text/csv", geojson: "application/geo+json", excel: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", shapefile: "application/zip" };
  return types[format] ?? "application/octet-stream";
}

/** Every input a LayerAppend stores in its state (check adds the file's fingerprint). */
export const LAYER_APPEND_INPUT_KEYS = [...Object.keys(layerAppendShape), "fileSha256", "fileSize"] as const;

/** Inputs whose change needs no new append: the poll deadline only. */
export const NO_REPLACE_KEYS: readonly string[] = ["timeoutSeconds"];
