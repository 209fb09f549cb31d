// Issue 13: rows of plain values are stored in a binary form (model/rowCodec.ts) instead of JSON.
// What comes back must be exactly what the JSON round trip gave: checked on thousands of random
// rows (unicode text, long text, -0, NaN, Infinity, large and fractional numbers, booleans, nulls,
// undefined values, points, other geometries, a point with z) and through the row file itself.
import assert from "node:assert/strict";
import { decodeRow, encodedKey, KeyDictionary, mergedBytes, mergeEncoded, mergeEncodedInto, RowEncoder, sameEncodedKey } from "../../../emulator/features/model/rowCodec";
import { newGuid, normalizeGuid } from "../../../emulator/features/model/fields";
import { RowFile } from "../../../emulator/features/model/rowFile";
import type { Row } from "../../../emulator/features/model/types";

let state = 99;
const rand = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n);
const TEXTS = ["", "a", "label 42", "é", "日本語", "emoji 😀 here", '"quoted" \\ back\nline', "x".repeat(70_000)];
const NUMBERS = [0, -0, 1, -1, 0.1, 1e300, -2.5e-308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, NaN, Infinity, -Infinity, 1763900000000];

function randomValue(): unknown {
  switch (rand(6)) {
    case 0: return TEXTS[rand(TEXTS.length)];
    case 1: return NUMBERS[rand(NUMBERS.length)];
    case 2: return rand(2) === 0;
    case 3: return null;
    case 4: return undefined;
    default: return (rand(2_000_000) - 1_000_000) / 7;
  }
}

function randomGeometry(): Row["geometry"] {
  switch (rand(6)) {
    case 0: return null;
    case 1: return { x: randomNumber(), y: randomNumber() };
    case 2: return { x: 1, y: 2, z: 3 };
    case 3: return { paths: [[[1, 2], [3.5, -0]]] };
    case 4: return { x: NaN, y: 1 };
    default: return { rings: [[[0, 0], [1, 0], [1, 1], [0, 0]]], spatialReference: { wkid: 3857 } } as unknown as Row["geometry"];
  }
}
const randomNumber = () => NUMBERS[rand(NUMBERS.length)] as number;

function randomRow(): Row {
  const attributes: Record<string, unknown> = {};
  for (let i = 0, n = rand(12); i < n; i++) attributes[["OBJECTID", "code", "label", "big", "amount", "Creator", `f${rand(40)}`][rand(7)]] = randomValue();
  return { attributes, geometry: randomGeometry() };
}

describe("emulator: the binary row form gives what JSON gave (issue 13)", () => {
  it("5,000 random rows decode to their JSON round trip, key order included", () => {
    const keys = new KeyDictionary();
    const encoder = new RowEncoder(keys);
    for (let i = 0; i < 5000; i++) {
      const row = randomRow();
      const back = decodeRow(Buffer.from(encoder.encode(0x42, row)), keys);
      const viaJson = JSON.parse(JSON.stringify(row));
      assert.deepStrictEqual(back.attributes, viaJson.attributes, `row ${i}`);
      assert.deepStrictEqual(Object.keys(back.attributes), Object.keys(viaJson.attributes), `row ${i}: key order`);
      assert.deepStrictEqual(back.geometry, viaJson.geometry ?? null, `row ${i}: geometry`);
    }
  });

  it("the row file iterates in object id order, far, negative and fractional ids included (queries page by it)", () => {
    const f = new RowFile();
    for (const oid of [5, 9_000_000, 2, -7, 3.5, 1, 70_000, 0]) f.set(oid, { attributes: { oid }, geometry: null });
    f.delete(2);
    assert.deepEqual([...f.keys()], [-7, 0, 1, 3.5, 5, 70_000, 9_000_000]);
    assert.deepEqual([...f.values()].map((r) => r.attributes.oid), [-7, 0, 1, 3.5, 5, 70_000, 9_000_000]);
    f.close();
  });

  it("through the row file: many rows, updates and reads after a spill", () => {
    const f = new RowFile();
    const rows = new Map<number, Row>();
    for (let i = 1; i <= 3000; i++) {
      const row = randomRow();
      f.set(i, row);
      rows.set(i, JSON.parse(JSON.stringify(row)));
    }
    for (const [oid, row] of f) assert.deepStrictEqual(row.attributes, rows.get(oid)!.attributes, `oid ${oid}`);
    f.close();
  });

  it("issue 28: merged bytes decode to {...old, ...change} (names skipped, the geometry chosen); keys read and compared from the bytes", () => {
    const keys = new KeyDictionary();
    const encoder = new RowEncoder(keys);
    const plainNumber = (v: unknown) => typeof v !== "number" || Number.isFinite(v);
    /** An update from the same source as the insert: some of the old row's names, in its order (one pass), now and then one moved or one new (mergeAny). */
    const updateOf = (old: Row): Row => {
      const names = Object.keys(old.attributes).filter(() => rand(4) !== 0);
      if (rand(5) === 0 && names.length > 1) names.push(names.shift()!);
      if (rand(5) === 0) names.splice(rand(names.length + 1), 0, `f${rand(40)}`);
      const attributes: Record<string, unknown> = {};
      for (const n of names) attributes[n] = randomValue();
      return { attributes, geometry: randomGeometry() };
    };
    for (let i = 0; i < 6000; i++) {
      const old = randomRow(), change = i % 2 === 0 ? randomRow() : updateOf(old);
      const skip = ["Creator", "f1", "f2"].filter(() => rand(2) === 0);
      const newGeometry = rand(2) === 0;
      const a = Buffer.from(encoder.encode(0x42, old));
      const b = Buffer.from(encoder.encode(0x42, change));
      const mergedBytes_ = Buffer.from(mergeEncoded(a, b, newGeometry, skip.map((n) => keys.idOf(n))));
      const merged = decodeRow(mergedBytes_, keys);
      // the change read in place, inside a larger buffer (an append's batch)
      const padded = Buffer.concat([Buffer.from([9, 9, 9]), b, Buffer.from([7, 7])]);
      const n = mergeEncodedInto(a, padded, 3, 3 + b.length, newGeometry, skip.map((k) => keys.idOf(k)));
      assert.deepStrictEqual(Buffer.from(mergedBytes().subarray(0, n)), mergedBytes_, `row ${i}: merged in place`);
      const c = JSON.parse(JSON.stringify(change));
      for (const n of skip) delete c.attributes[n];
      const want = JSON.parse(JSON.stringify({ attributes: { ...decodeRow(a, keys).attributes, ...c.attributes } }));
      assert.deepStrictEqual(merged.attributes, want.attributes, `row ${i}`);
      assert.deepStrictEqual(Object.keys(merged.attributes), Object.keys(want.attributes), `row ${i}: key order`);
      const g = decodeRow(b, keys).geometry;
      assert.deepStrictEqual(merged.geometry, newGeometry && g ? g : decodeRow(a, keys).geometry, `row ${i}: geometry`);
      for (const name of ["code", "big"]) {
        const id = keys.idOf(name);
        const text = (v: unknown) => (v === null || v === undefined || v === "" ? undefined : String(v));
        const ka = name in old.attributes && old.attributes[name] !== undefined ? text(decodeRow(a, keys).attributes[name]) : undefined;
        assert.equal(encodedKey(a, id) ?? undefined, ka, `row ${i}: key of ${name}`);
        const kb = encodedKey(b, id);
        assert.equal(encodedKey(padded, id, 3), kb, `row ${i}: key of ${name} in place`);
        if (kb !== null && kb !== undefined && plainNumber(change.attributes[name])) {
          assert.equal(sameEncodedKey(a, b, id), ka === kb, `row ${i}: same key ${name}`);
          assert.equal(sameEncodedKey(a, padded, id, 3), ka === kb, `row ${i}: same key ${name} in place`);
        }
      }
    }
  });
});

describe("emulator: new global ids (issue 28: made from a pool of random bytes)", () => {
  it("braced upper-case version 4 GUIDs, each new, every digit used, the format normalizeGuid keeps", () => {
    const seen = new Set<string>();
    const digits = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const g = newGuid();
      assert.match(g, /^\{[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}$/);
      assert.equal(normalizeGuid(g), g);
      seen.add(g);
      for (const c of g.slice(25, 37)) digits.add(c);
    }
    assert.equal(seen.size, 5_000);
    assert.equal(digits.size, 16);
  });
});

describe("emulator: rows encoded one after another (RowEncoder add and take, issue 28)", () => {
  it("each row's bytes are encode's, the slot where slotAt says, and take starts again", () => {
    const keys = new KeyDictionary();
    for (const n of ["a", "b", "c", "oid"]) keys.idOf(n);
    const rows: Row[] = [
      { attributes: { a: "x", b: 1.5, c: null }, geometry: { x: 1, y: 2 } },
      { attributes: { b: "ü".repeat(60), a: true }, geometry: null },
      { attributes: { a: "y", b: -0, c: "z" }, geometry: { paths: [[[1, 2], [3, 4]]] } as never },
    ];
    const one = new RowEncoder(keys);
    const many = new RowEncoder(keys, 8); // grows
    const ends: number[] = [], slots: number[] = [];
    for (const r of rows) {
      many.add(0x42, r, "oid");
      ends.push(many.length);
      slots.push(many.slotAt);
    }
    const all = Buffer.from(many.take());
    assert.equal(many.length, 0);
    rows.forEach((r, i) => {
      const start = i === 0 ? 0 : ends[i - 1];
      const alone = Buffer.from(one.encode(0x42, r, "oid"));
      assert.deepStrictEqual(all.subarray(start, ends[i]), alone);
      assert.equal(slots[i] - start, one.slotAt);
    });
    assert.throws(() => new RowEncoder(KeyDictionary.frozen(["a"])).add(0x42, { attributes: { a: 1, q: 2 }, geometry: null }), /'q' is not in the layer's dictionary/);
  });
});
