// The parameters of append (spec.md#append), read from the form; defaults as in spec.md#gap-append-defaults.
import { badRequest } from "../../errors";
import type { AppendSourceInfo } from "../formats/source";
import { boolParam, jsonParam } from "../routes/context";

export interface LayerMapping {
  id: number;
  sourceTableName?: string;
  sourceId?: number | string;
  fieldMappings?: { name: string; source: string }[];
}

export interface AppendParams {
  edits?: string;
  appendUploadId?: string;
  appendItemId?: string;
  appendUploadFormat?: string;
  sourceTableName?: string;
  fieldMappings?: { name: string; source: string }[];
  layerMappings?: LayerMapping[];
  appendSourceInfo: AppendSourceInfo;
  appendFields?: string[];
  upsertMatchingField?: string;
  /** spec.md#gap-append-params: `sourceFilter` (unconfirmed name), a where clause on a feature-service source. */
  sourceFilter?: string;
  upsert: boolean;
  skipInserts: boolean;
  skipUpdates: boolean;
  useGlobalIds: boolean;
  truncate: boolean;
  updateGeometry: boolean;
  rollbackOnFailure: boolean;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === "" ? undefined : v;
}

function arrayParam<T>(fields: Record<string, string>, name: string, check: (v: unknown) => boolean, shape: string): T[] | undefined {
  const v = jsonParam<unknown>(fields, name);
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every(check)) throw badRequest(`Parameter '${name}' must be ${shape}.`);
  return v as T[];
}

/**
 * spec.md#append appendFields: a JSON array of field names; a comma-separated list is read too, as REST
 * clients send arrays of strings that way (arcgis-rest-js joins them with commas).
 */
function fieldNamesParam(fields: Record<string, string>, name: string): string[] | undefined {
  const raw = nonEmpty(fields[name]);
  if (raw !== undefined && !raw.trim().startsWith("[")) return raw.split(",").map((n) => n.trim()).filter((n) => n !== "");
  return arrayParam(fields, name, (n) => typeof n === "string", "a JSON array of field names");
}

export function readAppendParams(fields: Record<string, string>): AppendParams {
  const isMapping = (m: unknown) => !!m && typeof (m as any).name === "string" && typeof (m as any).source === "string";
  const info = jsonParam<AppendSourceInfo>(fields, "appendSourceInfo") ?? {};
  if (typeof info !== "object" || Array.isArray(info)) throw badRequest("Parameter 'appendSourceInfo' must be a JSON object.");
  return {
    edits: nonEmpty(fields.edits),
    appendUploadId: nonEmpty(fields.appendUploadId),
    appendItemId: nonEmpty(fields.appendItemId),
    appendUploadFormat: nonEmpty(fields.appendUploadFormat),
    sourceTableName: nonEmpty(fields.sourceTableName),
    fieldMappings: arrayParam(fields, "fieldMappings", isMapping, "a JSON array of {source, name}"),
    layerMappings: arrayParam(fields, "layerMappings", (m) => !!m && typeof (m as any).id === "number", "a JSON array of {id, sourceTableName, fieldMappings}"),
    appendSourceInfo: info,
    appendFields: fieldNamesParam(fields, "appendFields"),
    upsertMatchingField: nonEmpty(fields.upsertMatchingField),
    sourceFilter: nonEmpty(fields.sourceFilter),
    upsert: boolParam(fields, "upsert", false),
    skipInserts: boolParam(fields, "skipInserts", false),
    skipUpdates: boolParam(fields, "skipUpdates", false),
    useGlobalIds: boolParam(fields, "useGlobalIds", false),
    truncate: boolParam(fields, "truncate", false),
    updateGeometry: boolParam(fields, "updateGeometry", true),
    rollbackOnFailure: boolParam(fields, "rollbackOnFailure", true), // spec.md#gap-append-defaults: default true (unconfirmed)
  };
}
