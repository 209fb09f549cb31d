// The records of a CSV piece that holds no quote character and no carriage return, split the way
// csv-parse splits them (issue 28): a record per "\n", a field per delimiter byte, each field the
// UTF-8 text of its bytes, empty lines left out. csv-parse reads such bytes one character at a time
// through its state machine (~2.8 µs a 6-field row); here Buffer.indexOf finds the breaks (~0.5 µs).
// Anything else (a quote, a "\r", a delimiter of more than one byte) is declined and csv-parse reads
// the piece: this is only ever the text csv-parse would give (test/emulator/features/csvPlain.test.ts
// checks it against csv-parse on random text).

import { isAscii } from "node:buffer";

const LF = 0x0a, CR = 0x0d;

/**
 * The records of `bytes` as csv-parse gives them with `columns: false`, `skip_empty_lines: true`,
 * no BOM, record delimiter "\n", the given one-character `delimiter` and `quote`; undefined when the
 * bytes are not that plain.
 */
export function plainRecords(bytes: Buffer, delimiter: string, quote: string): Iterable<string[]> | undefined {
  if (delimiter.length !== 1 || quote.length !== 1) return undefined;
  const d = delimiter.charCodeAt(0), q = quote.charCodeAt(0);
  if (d > 0x7f || q > 0x7f || d === LF || d === CR || d === q) return undefined;
  if (bytes.indexOf(q) !== -1 || bytes.indexOf(CR) !== -1) return undefined;
  // ASCII text splits as a string (String.prototype.split); other text field by field from the bytes
  return isAscii(bytes) ? asciiRecords(bytes.toString("latin1"), delimiter) : records(bytes, d);
}

function* asciiRecords(text: string, delimiter: string): Generator<string[]> {
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end > start) yield text.slice(start, end).split(delimiter);
    start = end + 1;
  }
}

function* records(bytes: Buffer, d: number): Generator<string[]> {
  const n = bytes.length;
  for (let start = 0; start < n; ) {
    let end = bytes.indexOf(LF, start);
    if (end === -1) end = n;
    if (end > start) {
      const fields: string[] = [];
      let from = start;
      for (let at = start; at < end; at++) {
        if (bytes[at] !== d) continue;
        fields.push(bytes.toString("utf8", from, at));
        from = at + 1;
      }
      fields.push(bytes.toString("utf8", from, end));
      yield fields;
    }
    start = end + 1;
  }
}
