// Issue 28: a large CSV appended in pieces (append/parallelCsv.ts): cut at record boundaries,
// parsed, converted and encoded by worker threads, applied in file order. Each case appends the same
// file into the same layer twice, in pieces (tiny pieces, so many boundaries) and in one parse (the
// reader as before), and wants the same outcome: result, messages or error, and the stored rows
// (global ids and edit dates aside, which are new each time).
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { appendToLayer, type AppendOptions } from "../../../emulator/features/append";
import { openCsvPieces } from "../../../emulator/features/append/parallelCsv";
import { openCsv } from "../../../emulator/features/formats/csv";
import type { AppendSourceInfo } from "../../../emulator/features/formats/source";
import { buildLayerData, buildLayerDef } from "../../../emulator/features/model/build";
import { trackedPointLayer, type LayerFixture } from "../../../emulator/features/model/fixtures";
import { FeatureLayer } from "../../../emulator/features/model/layer";
import type { FieldDef } from "../../../emulator/features/model/types";
import { storedDataOf } from "../../../emulator/storedData";

const FIELDS = [
  { name: "code", type: "esriFieldTypeString", length: 16 },
  { name: "note", type: "esriFieldTypeString", length: 64 },
  { name: "big", type: "esriFieldTypeInteger" },
] as const;

const base: AppendOptions = { upsert: false, useGlobalIds: false, skipInserts: false, skipUpdates: false, updateGeometry: true, truncate: false, rollbackOnFailure: false, applyDefaults: false, updateExtent: false };

function newLayer(fields: readonly FieldDef[] = FIELDS as unknown as FieldDef[]): FeatureLayer {
  const fixture = { ...trackedPointLayer("t", fields as never, "code"), rows: [] } as unknown as LayerFixture;
  const def = buildLayerDef(fixture, () => true);
  return new FeatureLayer(def, buildLayerData(def, []));
}

/** The stored rows, global ids and dates masked. */
function rowsOf(layer: FeatureLayer): unknown[] {
  return [...layer.data.store.rows.entries()].map(([oid, r]) => {
    const a = { ...r.attributes };
    for (const k of ["GlobalID", "CreationDate", "EditDate"]) if (k in a) a[k] = typeof a[k];
    return { oid, attributes: a, keys: Object.keys(r.attributes), geometry: r.geometry };
  });
}

describe("emulator: a CSV appended in pieces (issue 28)", function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "csv-pieces-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Appends `texts` one after another into one layer; returns each append's outcome and the rows at the end. */
  async function run(texts: string[], options: Partial<AppendOptions>, pieces: boolean, info: AppendSourceInfo = {}, fields?: readonly FieldDef[]) {
    const layer = newLayer(fields);
    const outcomes: unknown[] = [];
    for (const [i, text] of texts.entries()) {
      const p = path.join(dir, `${pieces}-${i}.csv`);
      fs.writeFileSync(p, text);
      const table = await openCsv(await storedDataOf([p]), "rows.csv", { appendSourceInfo: info, workDir: dir }, false).table(undefined);
      const o = { ...base, ...options, csvPieces: pieces ? { anySize: true, pieceBytes: 97, workers: 2 } : { pieceBytes: 1e12 } };
      try {
        outcomes.push(await appendToLayer(layer, table, { username: "u", bypassesOwnership: true }, o));
      } catch (e) {
        outcomes.push({ error: (e as Error).message });
      }
    }
    return { outcomes, rows: rowsOf(layer) };
  }

  async function same(texts: string[], options: Partial<AppendOptions> = {}, info: AppendSourceInfo = {}, fields?: readonly FieldDef[]) {
    const inPieces = await run(texts, options, true, info, fields);
    const oneParse = await run(texts, options, false, info, fields);
    assert.deepStrictEqual(inPieces, oneParse);
    return inPieces;
  }

  const lines = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i)).join("\n");
  const plain = (n: number, from = 0) => "code,note,big,latitude,longitude\n" + lines(n, (i) => `c${i + from},n ${i},${i},${(i % 80) + 0.5},${(i % 170) + 0.25}`) + "\n";

  it("plain rows: the same rows, ids and order; the file is cut into many pieces", async () => {
    const r = await same([plain(500)]);
    assert.equal((r.outcomes[0] as { inserted: number }).inserted, 500);
    const p = path.join(dir, "plain.csv");
    fs.writeFileSync(p, plain(500));
    const table = await openCsv(await storedDataOf([p]), "rows.csv", { appendSourceInfo: {}, workDir: dir }, false).table(undefined);
    const pieces = await openCsvPieces(newLayer(), table.csv!, { wkid: 4326 }, { username: "u", bypassesOwnership: true }, base, { anySize: true, pieceBytes: 97 });
    assert.ok(pieces && pieces.pieces > 100, `${pieces?.pieces} pieces`);
  });

  it("quoted fields holding line breaks and delimiters, a BOM, empty lines, CRLF: no piece is cut inside quotes", async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `c${i},"a, ""b""\r\n${"x".repeat(i % 40)}\nc",${i},1,2${i % 7 === 0 ? "\r\n" : ""}`);
    const text = "\uFEFFcode,note,big,latitude,longitude\r\n" + rows.join("\r\n") + "\r\n";
    const r = await same([text]);
    assert.equal((r.outcomes[0] as { inserted: number }).inserted, 300);
  });

  it("an error row in a later piece: the same row number and message (kept going, and rolled back)", async () => {
    const text = plain(400).replace("\nc300,n 300,300,", "\nc300,n 300,three hundred,").replace("\nc350,n 350,350,30.5,", "\nc350,n 350,350,north,");
    const kept = await same([text]);
    assert.deepStrictEqual((kept.outcomes[0] as { messages: string[] }).messages, ["row 301: field 'big': \"three hundred\" is not an integer between -2147483648 and 2147483647", 'row 351: coordinates "10.25", "north" in \'longitude\', \'latitude\' are not numbers']);
    const rolled = await same([plain(10, 9000), text], { rollbackOnFailure: true });
    assert.match((rolled.outcomes[1] as { error: string }).error, /^row 301: field 'big'/);
    assert.equal(rolled.rows.length, 10);
  });

  it("a structural error or a stray quote in a later piece: one parse reads on and reports it", async () => {
    const wide = await same([plain(300).replace("\nc250,", "\nc250,extra,")]);
    assert.match((wide.outcomes[0] as { error: string }).error, /^row 251 \(line 252\): Invalid Record Length/);
    const quote = await same([plain(300).replace("\nc270,n 270,", '\nc270,n "270",')]);
    assert.match((quote.outcomes[0] as { error: string }).error, /^row 271 \(line 272\): Invalid Opening Quote/);
    const unclosed = await same([plain(300) + 'c1,"open\n'], { rollbackOnFailure: true });
    assert.match((unclosed.outcomes[0] as { error: string }).error, /Quote Not Closed/);
  });

  it("upsert: rows matched across pieces (a code inserted in one piece and updated in a later one)", async () => {
    const again = "code,note,big,latitude,longitude\n" + lines(400, (i) => `c${(i * 7) % 250},u ${i},${i},${i % 80},${i % 170}`) + "\n";
    const r = await same([plain(200), again], { upsert: true, upsertMatchingField: "code" });
    assert.deepStrictEqual(r.outcomes[1], { recordCount: 400, inserted: 50, updated: 350, skipped: 0, messages: [] });
    const skipping = await same([plain(200), again], { upsert: true, upsertMatchingField: "code", skipUpdates: true, updateGeometry: false });
    assert.equal((skipping.outcomes[1] as { skipped: number }).skipped, 350);
    await same([plain(200), again.replace(/,\d+,\d+\n/g, ",,\n")], { upsert: true, upsertMatchingField: "code", updateGeometry: false });
  });

  it("a unique value taken in an earlier piece, and a failure in the last piece rolls back every piece", async () => {
    const dup = plain(300).replace("\nc280,", "\nc12,");
    const kept = await same([dup]);
    assert.deepStrictEqual((kept.outcomes[0] as { messages: string[] }).messages, ['row 281: field \'code\': value "c12" already exists (unique index)']);
    const rolled = await same([plain(5, 7000), dup], { rollbackOnFailure: true });
    assert.deepStrictEqual(rolled.outcomes[1], { error: 'row 281: field \'code\': value "c12" already exists (unique index)' });
    assert.equal(rolled.rows.length, 5);
  });

  it("a required field with no value refuses an insert, not an update; defaults fill in", async () => {
    const fields = [...FIELDS.map((f) => ({ ...f })), { name: "must", type: "esriFieldTypeString", nullable: false }, { name: "dflt", type: "esriFieldTypeInteger", defaultValue: 7 }] as unknown as FieldDef[];
    const withMust = "code,note,big,must,latitude,longitude\n" + lines(300, (i) => `c${i},n,${i},${i % 50 === 0 ? "" : "m"},1,2`) + "\n";
    const r = await same([withMust, withMust], { upsert: true, upsertMatchingField: "code", applyDefaults: true }, {}, fields);
    assert.equal((r.outcomes[0] as { messages: string[] }).messages.length, 6);
    assert.equal((r.outcomes[1] as { updated: number }).updated, 294);
    // no defaults: an update takes its values from the insert form, or, where the insert was refused, its own
    const noDefaults = await same([withMust, withMust], { upsert: true, upsertMatchingField: "code" }, {}, fields);
    assert.equal((noDefaults.outcomes[1] as { updated: number }).updated, 294);
  });

  it("records read from their values: a repeated column (its last value), a numeric name, named coordinate columns", async () => {
    const header = "code,big,note,2,big,LAT,y,Longitude,lat\n";
    const text = header + lines(300, (i) => `c${i},${i},n ${i},x,${i + 1},${(i % 80) + 0.5},0,${(i % 170) + 0.25},9`) + "\n";
    const geometry = (r: { rows: unknown[] }) => (r.rows[3] as { geometry: { x: number; y: number } }).geometry;
    const named = await same([text], {}, { latitudeFieldName: "y", longitudeFieldName: "LONGITUDE" });
    assert.equal((named.rows[0] as { attributes: { big: number } }).attributes.big, 1, "a repeated column takes its last value");
    assert.ok(Math.abs(geometry(named).y) < 1e-6, "latitudeFieldName 'y' (0°)");
    const found = await same([text]);
    assert.ok(geometry(found).y > 300_000 && geometry(found).y < 400_000, "the first latitude name in the record's order: LAT (3.5°), not lat (9°)");
    assert.equal(geometry(found).x, geometry(named).x);
    const none = await same([text], {}, { locationType: "none" });
    assert.equal((none.rows[3] as { geometry: unknown }).geometry, null);
    const missing = await same([text.replace("Longitude", "east")], {}, { locationType: "coordinates" });
    assert.match((missing.outcomes[0] as { error: string }).error, /coordinate columns not found/);
  });

  it("no geometry columns, another delimiter and qualifier", async () => {
    await same(["code;note;big\n" + lines(300, (i) => `c${i};'a;\nb ${i}';${i}`) + "\n"], {}, { columnDelimiter: ";", qualifier: "'" });
  });
});
