// Item data of any size, streamed to disk (spec.md#design-uploads, the same for
// downloads): hashed as it passes, never held whole in memory. The first bytes are kept, so a JSON
// error envelope sent in place of the data (spec.md#gap-error-transport) is still recognised.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** An error envelope is far smaller than this; a longer body is data, whatever its type says. */
export const ENVELOPE_PEEK_BYTES = 64 * 1024;

/** What a download left on disk (the `saveTo` request option). */
export interface SavedData {
  /** Bytes written. */
  bytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The response's content type, when it sent one. */
  contentType?: string;
  /** The file name of the response's content-disposition, when it sent one. */
  fileName?: string;
}

export interface SavedBody {
  bytes: number;
  sha256: string;
  /** The first ENVELOPE_PEEK_BYTES bytes. */
  head: Buffer;
  /** True when `head` holds the whole body. */
  complete: boolean;
}

/** Streams `body` into `file` (created or truncated), hashing it on the way. */
export async function saveBody(body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream, file: string): Promise<SavedBody> {
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      if (headBytes < ENVELOPE_PEEK_BYTES) {
        const part = chunk.subarray(0, ENVELOPE_PEEK_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
      done(null, chunk);
    },
  });
  await pipeline(body, tap, createWriteStream(file));
  return { bytes, sha256: hash.digest("hex"), head: Buffer.concat(head), complete: bytes <= ENVELOPE_PEEK_BYTES };
}

/** `attachment; filename="a%20b.csv"` (or filename*=UTF-8''…) → "a b.csv". */
export function fileNameOf(disposition: unknown): string | undefined {
  if (typeof disposition !== "string") return undefined;
  const m = /filename\*=(?:UTF-8'')?([^;]+)|filename="([^"]*)"|filename=([^;]+)/i.exec(disposition);
  const raw = (m?.[1] ?? m?.[2] ?? m?.[3])?.trim();
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
