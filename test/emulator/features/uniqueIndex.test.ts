// Issue 13: the unique index keeps hashes and object ids, not key strings (uniqueIndex.ts). Its
// answers must be a Map's: checked against a Map over thousands of random adds, removes and finds,
// with the real hash and with a hash that sends every key to one slot (every lookup a collision the
// row check must settle, every remove a backward shift through one long run).
import assert from "node:assert/strict";
import { hashKey, UniqueIndex } from "../../../emulator/features/model/uniqueIndex";

function exercise(index: UniqueIndex, ops: number, keySpace: number, seed: number): void {
  const model = new Map<string, number>(); // key → oid: the answer a Map gives
  const rowKey = new Map<number, string>(); // oid → the key its row holds (what `holds` reads)
  let state = seed;
  const rand = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n);
  let nextOid = 1;
  for (let i = 0; i < ops; i++) {
    const key = `k${rand(keySpace)}`;
    const found = index.find(key, (oid) => rowKey.get(oid) === key);
    assert.equal(found, model.get(key), `op ${i}: find ${key}`);
    if (found === undefined && rand(3) > 0) {
      const oid = nextOid++;
      index.add(key, oid);
      model.set(key, oid);
      rowKey.set(oid, key);
    } else if (found !== undefined) {
      index.remove(key, found);
      model.delete(key);
      rowKey.delete(found);
    }
    assert.equal(index.size, model.size);
  }
  for (const [key, oid] of model) assert.equal(index.find(key, (o) => rowKey.get(o) === key), oid);
}

describe("emulator: unique index without key strings (issue 13)", () => {
  it("answers as a Map does over random adds, removes and finds, through growth", () => {
    exercise(new UniqueIndex(), 60_000, 5_000, 7);
  });

  it("keys sharing one hash are told apart by their rows, and removal keeps every probe whole", () => {
    exercise(new UniqueIndex(() => 42), 4_000, 300, 11);
  });

  it("addIfAbsent adds a free key and names the row that holds a taken one, in one probe, as find + add would", () => {
    for (const index of [new UniqueIndex(), new UniqueIndex(() => 9)]) {
      const model = new Map<string, number>();
      const rowKey = new Map<number, string>();
      for (let i = 0; i < 3000; i++) {
        const key = `k${(i * 7919) % 1000}`;
        const got = index.addIfAbsent(key, i + 1, (oid) => rowKey.get(oid) === key);
        assert.equal(got, model.get(key), `${key} at ${i}`);
        if (got === undefined) {
          model.set(key, i + 1);
          rowKey.set(i + 1, key);
        }
      }
      assert.equal(index.size, model.size);
      for (const [key, oid] of model) assert.equal(index.find(key, (o) => rowKey.get(o) === key), oid);
    }
  });

  it("a remove names the id: another row under the same key hash keeps its entry", () => {
    const index = new UniqueIndex(() => 1);
    index.add("a", 1);
    index.add("b", 2);
    index.add("c", 3);
    index.remove("b", 2);
    assert.equal(index.size, 2);
    assert.equal(index.find("a", (oid) => oid === 1), 1);
    assert.equal(index.find("c", (oid) => oid === 3), 3, "the entry after the hole was shifted back, not lost");
    assert.equal(index.find("b", (oid) => oid === 2), undefined);
  });

  it("the hash is FNV-1a over UTF-16 code units", () => {
    assert.equal(hashKey(""), 0x811c9dc5);
    assert.equal(hashKey("a"), 0xe40c292c);
    assert.notEqual(hashKey("c1"), hashKey("c2"));
  });
});

describe("emulator: unique index ids beyond 32 bits (issue 13)", () => {
  it("an id that does not fit 32 bits widens the table; ids and keys hashing to 0 still answer", () => {
    const index = new UniqueIndex((k) => (k === "zero" ? 0 : hashKey(k)));
    index.add("zero", 1);
    index.add("small", 7);
    index.add("far", 5_000_000_000);
    index.add("negative", -3);
    for (let i = 0; i < 3000; i++) index.add(`k${i}`, 100 + i); // through growth, widened
    const ids: Record<string, number> = { zero: 1, small: 7, far: 5_000_000_000, negative: -3, k2999: 3099 };
    for (const [key, oid] of Object.entries(ids)) assert.equal(index.find(key, (o) => o === oid), oid, key);
    index.remove("far", 5_000_000_000);
    assert.equal(index.find("far", () => true), undefined);
    assert.equal(index.size, 3003);
  });
});
