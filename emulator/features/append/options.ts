// What an append is asked for and what it answers (spec.md#append), apart from append.ts so the
// modules it uses (the CSV pieces: parallelCsv.ts, prepared.ts) can name them.
import type { TimeReference } from "./dates";
import type { MappingOptions } from "./mapping";

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
  /** spec.md#append dateFieldsTimeReference (11.4+): how text dates without an offset are read. */
  timeReference?: TimeReference;
  /** How a large CSV is cut into pieces (tests cut small files: append/parallelCsv.ts). */
  csvPieces?: PieceOptions;
}

export interface AppendResult {
  recordCount: number;
  inserted: number;
  updated: number;
  skipped: number;
  /** Rows refused when rollbackOnFailure is false. */
  messages: string[];
}

/** How a CSV is cut into pieces (parallelCsv.ts). */
export interface PieceOptions {
  /** Worker threads (default: the cores, 2 to 4). */
  workers?: number;
  pieceBytes?: number;
  /** Split files below CSV_WORKER_MIN_BYTES too (tests). */
  anySize?: boolean;
}
