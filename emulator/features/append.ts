// The append itself (spec.md#append): reads one source table row by row and inserts or upserts into a
// layer under a per-layer lock, with an undo log for rollbackOnFailure: upsert matching
// (spec.md#append-upsert), fresh ids (spec.md#append-ids), projection (spec.md#append-projection),
// editor tracking (spec.md#append-editor-tracking), ownership-based access control
// (spec.md#append-ownership), multipatch (spec.md#append-multipatch), field defaults
// (spec.md#append-field-defaults), then the last-edit time and extent (spec.md#append-last-edit).
// What the request itself is refused for (one source, upsert with sync or change tracking,
// truncate's release) is checked in append/start.ts; the source is resolved and opened in
// append/source.ts.
import { FieldValueError, isEmpty, newGuid, normalizeGuid } from "./model/fields";
import type { FeatureLayer } from "./model/layer";
import { newUndoLog, RowError, type UndoLog } from "./model/store";
import type { Row } from "./model/types";
import { planMapping, type Mapping } from "./append/mapping";
import { projector, type Projector } from "./projection";
import { rowBatches, type SourceRow, type SourceTable } from "./formats/source";
import { dateParser } from "./append/dates";
import type { AppendCaller, AppendOptions, AppendResult } from "./append/options";
import { completeInsert, convertRow, stampEditor } from "./append/rows";
import { openCsvPieces } from "./append/parallelCsv";
import { applyPrepared } from "./append/prepared";

export type { AppendCaller, AppendOptions, AppendResult } from "./append/options";

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
  const parseDate = dateParser(o.timeReference);
  const store = layer.data.store;
  const log = newUndoLog();
  const result: AppendResult = { recordCount: 0, inserted: 0, updated: 0, skipped: 0, messages: [] };
  // Rule 5: project to the layer's reference; CSV, GeoJSON and Excel default to 4326.
  const project: Projector = projector(table.spatialReference ?? { wkid: 4326 }, layer.def.spatialReference);
  let mapping: Mapping | undefined = table.fields ? planMapping(layer, table.fields, o) : undefined;
  try {
    if (o.truncate) store.truncate(log); // spec.md#append truncate (11.2+): existing rows go first
    const applyBatches = async (batches: AsyncIterable<SourceRow[]>) => {
      for await (const batch of batches) {
        for (const src of batch) {
          mapping ??= planMapping(layer, Object.keys(src.attributes).map((name) => ({ name })), o);
          try {
            applyRow(layer, src, mapping, project, caller, o, parseDate, log, result);
          } catch (e) {
            if (!(e instanceof RowError || e instanceof FieldValueError)) throw e;
            const message = e instanceof RowError && e.row !== undefined ? e.message : `row ${src.row}: ${e.message}`;
            if (o.rollbackOnFailure) throw new RowError(message);
            result.messages.push(message);
          }
        }
      }
    };
    // A large CSV: parsed, converted and encoded in pieces by worker threads (append/parallelCsv.ts).
    const pieces = !mapping && table.csv ? await openCsvPieces(layer, table.csv, table.spatialReference ?? { wkid: 4326 }, caller, o, o.csvPieces) : undefined;
    if (pieces) {
      mapping = pieces.mapping;
      await pieces.run((batch, base) => applyPrepared(layer, batch, base, pieces, o, log, result), applyBatches);
    } else await applyBatches(rowBatches(table));
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

function applyRow(layer: FeatureLayer, src: SourceRow, mapping: Mapping, project: Projector, caller: AppendCaller, o: AppendOptions, parseDate: (text: string) => number, log: UndoLog, result: AppendResult): void {
  const def = layer.def;
  const { attrs, geometry } = convertRow(def, src, mapping, project, parseDate);
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
      stampEditor(def, merged.attributes, caller.username, now, false);
      layer.data.store.update(oid, merged, log, existing);
      result.updated++;
      result.recordCount++;
      return;
    }
    if (o.skipInserts) return void result.skipped++;
  }
  // Rule 3: without upsert the system gives new ids; with upsert, source ids are kept when free.
  const sourceOid = o.upsert && typeof attrs[def.objectIdField] === "number" ? (attrs[def.objectIdField] as number) : undefined;
  const kept = o.upsert && def.globalIdField ? normalizeGuid(attrs[def.globalIdField]) : undefined;
  completeInsert(def, attrs, kept && layer.data.store.findBy(def.globalIdField!, kept) === undefined ? kept : newGuid(), o.applyDefaults, caller.username, now);
  layer.data.store.insert({ attributes: attrs, geometry }, log, sourceOid);
  result.inserted++;
  result.recordCount++;
}

/** Rule 10: others may update only their own features or those of anonymous users. */
function checkOwnership(layer: FeatureLayer, existing: Row, caller: AppendCaller): void {
  const obac = layer.def.ownershipBasedAccessControlForFeatures;
  const info = layer.def.editFieldsInfo;
  if (caller.bypassesOwnership || !obac || obac.allowOthersToUpdate || !info) return;
  const creator = existing.attributes[info.creatorField];
  if (isEmpty(creator) || creator === caller.username) return;
  const oid = existing.attributes[layer.def.objectIdField];
  throw new RowError(`feature ${oid} belongs to '${creator}'; ownership-based access control lets '${caller.username}' update only their own features`);
}
