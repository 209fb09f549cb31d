// The main thread's part of a CSV append in pieces (issue 28): rows prepared and encoded in a worker
// (csvPieceWorker.ts) go into the store with only what needs the store's shared state: the upsert
// match, the unique indexes, the object id, and appending the bytes (an update merges them with the
// stored row's bytes, rowCodec.ts mergeEncoded). Row numbers, messages and outcomes are those of
// append.ts applyRow for the same rows; parallelCsv.ts takes this path only where they can be.
import type { AppendOptions, AppendResult } from "./options";
import { FieldValueError } from "../model/fields";
import type { FeatureLayer } from "../model/layer";
import { decodeRow, mergedBytes, mergeEncodedInto } from "../model/rowCodec";
import { RowError, type EncodedRow, type UndoLog } from "../model/store";
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
    // the change row is bytes[from, to): read in place, no view of it made (a million rows)
    const from = own ? b.offsets[3 * i + 1] : b.offsets[3 * i], to = own ? b.offsets[3 * i + 2] : b.offsets[3 * i + 1];
    const oid = b.matchHashes[i] === 0 ? undefined : odd ? store.findBy(pieces.mapping.matchField!, ((odd[2] ?? odd[1]) as Row).attributes[pieces.mapping.matchField!]) : store.findHashed(pieces.mapping.matchField!, bytes, b.matchHashes[i], from);
    if (oid !== undefined) {
      if (o.skipUpdates) return void result.skipped++;
      const old = !odd && store.rows.encoded(oid);
      if (old) {
        const n = mergeEncodedInto(old, bytes, from, to, o.updateGeometry, skip); // first: it may grow mergedBytes
        store.updateEncoded(oid, mergedBytes(), log, n);
      } else {
        // a row kept by v8 (it holds an object), or a form that does
        const existing = store.rows.get(oid)!;
        const u = !odd ? decodeRow(bytes.subarray(from, to), store.rows.names) : ((odd[2] ?? odd[1]) as Row);
        for (const id of !odd || !odd[2] ? (skip ?? []) : []) delete u.attributes[store.rows.names.nameOf(id)];
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
    const row = encodedRow;
    row.bytes = bytes;
    row.start = b.offsets[3 * i];
    row.end = b.offsets[3 * i + 1];
    row.oidAt = b.oidAt[i];
    row.hashes = b.hashes;
    row.keyAt = i * b.uniqueFields;
    store.insertEncoded(row, log);
  }
  result.inserted++;
  result.recordCount++;
}

/** The row insertEncoded is given, filled anew for each row (no object a row). */
const encodedRow: EncodedRow = { bytes: Buffer.alloc(0), start: 0, end: 0, oidAt: 0, hashes: [], keyAt: 0 };
