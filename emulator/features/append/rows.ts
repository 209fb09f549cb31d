// What an append does to one row that needs no store (spec.md#append): locate, convert each mapped
// field, check and project the geometry, and complete an inserted row (global id, defaults, editor
// fields). The same code runs on the main thread (append.ts) and in a CSV piece worker
// (csvPieceWorker.ts), so a row comes out the same either way.
import { convertValue, FieldValueError, isEmpty } from "../model/fields";
import type { LayerDef } from "../model/layer";
import { RowError } from "../model/store";
import { geometryTypeOf, type Attributes, type FieldDef, type Geometry } from "../model/types";
import type { Projector } from "../projection";
import type { SourceRow } from "../formats/source";
import type { Mapping } from "./mapping";

/** The row's mapped values and projected geometry; throws RowError or FieldValueError for a row refused. */
export function convertRow(def: LayerDef, src: SourceRow, mapping: Mapping, project: Projector, parseDate: (text: string) => number): { attrs: Attributes; geometry: Geometry | null } {
  if (src.error) throw new RowError(src.error, src.row);
  const attrs: Attributes = {};
  for (const p of mapping.plan) attrs[p.dest.name] = convertValue(p.dest, src.attributes[p.source], parseDate);
  return { attrs, geometry: rowGeometry(def, src.geometry, project) };
}

/**
 * `convertRow` of a record given as its values (a CSV piece: append/csvPieceWorker.ts), plan entry
 * k's source value at `at[k]`, and its located geometry.
 */
export function convertValues(def: LayerDef, values: readonly string[], at: readonly number[], geometry: Geometry | null, mapping: Mapping, project: Projector, parseDate: (text: string) => number): { attrs: Attributes; geometry: Geometry | null } {
  const attrs: Attributes = {};
  const plan = mapping.plan;
  for (let k = 0; k < plan.length; k++) attrs[plan[k].dest.name] = convertValue(plan[k].dest, values[at[k]], parseDate);
  return { attrs, geometry: rowGeometry(def, geometry, project) };
}

/** spec.md#append-multipatch and the layer's geometry type; then the projection (spec.md#append-projection). */
function rowGeometry(def: LayerDef, g: Geometry | null, project: Projector): Geometry | null {
  const want = def.geometryType;
  if (!g || !want) return null;
  const got = geometryTypeOf(g);
  if (want === "esriGeometryMultiPatch" && got !== want) throw new RowError(`appending ${got} geometry into multipatch layer ${def.name} is not supported`);
  const compatible = got === want || (want === "esriGeometryMultipoint" && got === "esriGeometryPoint");
  if (!compatible) throw new RowError(`geometry type ${got} does not match the layer's ${want}`);
  const projected = project(g);
  return want === "esriGeometryMultipoint" && "x" in projected ? { points: [[projected.x, projected.y]] } : projected;
}

/** An inserted row's attributes (rule 3: no source object id; the global id given), defaults and editor fields. */
export function completeInsert(def: LayerDef, attrs: Attributes, globalId: string | undefined, withDefaults: boolean, username: string, now: number): void {
  if (def.objectIdField in attrs) delete attrs[def.objectIdField]; // a delete makes the object slow: only when there is one
  if (def.globalIdField) attrs[def.globalIdField] = globalId;
  applyDefaults(def, attrs, withDefaults);
  stampEditor(def, attrs, username, now, true);
}

/** Rule 13: a field's default fills a missing value (11.1+, relational store); required fields must end non-empty. */
function applyDefaults(def: LayerDef, attrs: Attributes, withDefaults: boolean): void {
  for (const f of defaultedFields(def)) {
    if (isEmpty(attrs[f.name]) && withDefaults && f.defaultValue !== undefined && f.defaultValue !== null) attrs[f.name] = f.defaultValue;
    if (isEmpty(attrs[f.name]) && f.nullable === false && !isEditorField(def, f.name)) throw new FieldValueError(f.name, `field '${f.name}' is required and has no value`);
  }
}

/** By the layer's field list (a new list is planned anew). */
const defaulted = new WeakMap<FieldDef[], FieldDef[]>();

/** The fields applyDefaults can change or refuse, in the layer's order (most layers: none; a row costs nothing then). */
function defaultedFields(def: LayerDef): FieldDef[] {
  let fields = defaulted.get(def.fields);
  if (!fields) {
    const matters = (f: FieldDef) => (f.defaultValue !== undefined && f.defaultValue !== null) || (f.nullable === false && !isEditorField(def, f.name));
    fields = def.fields.filter((f) => f.type !== "esriFieldTypeOID" && f.type !== "esriFieldTypeGlobalID" && matters(f));
    defaulted.set(def.fields, fields);
  }
  return fields;
}

function isEditorField(def: LayerDef, name: string): boolean {
  const info = def.editFieldsInfo;
  return !!info && Object.values(info).includes(name);
}

/** Rule 9: creator and creation date on insert, editor and edit date on insert and update. */
export function stampEditor(def: LayerDef, attrs: Attributes, username: string, now: number, insert: boolean): void {
  const info = def.editFieldsInfo;
  if (!info) return;
  if (insert) {
    attrs[info.creatorField] = username;
    attrs[info.creationDateField] = now;
  }
  attrs[info.editorField] = username;
  attrs[info.editDateField] = now;
}
