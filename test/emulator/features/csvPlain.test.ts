// Issue 28: a CSV piece without quotes or "\r" is split without csv-parse (formats/csvPlain.ts).
// Whatever it accepts must be exactly csv-parse's records (seeded random text over an alphabet of
// delimiters, line breaks, quotes, carriage returns, spaces and multi-byte characters), and it must
// decline the rest. Also the first pass that finds piece boundaries (formats/csvSplit.ts).
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { plainRecords } from "../../../emulator/features/formats/csvPlain";
import { BoundaryScanner } from "../../../emulator/features/formats/csvSplit";

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe("emulator: CSV pieces without csv-parse, and where pieces are cut (issue 28)", () => {
  it("plain pieces: csv-parse's records, for 3,000 random texts; quotes and \\r are declined", () => {
    const alphabet = ["a", "b", "1", " ", ",", ";", "\n", "\n", "\n\n", "é", "日本", "\uFEFF", '"', "\r"];
    const next = random(28);
    let accepted = 0;
    for (let t = 0; t < 3000; t++) {
      // even: no quote or "\r"; every fourth: ASCII only too (split as a string)
      const symbols = t % 4 === 0 ? alphabet.slice(0, 8) : t % 2 === 0 ? alphabet.slice(0, -2) : alphabet;
      const text = Array.from({ length: Math.floor(next() * 60) }, () => symbols[Math.floor(next() * symbols.length)]).join("");
      const delimiter = t % 3 === 0 ? ";" : ",";
      const bytes = Buffer.from(text);
      const fast = plainRecords(bytes, delimiter, '"');
      if (text.includes('"') || text.includes("\r")) {
        assert.equal(fast, undefined, JSON.stringify(text));
        continue;
      }
      assert.ok(fast);
      accepted++;
      const expected = parse(bytes, { bom: false, skip_empty_lines: true, delimiter, quote: '"', record_delimiter: "\n", relax_column_count: true }) as string[][];
      assert.deepStrictEqual([...fast], expected, JSON.stringify(text));
    }
    assert.ok(accepted > 1000);
    assert.equal(plainRecords(Buffer.from("a,b\n"), ",,", '"'), undefined);
    assert.equal(plainRecords(Buffer.from("a'b\n"), ",", "'"), undefined);
  });

  /** Piece starts for `text` fed in chunks of `chunk` bytes. */
  const cut = (text: string, pieceBytes: number, chunk = 3) => {
    const bytes = Buffer.from(text);
    const s = new BoundaryScanner(0x22, pieceBytes);
    for (let at = 0; at < bytes.length; at += chunk) s.push(bytes.subarray(at, at + chunk));
    return s.result();
  };

  it("cuts after a line break outside quotes, at or past each target", () => {
    assert.deepStrictEqual(cut("h\nab\ncd\nef\n", 4), { starts: [0, 5], recordDelimiter: "\n" });
    assert.deepStrictEqual(cut("h\nab\ncd\nef\ngh\n", 3), { starts: [0, 5, 11], recordDelimiter: "\n" });
    // a quoted field holding line breaks (and a doubled quote) across the target is not cut
    assert.deepStrictEqual(cut('h\n"a\n""\nb"\nc\nd\n', 3), { starts: [0, 11], recordDelimiter: "\n" });
    assert.deepStrictEqual(cut('h\n"a\n""\nb"\nc\nd\n', 3, 1), cut('h\n"a\n""\nb"\nc\nd\n', 3, 100));
  });

  it("CRLF records (also a \\r\\n across two chunks), and \\r records that are not cut", () => {
    assert.deepStrictEqual(cut("h\r\nab\r\n\"x\ny\"\r\ncd\r\n", 4, 2), { starts: [0, 7, 14], recordDelimiter: "\r\n" });
    assert.deepStrictEqual(cut("h\r\nab\ncd\r\nef\r\n", 4, 2), { starts: [0, 10], recordDelimiter: "\r\n" });
    assert.deepStrictEqual(cut("h\rab\rcd\ref\r", 2), { starts: [0] });
    assert.deepStrictEqual(cut('"h\na"\nb\n', 2).recordDelimiter, "\n");
  });
});
