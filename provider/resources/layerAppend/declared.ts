// The target of a LayerAppend given as a FeatureService's layer output (`layer: service.layers["stations"]`):
// the layer as the program declares it (fields, indexes, id fields) plus its id and URL once the service
// exists. At preview, before the service exists, the declared spec is all there is; check reads it so an
// upsert that could not match rows fails then, with the index to add, before any request is sent.
import { open } from "node:fs/promises";
import { isUnknown } from "../../rules/unknown";
import type { CheckFailure } from "../../rules/failures";
import { resolveSourceFile } from "./file";

/** The declared layer as the FeatureService outputs it (unknown keys are the portal's own). */
export interface DeclaredLayer {
  /** The layer's name in the FeatureService (its key in `layers` or `tables`). */
  name?: string;
  id?: number;
  url?: string;
  geometryType?: string;
  fields?: Array<{ name: string; [key: string]: unknown }>;
  indexes?: Array<{ fields: string; isUnique?: boolean; [key: string]: unknown }>;
  objectIdField?: string;
  globalIdField?: string;
  [key: string]: unknown;
}

/** The inputs these rules read. */
interface Inputs {
  layer?: unknown;
  upsert?: unknown;
  upsertMatchingField?: unknown;
  useGlobalIds?: unknown;
  fieldMappings?: unknown;
  appendFields?: unknown;
  file?: unknown;
  appendUploadFormat?: unknown;
}

const lower = (s: string) => s.toLowerCase();
const known = (v: unknown): v is string => typeof v === "string" && !isUnknown(v);

/** Nothing inside `v` is unknown (the engine sends a sentinel for each value computed elsewhere). */
function fullyKnown(v: unknown): boolean {
  if (isUnknown(v)) return false;
  if (Array.isArray(v)) return v.every(fullyKnown);
  if (v !== null && typeof v === "object") return Object.values(v).every(fullyKnown);
  return true;
}

/** The `layer` input when it is an object: the declared layer, with what of it is known. */
export function declaredLayer(v: unknown): DeclaredLayer | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as DeclaredLayer) : undefined;
}

/** The layer's URL when known (absent while the service is not created yet). */
export function declaredUrl(layer: DeclaredLayer | undefined): string | undefined {
  return known(layer?.url) ? layer.url.replace(/\/+$/, "") : undefined;
}

/**
 * What the state keeps of `layer`: the target (id and URL), not the schema, which the FeatureService owns.
 * A layer of a service not created yet stays as declared (the preview shows it).
 */
export function layerTarget(layer: unknown): unknown {
  const l = declaredLayer(layer);
  if (l === undefined || (l.url === undefined && l.id === undefined)) return layer;
  return Object.fromEntries(Object.entries({ id: l.id, url: l.url }).filter(([, v]) => v !== undefined));
}

const geometry = (l: DeclaredLayer) => (known(l.geometryType) ? `${l.geometryType.replace(/^esriGeometry/, "").toLowerCase()} layer` : "table");

/** The layer in a plan line or a reason: its name when given, and its URL when the service exists, else its declared shape. */
export function describeLayer(layer: DeclaredLayer): string {
  const url = declaredUrl(layer);
  const name = known(layer.name) ? ` ${layer.name}` : "";
  if (url !== undefined) return name ? `the layer${name} at ${url}` : `the layer ${url}`;
  const fields = Array.isArray(layer.fields) ? layer.fields.map((f) => (known(f?.name) ? f.name : "?")) : [];
  const shown = fields.length > 4 ? `${fields.slice(0, 4).join(", ")}, …` : fields.join(", ");
  return `the declared ${geometry(layer)}${name} (fields ${shown || "none"}) of a feature service not created yet`;
}

/** The declared field names (the object-id field and a global-id field included), lower case → as written. */
function fieldNames(l: DeclaredLayer): Map<string, string> {
  const names = new Map<string, string>();
  for (const f of l.fields ?? []) if (known(f?.name)) names.set(lower(f.name), f.name);
  const oid = known(l.objectIdField) ? l.objectIdField : "OBJECTID";
  names.set(lower(oid), oid);
  if (known(l.globalIdField)) names.set(lower(l.globalIdField), l.globalIdField);
  return names;
}

/** The fields an upsert can match on: one-field unique indexes, the object-id and global-id fields. */
function matchable(l: DeclaredLayer): string[] {
  const unique = (l.indexes ?? []).filter((i) => i?.isUnique === true && known(i.fields) && !i.fields.includes(",")).map((i) => i.fields.trim());
  return [...new Set([...unique, known(l.objectIdField) ? l.objectIdField : "OBJECTID", ...(known(l.globalIdField) ? [l.globalIdField] : [])])];
}

/** The first line of a CSV file, split into its column names (a cheap read: the header only). */
async function csvHeader(file: string): Promise<string[] | undefined> {
  const handle = await open(resolveSourceFile(file), "r").catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const text = buf.subarray(0, bytesRead).toString("utf8").replace(/^\uFEFF/, "");
    const end = text.search(/\r?\n/);
    if (end < 0 && bytesRead === buf.length) return undefined;
    return (end < 0 ? text : text.slice(0, end)).split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1"));
  } finally {
    await handle.close();
  }
}

/**
 * The failures of an append against the declared layer, found without a request: an upsert's match field
 * that is not declared or has no unique index, useGlobalIds without a global-id field, fieldMappings and
 * appendFields naming fields the layer does not declare, and a CSV without the match field's column.
 * Nothing when the layer, or a part of it these rules read, is not known yet.
 */
export async function declaredLayerFailures(inputs: Inputs): Promise<CheckFailure[]> {
  const l = declaredLayer(inputs.layer);
  if (l === undefined || !Array.isArray(l.fields) || !fullyKnown(l.fields) || !fullyKnown(l.indexes ?? []) || !fullyKnown([l.objectIdField, l.globalIdField])) return [];
  const failures: CheckFailure[] = [];
  const where = describeLayer(l);
  const names = fieldNames(l);
  const declared = [...names.values()].join(", ");
  const undeclared = (name: string) => !names.has(lower(name));
  if (Array.isArray(inputs.fieldMappings)) {
    inputs.fieldMappings.forEach((m: { name?: unknown }, i) => {
      if (known(m?.name) && undeclared(m.name)) failures.push({ property: `fieldMappings[${i}].name`, reason: `${JSON.stringify(m.name)} is not a field of ${where}; its fields: ${declared}` });
    });
  }
  if (Array.isArray(inputs.appendFields)) {
    inputs.appendFields.forEach((f, i) => {
      if (known(f) && undeclared(f)) failures.push({ property: `appendFields[${i}]`, reason: `${JSON.stringify(f)} is not a field of ${where}; its fields: ${declared}` });
    });
  }
  if (inputs.upsert !== true) return failures;
  if (inputs.useGlobalIds === true && !known(l.globalIdField)) {
    failures.push({ property: "useGlobalIds", reason: `${where} declares no globalIdField, so there is no global id to match on; add globalIdField: "GlobalID" to the layer in the FeatureService, or match on upsertMatchingField` });
  }
  if (!known(inputs.upsertMatchingField)) return failures;
  const field = inputs.upsertMatchingField;
  if (undeclared(field)) {
    failures.push({ property: "upsertMatchingField", reason: `${JSON.stringify(field)} is not a field of ${where}; its fields: ${declared}. Declare the field and a unique index on it in the FeatureService, or match on another field` });
    return failures;
  }
  const name = names.get(lower(field))!;
  if (!matchable(l).some((f) => lower(f) === lower(field))) {
    failures.push({
      property: "upsertMatchingField",
      reason: `${JSON.stringify(name)} has no unique index in ${where}, so the upsert could not match rows; ` +
        `add indexes: [{ fields: ${JSON.stringify(name)}, isUnique: true }] to that layer in the FeatureService (it can be matched on now: ${matchable(l).join(", ")})`,
    });
    return failures;
  }
  const isCsv = known(inputs.file) && (known(inputs.appendUploadFormat) ? lower(inputs.appendUploadFormat) === "csv" : /\.csv$/i.test(inputs.file));
  if (isCsv) {
    const mapped = Array.isArray(inputs.fieldMappings) ? (inputs.fieldMappings as Array<{ name?: unknown; source?: unknown }>).find((m) => known(m?.name) && lower(m.name) === lower(name)) : undefined;
    const column = known(mapped?.source) ? mapped.source : name;
    const header = await csvHeader(inputs.file as string);
    if (header !== undefined && !header.some((c) => lower(c) === lower(column))) {
      failures.push({ property: "upsertMatchingField", reason: `the CSV ${JSON.stringify(inputs.file)} has no column ${JSON.stringify(column)} to match ${name} on (its columns: ${header.join(", ")}); add the column or map one to ${name} with fieldMappings` });
    }
  }
  return failures;
}
