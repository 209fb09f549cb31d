// Which source field feeds which layer field (spec.md#append fieldMappings, appendFields, spec.md#layer-append-metadata
// conversions) and which field upsert matches on (spec.md#append-upsert, spec.md#append-ids).
import type { FeatureLayer } from "../model/layer";
import { sourceTypeAccepted } from "../model/fields";
import type { FieldDef } from "../model/types";
import type { SourceField } from "../formats/source";

export interface FieldPlan {
  dest: FieldDef;
  source: string;
}

export interface MappingOptions {
  upsert: boolean;
  useGlobalIds: boolean;
  upsertMatchingField?: string;
  appendFields?: string[];
  fieldMappings?: { name: string; source: string }[];
}

export interface Mapping {
  plan: FieldPlan[];
  /** The layer field matched on when upserting (spec.md#append-upsert). */
  matchField?: string;
}

/** Fails (with the field's name) on unknown fields, a missing matching field or types that do not convert. */
export function planMapping(layer: FeatureLayer, sourceFields: SourceField[], o: MappingOptions): Mapping {
  const def = layer.def;
  const sourceByLower = new Map(sourceFields.map((f) => [f.name.toLowerCase(), f]));
  const dest = (name: string, what: string) => layer.field(name) ?? fail(`${what}: field '${name}' is not in layer ${def.name}`);
  const editorFields = new Set(def.editFieldsInfo ? Object.values(def.editFieldsInfo).map((f) => f.toLowerCase()) : []);
  // Rule 3: source object ids and global ids are kept only when upserting.
  const systemFields = new Set([...editorFields, ...(o.upsert ? [] : [def.objectIdField.toLowerCase(), def.globalIdField?.toLowerCase() ?? ""])]);

  let matchField: string | undefined;
  if (o.upsert) {
    const name = o.useGlobalIds ? (def.globalIdField ?? fail(`useGlobalIds: layer ${def.name} has no global id field`)) : (o.upsertMatchingField ?? def.objectIdField);
    matchField = dest(name, "upsertMatchingField").name;
    if (!layer.isUniqueField(matchField)) fail(`upsertMatchingField '${matchField}' has no unique index in layer ${def.name}`);
  }

  const explicit = new Map<string, string>();
  for (const m of o.fieldMappings ?? []) {
    const d = dest(m.name, "fieldMappings");
    const s = sourceByLower.get(String(m.source).toLowerCase()) ?? fail(`fieldMappings: source field '${m.source}' is not in the source`);
    explicit.set(d.name, s.name);
  }
  const allowed = o.appendFields ? new Set(o.appendFields.map((n) => dest(n, "appendFields").name)) : undefined;

  const plan: FieldPlan[] = [];
  for (const field of def.fields) {
    const isMatch = field.name === matchField;
    if (!isMatch && (systemFields.has(field.name.toLowerCase()) || (allowed && !allowed.has(field.name)))) continue;
    const sourceName = explicit.get(field.name) ?? sourceByLower.get(field.name.toLowerCase())?.name;
    if (sourceName === undefined) {
      if (isMatch) fail(`upsert matching field '${field.name}' is not in the source (map it with fieldMappings)`);
      continue;
    }
    const sourceType = sourceByLower.get(sourceName.toLowerCase())?.type;
    if (!sourceTypeAccepted(field.type, sourceType)) fail(`field '${field.name}' (${field.type}) cannot take source field '${sourceName}' of type ${sourceType}`);
    plan.push({ dest: field, source: sourceName });
  }
  return { plan, matchField };
}

function fail(message: string): never {
  throw new Error(message);
}
