// The main thread's part of a CSV append in pieces (issue 28): rows prepared and encoded in a worker
// (csvPieceWorker.ts) go into the store with only what needs the store's shared state: the upsert
// match, the unique indexes, the object id, and appending the bytes (an update merges them with the
// stored row's bytes, rowCodec.ts mergeEncoded). Row numbers, messages and outcomes are those of
// append.ts applyRow for the same rows; parallelCsv.ts takes this path only where they can be.
import type { AppendOptions, AppendResult } from "./options";
import { FieldValueError } from "../model/fields";
import type { FeatureLayer } from "../model/layer";
import { decodeRow, mergeEncoded } from "../model/rowCodec";
import { RowError, type UndoLog } from "../model/store";
import type { Row } from "../model/types";
import type { PreparedBatch } from "./csvPieceWorker";

/** The rows of `batch` (the first is row `base + 1`), as applyRow would apply them. */
export function applyPrepared(layer: FeatureLayer, batch: PreparedBatch, base: number, pieces: { mapping: { matchField?: string }; derivedSkip?: number[] }, o: AppendOptions, log: UndoLog, result: AppendResult): void {
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  const sparse = { errors: 0, insertErrors: 0, odd: 0 };
  const at = <T extends [number, ...unknown[]]>(list: T[], which: keyof typeof sparse, i: number): T | undefined => {
    while (sparse[which] < list.length && list[sparse[which]][0] < i) sparse[which]++;
    return sparse[which] < list.length && list[sparse[which]][0] === i ? list[sparse[which]] : undefined;
  };
  for (let i = 0; i < batch.count; i++) {
    const row = base + i + 1;
    try {
      const refused = at(batch.errors, "errors", i);
      if (refused) throw new RowError(refused[1], row);
      applyOne(layer, batch, bytes, i, at(batch.odd, "odd", i), at(batch.insertErrors, "insertErrors", i)?.[1], pieces, o, log, result);
    } catch (e) {
      if (!(e instanceof RowError || e instanceof FieldValueError)) throw e;
      const message = e instanceof RowError && e.row !== undefined ? e.message : `row ${row}: ${e.message}`;
      if (o.rollbackOnFailure) throw new RowError(message);
      result.messages.push(message);
    }
  }
}

function applyOne(layer: FeatureLayer, b: PreparedBatch, bytes: Buffer, i: number, odd: [number, ...unknown[]] | undefined, insertError: string | undefined, pieces: { mapping: { matchField?: string }; derivedSkip?: number[] }, o: AppendOptions, log: UndoLog, result: AppendResult): void {
  const store = layer.data.store;
  if (o.upsert) {
    // Rule 2: a match on the unique field updates, otherwise the row is inserted.
    // the update form, or the insert form less the names it alone has (CsvPieces.derivedSkip); either holds the match key
    const own = b.offsets[3 * i + 2] > b.offsets[3 * i + 1];
    const skip = own ? undefined : pieces.derivedSkip;
    const change = odd ? undefined : own ? bytes.subarray(b.offsets[3 * i + 1], b.offsets[3 * i + 2]) : bytes.subarray(b.offsets[3 * i], b.offsets[3 * i + 1]);
    const oid = b.matchHashes[i] === 0 ? undefined : odd ? store.findBy(pieces.mapping.matchField!, ((odd[2] ?? odd[1]) as Row).attributes[pieces.mapping.matchField!]) : store.findHashed(pieces.mapping.matchField!, change!, b.matchHashes[i]);
    if (oid !== undefined) {
      if (o.skipUpdates) return void result.skipped++;
      const old = change && store.rows.encoded(oid);
      if (change && old) store.updateEncoded(oid, mergeEncoded(old, change, o.updateGeometry, skip), log);
      else {
        // a row kept by v8 (it holds an object), or a form that does
        const existing = store.rows.get(oid)!;
        const u = change ? decodeRow(change, store.rows.names) : ((odd![2] ?? odd![1]) as Row);
        for (const id of change || !odd![2] ? (skip ?? []) : []) delete u.attributes[store.rows.names.nameOf(id)];
        const merged: Row = { attributes: { ...existing.attributes, ...u.attributes }, geometry: o.updateGeometry && u.geometry ? u.geometry : existing.geometry };
        store.update(oid, merged, log, existing);
      }
      result.updated++;
      result.recordCount++;
      return;
    }
    if (o.skipInserts) return void result.skipped++;
  }
  if (insertError !== undefined) throw new RowError(insertError);
  if (odd) store.insert(odd[1] as Row, log);
  else {
    const start = b.offsets[3 * i];
    store.insertEncoded({ bytes: bytes.subarray(start, b.offsets[3 * i + 1]), oidAt: b.oidAt[i] - start, hashes: b.hashes, keyAt: i * b.uniqueFields }, log);
  }
  result.inserted++;
  result.recordCount++;
}
