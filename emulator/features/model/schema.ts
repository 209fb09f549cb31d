// Schema changes of a hosted feature service: the admin addToDefinition, updateDefinition and
// deleteFromDefinition at service level ({layers, tables}) and layer level ({fields, indexes}).
// Every change is validated before any is applied; one that adds a unique index or drops a field
// rebuilds the layer's rows (a new field reads null, a dropped field's values are gone).
import { badRequest } from "../../errors";
import { FeatureLayer, type LayerDef } from "./layer";
import { RowStore } from "./store";
import type { HostedService } from "./service";
import { parseDomain } from "./domains";
import { FIELD_TYPES, GEOMETRY_TYPES, type FieldDef, type IndexDef } from "./types";

interface FieldInput { name?: unknown; type?: unknown; alias?: unknown; length?: unknown; nullable?: unknown; editable?: unknown; defaultValue?: unknown; domain?: unknown }
interface IndexInput { name?: unknown; fields?: unknown; isUnique?: unknown; isAscending?: unknown; description?: unknown }
export interface LayerInput { name?: unknown; type?: unknown; geometryType?: unknown; fields?: unknown; indexes?: unknown; displayField?: unknown; objectIdField?: unknown; globalIdField?: unknown; id?: unknown }

const lower = (s: string) => s.toLowerCase();
const list = <T>(v: unknown, what: string): T[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw badRequest(`${what} must be an array.`);
  return v as T[];
};

function field(input: FieldInput, where: string): FieldDef {
  if (typeof input?.name !== "string" || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(input.name)) throw badRequest(`${where}: field name '${String(input?.name)}' is invalid (a letter or underscore, then letters, digits or underscores, at most 64).`);
  if (!(FIELD_TYPES as readonly unknown[]).includes(input.type)) throw badRequest(`${where}: field ${input.name} has unknown type '${String(input.type)}'; known: ${FIELD_TYPES.join(", ")}.`);
  const f: FieldDef = { name: input.name, type: input.type as FieldDef["type"], alias: typeof input.alias === "string" ? input.alias : input.name, nullable: input.nullable !== false, editable: input.editable !== false };
  if (typeof input.length === "number") f.length = input.length;
  else if (f.type === "esriFieldTypeString") f.length = 256;
  if (input.defaultValue !== undefined) f.defaultValue = input.defaultValue;
  const domain = parseDomain(input.domain, f, where);
  if (domain) f.domain = domain;
  if (f.type === "esriFieldTypeOID" || f.type === "esriFieldTypeGlobalID") f.editable = false;
  if (f.type === "esriFieldTypeOID") f.nullable = false;
  return f;
}

function index(input: IndexInput, fields: readonly FieldDef[], where: string): IndexDef {
  if (typeof input?.fields !== "string" || input.fields === "") throw badRequest(`${where}: an index needs 'fields' (a field name).`);
  const named = fields.find((f) => lower(f.name) === lower(input.fields as string));
  if (!named) throw badRequest(`${where}: index on field '${input.fields}', which the layer does not have.`);
  return {
    name: typeof input.name === "string" && input.name ? input.name : `${named.name}_idx`,
    fields: named.name,
    isUnique: input.isUnique === true,
    isAscending: input.isAscending !== false,
    description: typeof input.description === "string" ? input.description : "",
  };
}

function noDuplicates(names: readonly string[], what: string, where: string): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(lower(n))) throw badRequest(`${where}: duplicate ${what} name '${n}'.`);
    seen.add(lower(n));
  }
}

/** A new layer or table of `service` from an addToDefinition entry. */
export function newLayerDef(service: HostedService, input: LayerInput, id: number, isTable: boolean): LayerDef {
  const where = `Layer '${String(input?.name)}'`;
  if (typeof input?.name !== "string" || input.name.trim() === "") throw badRequest("Every layer and table needs a 'name'.");
  if (!isTable && !(GEOMETRY_TYPES as readonly unknown[]).includes(input.geometryType)) throw badRequest(`${where}: unknown geometryType '${String(input.geometryType)}'; known: ${GEOMETRY_TYPES.join(", ")}.`);
  const fields = list<FieldInput>(input.fields, `${where}: fields`).map((f) => field(f, where));
  if (!fields.some((f) => f.type === "esriFieldTypeOID")) fields.unshift({ name: typeof input.objectIdField === "string" ? input.objectIdField : "OBJECTID", type: "esriFieldTypeOID", alias: "OBJECTID", nullable: false, editable: false });
  noDuplicates(fields.map((f) => f.name), "field", where);
  if (fields.filter((f) => f.type === "esriFieldTypeOID").length > 1) throw badRequest(`${where}: a layer has one object-id field.`);
  const indexes = list<IndexInput>(input.indexes, `${where}: indexes`).map((i) => index(i, fields, where));
  noDuplicates(indexes.map((i) => i.name), "index", where);
  const displayField = typeof input.displayField === "string" ? fields.find((f) => lower(f.name) === lower(input.displayField as string))?.name : undefined;
  if (typeof input.displayField === "string" && input.displayField && !displayField) throw badRequest(`${where}: displayField '${input.displayField}' is not a field of the layer.`);
  return {
    id,
    name: input.name,
    geometryType: isTable ? undefined : (input.geometryType as LayerDef["geometryType"]),
    spatialReference: service.props.spatialReference ?? { wkid: 4326 },
    fields,
    indexes,
    objectIdField: fields.find((f) => f.type === "esriFieldTypeOID")!.name,
    globalIdField: fields.find((f) => f.type === "esriFieldTypeGlobalID")?.name,
    displayField,
    supportsAppend: true,
  };
}

/** The layer's rows in a new store shaped by `def` (dropped fields removed, new unique indexes built). */
function rebuild(layer: FeatureLayer, def: LayerDef): FeatureLayer {
  const keep = new Set(def.fields.map((f) => f.name));
  const unique = def.indexes.filter((i) => i.isUnique).map((i) => i.fields);
  if (def.globalIdField) unique.push(def.globalIdField);
  const store = new RowStore(def.objectIdField, unique);
  try {
    for (const [oid, row] of layer.data.store.rows) {
      const attributes: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row.attributes)) if (keep.has(k)) attributes[k] = v;
      store.insert({ attributes, geometry: row.geometry }, undefined, oid);
    }
  } catch (e) {
    store.close();
    throw badRequest(`Layer ${def.name}: the change cannot be applied to its rows: ${(e as Error).message}.`);
  }
  store.nextObjectId = Math.max(store.nextObjectId, layer.data.store.nextObjectId);
  layer.data.store.close();
  layer.data.store = store;
  return new FeatureLayer(def, layer.data);
}

function replaceLayer(service: HostedService, next: FeatureLayer): FeatureLayer {
  const at = service.layers.findIndex((l) => l.id === next.id);
  service.layers[at] = next;
  return next;
}

/** Layer-level addToDefinition: {fields, indexes}. */
export function addToLayer(service: HostedService, layer: FeatureLayer, body: { fields?: unknown; indexes?: unknown }): FeatureLayer {
  const where = `Layer ${layer.def.name}`;
  const added = list<FieldInput>(body.fields, "addToDefinition.fields").map((f) => field(f, where));
  if (added.some((f) => f.type === "esriFieldTypeOID")) throw badRequest(`${where}: a layer has one object-id field.`);
  const fields = [...layer.def.fields, ...added];
  noDuplicates(fields.map((f) => f.name), "field", where);
  const indexes = [...layer.def.indexes, ...list<IndexInput>(body.indexes, "addToDefinition.indexes").map((i) => index(i, fields, where))];
  noDuplicates(indexes.map((i) => i.name), "index", where);
  const def: LayerDef = { ...layer.def, fields, indexes, globalIdField: layer.def.globalIdField ?? added.find((f) => f.type === "esriFieldTypeGlobalID")?.name };
  const needsRows = def.globalIdField !== layer.def.globalIdField || indexes.some((i) => i.isUnique && !layer.def.indexes.includes(i));
  return replaceLayer(service, needsRows ? rebuild(layer, def) : new FeatureLayer(def, layer.data));
}

/** Layer-level updateDefinition: {fields (alias, nullable, editable, length, defaultValue of existing fields; not the type), displayField, name}. */
export function updateLayer(service: HostedService, layer: FeatureLayer, body: { fields?: unknown; displayField?: unknown; name?: unknown }): FeatureLayer {
  const where = `Layer ${layer.def.name}`;
  const fields = layer.def.fields.map((f) => ({ ...f }));
  for (const change of list<FieldInput>(body.fields, "updateDefinition.fields")) {
    const f = fields.find((x) => typeof change?.name === "string" && lower(x.name) === lower(change.name));
    if (!f) throw badRequest(`${where}: updateDefinition names field '${String(change?.name)}', which the layer does not have.`);
    if (change.type !== undefined && change.type !== f.type) throw badRequest(`${where}: the type of field ${f.name} cannot be changed (${f.type} → ${String(change.type)}).`);
    if (typeof change.alias === "string") f.alias = change.alias;
    if (typeof change.nullable === "boolean" && f.type !== "esriFieldTypeOID") f.nullable = change.nullable;
    if (typeof change.editable === "boolean" && f.type !== "esriFieldTypeOID") f.editable = change.editable;
    if (typeof change.length === "number") f.length = change.length;
    if (change.defaultValue !== undefined) f.defaultValue = change.defaultValue;
    if (change.domain === null) delete f.domain;
    else if (change.domain !== undefined) f.domain = parseDomain(change.domain, f, where);
  }
  let displayField = layer.def.displayField;
  if (typeof body.displayField === "string") {
    displayField = fields.find((f) => lower(f.name) === lower(body.displayField as string))?.name;
    if (!displayField) throw badRequest(`${where}: displayField '${body.displayField}' is not a field of the layer.`);
  }
  const name = typeof body.name === "string" && body.name.trim() ? body.name : layer.def.name;
  return replaceLayer(service, new FeatureLayer({ ...layer.def, name, fields, displayField }, layer.data));
}

/** Layer-level deleteFromDefinition: {fields: [{name}], indexes: [{name}]}. */
export function deleteFromLayer(service: HostedService, layer: FeatureLayer, body: { fields?: unknown; indexes?: unknown }): FeatureLayer {
  const where = `Layer ${layer.def.name}`;
  const gone = new Set<string>();
  for (const f of list<FieldInput>(body.fields, "deleteFromDefinition.fields")) {
    const named = layer.def.fields.find((x) => typeof f?.name === "string" && lower(x.name) === lower(f.name));
    if (!named) throw badRequest(`${where}: deleteFromDefinition names field '${String(f?.name)}', which the layer does not have.`);
    if (named.name === layer.def.objectIdField) throw badRequest(`${where}: the object-id field ${named.name} cannot be deleted.`);
    gone.add(named.name);
  }
  const goneIndexes = new Set<string>();
  for (const i of list<IndexInput>(body.indexes, "deleteFromDefinition.indexes")) {
    const named = layer.def.indexes.find((x) => typeof i?.name === "string" && lower(x.name) === lower(i.name));
    if (!named) throw badRequest(`${where}: deleteFromDefinition names index '${String(i?.name)}', which the layer does not have.`);
    goneIndexes.add(named.name);
  }
  const def: LayerDef = {
    ...layer.def,
    fields: layer.def.fields.filter((f) => !gone.has(f.name)),
    // an index on a dropped field goes with it
    indexes: layer.def.indexes.filter((i) => !goneIndexes.has(i.name) && !gone.has(i.fields)),
    globalIdField: layer.def.globalIdField && gone.has(layer.def.globalIdField) ? undefined : layer.def.globalIdField,
    displayField: layer.def.displayField && gone.has(layer.def.displayField) ? undefined : layer.def.displayField,
  };
  return replaceLayer(service, gone.size > 0 || def.indexes.some((i) => i.isUnique) !== layer.def.indexes.some((i) => i.isUnique) || goneIndexes.size > 0 ? rebuild(layer, def) : new FeatureLayer(def, layer.data));
}

/** Service-level addToDefinition: {layers, tables}; ids go on from the highest one. */
export function addLayers(service: HostedService, body: { layers?: unknown; tables?: unknown }): { layers: Array<{ name: string; id: number }>; tables: Array<{ name: string; id: number }> } {
  let next = Math.max(-1, ...service.layers.map((l) => l.id)) + 1;
  const build = (input: LayerInput, isTable: boolean) => newLayerDef(service, input, typeof input?.id === "number" && !service.layer(input.id) ? input.id : next++, isTable);
  const layers = list<LayerInput>(body.layers, "addToDefinition.layers").map((l) => build(l, false));
  const tables = list<LayerInput>(body.tables, "addToDefinition.tables").map((t) => build(t, true));
  const all = [...layers, ...tables];
  if (all.length === 0) throw badRequest("addToDefinition needs 'layers' or 'tables' (a service) or 'fields' or 'indexes' (a layer).");
  noDuplicates([...service.layers.map((l) => l.def.name), ...all.map((d) => d.name)], "layer", `Service ${service.name}`);
  noDuplicates(all.map((d) => String(d.id)), "layer id", `Service ${service.name}`);
  for (const def of all) service.layers.push(new FeatureLayer(def, { store: new RowStore(def.objectIdField, [...def.indexes.filter((i) => i.isUnique).map((i) => i.fields), ...(def.globalIdField ? [def.globalIdField] : [])]), lastEditDate: Date.now() }));
  return { layers: layers.map((d) => ({ name: d.name, id: d.id })), tables: tables.map((d) => ({ name: d.name, id: d.id })) };
}

/** Service-level deleteFromDefinition: {layers: [{id}], tables: [{id}]}; the rows go with the layer. */
export function deleteLayers(service: HostedService, body: { layers?: unknown; tables?: unknown }): void {
  const ids = [...list<{ id?: unknown }>(body.layers, "deleteFromDefinition.layers"), ...list<{ id?: unknown }>(body.tables, "deleteFromDefinition.tables")].map((l) => Number(l?.id));
  if (ids.length === 0) throw badRequest("deleteFromDefinition needs 'layers' or 'tables' (a service) or 'fields' or 'indexes' (a layer).");
  for (const id of ids) if (!service.layer(id)) throw badRequest(`Service ${service.name} has no layer or table ${id}.`);
  for (const id of ids) {
    const at = service.layers.findIndex((l) => l.id === id);
    service.layers[at]!.data.store.close();
    service.layers.splice(at, 1);
  }
}
