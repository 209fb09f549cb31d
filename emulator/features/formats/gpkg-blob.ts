// GeoPackage geometry blobs (OGC 12-128r18 §2.1.3): "GP", version, flags, srs_id, optional
// envelope, then standard WKB.
import { SourceError } from "./source";
import { wkbToEsri } from "./geometry";
import type { Geometry } from "../model/types";

const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

export function geoPackageBlobToEsri(blob: Uint8Array): Geometry | null {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new SourceError("not a GeoPackage geometry blob");
  const flags = blob[3];
  const empty = (flags >> 4) & 1;
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 7];
  if (envelope === undefined) throw new SourceError(`GeoPackage blob has an invalid envelope indicator ${(flags >> 1) & 7}`);
  if (empty) return null;
  return wkbToEsri(blob.subarray(8 + envelope));
}
