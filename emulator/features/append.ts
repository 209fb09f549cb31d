// The append itself (spec.md#append): reads one source table row by row and inserts or upserts into a
// layer under a per-layer lock, with an undo log for rollbackOnFailure: upsert matching
// (spec.md#append-upsert), fresh ids (spec.md#append-ids), projection (spec.md#append-projection),
// editor tracking (spec.md#append-editor-tracking), ownership-based access control
// (spec.md#append-ownership), multipatch (spec.md#append-multipatch), field defaults
// (spec.md#append-field-defaults), then the last-edit time and extent (spec.md#append-last-edit).
// What the request itself is refused for (one source, upsert with sync or change tracking,
// truncate's release) is checked in append/start.ts; the source is resolved and opened in
// append/source.ts.
import { convertValue, FieldValueError, isEmpty, newGuid, normalizeGuid } from "./model/fields";
import type { FeatureLayer } from "./model/layer";
import { newUndoLog, RowError, type UndoLog } from "./model/store";
import { geometryTypeOf, type Attributes, type Geometry, type Row } from "./model/types";
import { planMapping, type Mapping, type MappingOptions } from "./append/mapping";
import { projector, type Projector } from "./projection";
import { rowBatches, type SourceRow, type SourceTable } from "./formats/source";

export interface AppendCaller {
  username: string;
  /** Rule 10: the service owner and organization administrators bypass ownership-based access control. */
  bypassesOwnership: boolean;
}

export interface AppendOptions extends MappingOptions {
  skipInserts: boolean;
  skipUpdates: boolean;
  updateGeometry: boolean;
  truncate: boolean;
  rollbackOnFailure: boolean;
  /** Rule 13: defaults apply from 11.1 on a relational store. */
  applyDefaults: boolean;
  /** Rule 8: the extent is updated on a hosted deployment. */
  updateExtent: boolean;
  parseDate: (text: string) => number;
}

export interface AppendResult {
  recordCount: number;
  inserted: number;
  updated: number;
  skipped: number;
  /** Rows refused when rollbackOnFailure is false. */
  messages: string[];
}

const locks = new WeakMap<object, Promise<unknown>>();

/** One append at a time per layer data (a view and its source share it). */
function withLock<T>(key: object, fn: () => Promise<T>): Promise<T> {
  const prev = locks.get(key) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  locks.set(key, next.catch(() => undefined));
  return next;
}

export function appendToLayer(layer: FeatureLayer, table: SourceTable, caller: AppendCaller, o: AppendOptions): Promise<AppendResult> {
  return withLock(layer.data, () => runAppend(layer, table, caller, o));
}

async function runAppend(layer: FeatureLayer, table: SourceTable, caller: AppendCaller, o: AppendOptions): Promise<AppendResult> {
  const store = layer.data.store;
  const log = newUndoLog();
  const result: AppendResult = { recordCount: 0, inserted: 0, updated: 0, skipped: 0, messages: [] };
  // Rule 5: project to the layer's reference; CSV, GeoJSON and Excel default to 4326.
  const project: Projector = projector(table.spatialReference ?? { wkid: 4326 }, layer.def.spatialReference);
  let mapping: Mapping | undefined = table.fields ? planMapping(layer, table.fields, o) : undefined;
  try {
    if (o.truncate) store.truncate(log); // spec.md#append truncate (11.2+): existing rows go first
    for await (const batch of rowBatches(table)) {
      for (const src of batch) {
        mapping ??= planMapping(layer, Object.keys(src.attributes).map((name) => ({ name })), o);
        try {
          applyRow(layer, src, mapping, project, caller, o, log, result);
        } catch (e) {
          if (!(e instanceof RowError || e instanceof FieldValueError)) throw e;
          const message = e instanceof RowError && e.row !== undefined ? e.message : `row ${src.row}: ${e.message}`;
          if (o.rollbackOnFailure) throw new RowError(message);
          result.messages.push(message);
        }
      }
    }
  } catch (e) {
    store.rollback(log); // all or nothing when rollbackOnFailure is true; a source that breaks off also rolls back
    throw e;
  }
  store.release(log);
  if (result.recordCount > 0 || o.truncate) {
    layer.data.lastEditDate = Date.now(); // spec.md#append-last-edit
    if (o.updateExtent) layer.recomputeExtent(); // spec.md#append-last-edit: the extent, on a hosted deployment
  }
  return result;
}

function applyRow(layer: FeatureLayer, src: SourceRow, mapping: Mapping, project: Projector, caller: AppendCaller, o: AppendOptions, log: UndoLog, result: AppendResult): void {
  if (src.error) throw new RowError(src.error, src.row);
  const def = layer.def;
  const attrs: Attributes = {};
  for (const p of mapping.plan) attrs[p.dest.name] = convertValue(p.dest, src.attributes[p.source], o.parseDate);
  const geometry = rowGeometry(layer, src.geometry, project);
  const now = Date.now();

  if (o.upsert) {
    // Rule 2: a match on the unique field updates, otherwise the row is inserted.
    const key = attrs[mapping.matchField!];
    const oid = isEmpty(key) ? undefined : layer.data.store.findBy(mapping.matchField!, key);
    if (oid !== undefined) {
      if (o.skipUpdates) return void result.skipped++;
      const existing = layer.data.store.rows.get(oid)!;
      checkOwnership(layer, existing, caller);
      const merged: Row = {
        attributes: { ...existing.attributes, ...attrs },
        geometry: o.updateGeometry && geometry ? geometry : existing.geometry, // updateGeometry=false keeps the shape
      };
      stampEditor(layer, merged.attributes, caller.username, now, false);
      layer.data.store.update(oid, merged, log, existing);
      result.updated++;
      result.recordCount++;
      return;
    }
    if (o.skipInserts) return void result.skipped++;
  }
  // Rule 3: without upsert the system gives new ids; with upsert, source ids are kept when free.
  const sourceOid = o.upsert && typeof attrs[def.objectIdField] === "number" ? (attrs[def.objectIdField] as number) : undefined;
  delete attrs[def.objectIdField];
  if (def.globalIdField) {
    const kept = o.upsert ? normalizeGuid(attrs[def.globalIdField]) : undefined;
    attrs[def.globalIdField] = kept && layer.data.store.findBy(def.globalIdField, kept) === undefined ? kept : newGuid();
  }
  applyDefaults(layer, attrs, o.applyDefaults);
  stampEditor(layer, attrs, caller.username, now, true);
  layer.data.store.insert({ attributes: attrs, geometry }, log, sourceOid);
  result.inserted++;
  result.recordCount++;
}

/** spec.md#append-multipatch and the layer's geometry type; then the projection (spec.md#append-projection). */
function rowGeometry(layer: FeatureLayer, g: Geometry | null, project: Projector): Geometry | null {
  const want = layer.def.geometryType;
  if (!g || !want) return null;
  const got = geometryTypeOf(g);
  if (want === "esriGeometryMultiPatch" && got !== want) throw new RowError(`appending ${got} geometry into multipatch layer ${layer.def.name} is not supported (spec.md#append-multipatch)`);
  const compatible = got === want || (want === "esriGeometryMultipoint" && got === "esriGeometryPoint");
  if (!compatible) throw new RowError(`geometry type ${got} does not match the layer's ${want}`);
  const projected = project(g);
  return want === "esriGeometryMultipoint" && "x" in projected ? { points: [[projected.x, projected.y]] } : projected;
}

/** Rule 13: a field's default fills a missing value (11.1+, relational store); required fields must end non-empty. */
function applyDefaults(layer: FeatureLayer, attrs: Attributes, withDefaults: boolean): void {
  for (const f of layer.def.fields) {
    if (f.type === "esriFieldTypeOID" || f.type === "esriFieldTypeGlobalID") continue;
    if (isEmpty(attrs[f.name]) && withDefaults && f.defaultValue !== undefined && f.defaultValue !== null) attrs[f.name] = f.defaultValue;
    if (isEmpty(attrs[f.name]) && f.nullable === false && !isEditorField(layer, f.name)) throw new FieldValueError(f.name, `field '${f.name}' is required and has no value`);
  }
}

function isEditorField(layer: FeatureLayer, name: string): boolean {
  const info = layer.def.editFieldsInfo;
  return !!info && Object.values(info).includes(name);
}

/** Rule 9: creator and creation date on insert, editor and edit date on insert and update. */
function stampEditor(layer: FeatureLayer, attrs: Attributes, username: string, now: number, insert: boolean): void {
  const info = layer.def.editFieldsInfo;
  if (!info) return;
  if (insert) {
    attrs[info.creatorField] = username;
    attrs[info.creationDateField] = now;
  }
  attrs[info.editorField] = username;
  attrs[info.editDateField] = now;
}

/** Rule 10: others may update only their own features or those of anonymous users. */
function checkOwnership(layer: FeatureLayer, existing: Row, caller: AppendCaller): void {
  const obac = layer.def.ownershipBasedAccessControlForFeatures;
  const info = layer.def.editFieldsInfo;
  if (caller.bypassesOwnership || !obac || obac.allowOthersToUpdate || !info) return;
  const creator = existing.attributes[info.creatorField];
  if (isEmpty(creator) || creator === caller.username) return;
  const oid = existing.attributes[layer.def.objectIdField];
  throw new RowError(`feature ${oid} belongs to '${creator}'; ownership-based access control lets '${caller.username}' update only their own features (spec.md#append-ownership)`);
}
