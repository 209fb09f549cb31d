// Where a CSV can be cut into pieces parsed apart (issue 28): a first pass over the bytes counts
// quote characters, so a piece boundary is a line break outside quotes (an even count before it),
// just past a target offset. A quoted field holding line breaks is never cut: its line breaks sit
// after an odd count. The pass is memchr-fast (Buffer indexOf) and holds one chunk at a time.
// The count is a guess that a strict parser confirms: in a file csv-parse reads without error
// (no relaxed quotes), every quote character opens, closes or escapes-and-is-escaped, so the guess
// is right; where it is wrong, the piece before the wrong boundary ends inside quotes and its
// parser fails there, and the caller falls back to one parse from the start (append/parallelCsv.ts).
// The line break is the file's record delimiter as csv-parse discovers it: the first line break
// outside quotes, "\n" or "\r\n" (a file of "\r" records is not cut).

export interface CsvSplit {
  /** Piece starts, the first 0; a piece ends where the next starts (the last at the end). */
  starts: number[];
  /** The record delimiter the pass found ("\n" or "\r\n"); undefined: no line break outside quotes. */
  recordDelimiter?: "\n" | "\r\n";
}

const CR = 0x0d, LF = 0x0a;

/** Fed the file's bytes in order, chunk by chunk; `result()` once all are in. */
export class BoundaryScanner {
  private offset = 0;
  private odd = false;
  private previous = -1;
  /** Where a "\r" ended the last chunk before the delimiter was known (-1: none). */
  private crAt = -1;
  private delimiter: "\n" | "\r\n" | "\r" | undefined;
  private readonly starts = [0];
  private target: number;

  /** `quote`: the quote byte; `pieceBytes`: the size a piece aims at. */
  constructor(private readonly quote: number, private readonly pieceBytes: number) {
    this.target = pieceBytes;
  }

  push(chunk: Buffer): void {
    if (this.crAt >= 0) this.settleCr(chunk);
    let pos = 0;
    while (pos < chunk.length) {
      if (this.delimiter === undefined) pos = this.discover(chunk, pos);
      else if (this.delimiter === "\r") pos = chunk.length;
      else if (this.offset + pos < this.target) pos = this.count(chunk, pos, Math.min(chunk.length, this.target - this.offset));
      else pos = this.cut(chunk, pos);
    }
    this.previous = chunk.length > 0 ? chunk[chunk.length - 1] : this.previous;
    this.offset += chunk.length;
  }

  result(): CsvSplit {
    const starts = this.starts.filter((s) => s < this.offset);
    if (this.delimiter !== "\n" && this.delimiter !== "\r\n") return { starts: [0] };
    return { starts: starts.length > 0 ? starts : [0], recordDelimiter: this.delimiter };
  }

  /** Quote parity over chunk[from, to). */
  private count(chunk: Buffer, from: number, to: number): number {
    for (let q = chunk.indexOf(this.quote, from); q !== -1 && q < to; q = chunk.indexOf(this.quote, q + 1)) this.odd = !this.odd;
    return to;
  }

  /** Up to the first line break outside quotes: it sets the record delimiter. */
  private discover(chunk: Buffer, pos: number): number {
    for (; pos < chunk.length; pos++) {
      const b = chunk[pos];
      if (b === this.quote) this.odd = !this.odd;
      else if (!this.odd && b === LF) return (this.delimiter = "\n"), pos + 1;
      else if (!this.odd && b === CR) {
        // "\r" at the chunk's end: the next chunk's first byte decides
        const next = pos + 1 < chunk.length ? chunk[pos + 1] : undefined;
        if (next === undefined) return this.pendingCr(pos);
        this.delimiter = next === LF ? "\r\n" : "\r";
        return next === LF ? pos + 2 : pos + 1;
      }
    }
    return pos;
  }

  /** A "\r" that ends a chunk: "\r" records unless the next chunk starts with "\n". */
  private pendingCr(pos: number): number {
    this.delimiter = "\r";
    this.crAt = this.offset + pos;
    return pos + 1;
  }

  private settleCr(next: Buffer): void {
    if (next.length > 0 && next[0] === LF) this.delimiter = "\r\n";
    this.crAt = -1;
  }

  /** From the target on: the first line break outside quotes ends the piece. */
  private cut(chunk: Buffer, pos: number): number {
    const lf = chunk.indexOf(LF, pos);
    const end = lf === -1 ? chunk.length : lf;
    this.count(chunk, pos, end);
    if (lf === -1) return chunk.length;
    const before = lf > 0 ? chunk[lf - 1] : this.previous;
    if (!this.odd && (this.delimiter === "\n" || before === CR)) {
      const start = this.offset + lf + 1;
      this.starts.push(start);
      this.target = start + this.pieceBytes;
    }
    return lf + 1;
  }
}

/** The split of a CSV read as `chunks`, or one piece when `quote` is not one ASCII character. */
export async function splitCsv(chunks: AsyncIterable<Buffer>, quote: string, pieceBytes: number): Promise<CsvSplit> {
  const q = quote.length === 1 ? quote.charCodeAt(0) : -1;
  if (q < 0 || q > 0x7f || q === CR || q === LF) return { starts: [0] };
  const scanner = new BoundaryScanner(q, pieceBytes);
  for await (const chunk of chunks) scanner.push(chunk);
  return scanner.result();
}
