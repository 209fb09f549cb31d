// Issue 13: the append undo log keeps no copy of the layer — inserts are the ids from the log's
// floor on, an updated row's old version stays in the row file (rowFile.ts) and the log keeps its
// record number — and rollback still restores the layer exactly (rows, ids, unique indexes, value
// types), also after a truncate and with kept source ids. No file is left behind.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { newUndoLog, RowStore } from "../../../emulator/features/model/store";

const row = (code: string, n: number, extra: Record<string, unknown> = {}) => ({ attributes: { code, n, ...extra }, geometry: { x: n, y: -n } });
const snapshot = (s: RowStore) => JSON.stringify([...s.rows].sort((a, b) => a[0] - b[0]));
const leftovers = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`emulator-undo-${process.pid}-`) || f.startsWith(`emulator-rows-${process.pid}-`));

describe("emulator: append undo log (issue 13)", () => {
  function seeded(): RowStore {
    const s = new RowStore("OBJECTID", ["OBJECTID", "code"]);
    for (let i = 0; i < 50; i++) s.insert(row(`c${i}`, i, { blob: Buffer.from([i]) }));
    s.insert(row("plain", 77, { when: null })); // a row of plain values only (encoded as JSON)
    s.rows.delete(10); // a free id below the floor
    return s;
  }

  it("rollback of inserts, updates (twice to one row), a kept source id and a far one restores the store", () => {
    const s = seeded();
    const before = snapshot(s);
    const next = s.nextObjectId;
    const log = newUndoLog();
    for (let i = 0; i < 30; i++) s.update(s.findBy("code", `c${i + 20}`)!, row(`c${i + 20}`, 1000 + i), log);
    s.update(s.findBy("code", "c21")!, row("c21", 9999), log);
    s.update(s.findBy("code", "plain")!, row("plain", 78, { when: 5 }), log);
    s.insert(row("new-a", 1), log);
    s.insert(row("kept", 2), log, 10);
    s.insert(row("far", 3), log, 5_000_000);
    s.insert(row("new-b", 4), log);
    assert.equal(log.updated.size, 31, "one record number per updated row (the first update of each)");
    assert.ok([...log.updated.values()].every((r) => Number.isInteger(r)), "record numbers, not rows");
    s.rollback(log);
    assert.equal(snapshot(s), before);
    assert.equal(s.findBy("code", "kept"), undefined);
    assert.equal(s.findBy("code", "c21"), 22); // ids start at 1
    assert.ok(Buffer.isBuffer(s.rows.get(22)!.attributes.blob), "values keep their type through the row file");
    assert.ok(s.nextObjectId >= next);
    assert.deepEqual(leftovers(), []);
  });

  it("rollback after a truncate brings the old rows and indexes back; release clears the log", () => {
    const s = seeded();
    const before = snapshot(s);
    const log = newUndoLog();
    s.truncate(log);
    s.insert(row("c1", 1), log);
    s.rollback(log);
    assert.equal(snapshot(s), before);
    assert.equal(s.findBy("code", "c1"), 2);

    const log2 = newUndoLog();
    s.update(1, row("c0", 7), log2);
    s.release(log2);
    assert.equal(log2.updated.size, 0);
    assert.deepEqual(leftovers(), []);
    assert.equal(s.rows.get(1)!.attributes.n, 7);
  });
});

describe("emulator: the row file (issue 13)", () => {
  it("a layer past the spill size keeps its rows on disk, reads them back in insertion order, and leaves no file", async () => {
    const { RowFile } = await import("../../../emulator/features/model/rowFile");
    const fds = () => fs.readdirSync("/proc/self/fd").length;
    const fdsBefore = fds();
    const f = new RowFile();
    const text = "x".repeat(300);
    const n = 80_000; // ~26 MB encoded: past the 16 MiB spill
    for (let i = 1; i <= n; i++) f.set(i, { attributes: { i, text }, geometry: { x: i, y: -i } });
    f.set(5, { attributes: { i: -5, text: "updated" }, geometry: null }); // keeps its place
    f.set(3, { attributes: { i: 3, when: new Date(7), blob: Buffer.from([1, 2]) }, geometry: null });
    assert.equal(f.size, n);
    const order = [...f.keys()];
    assert.deepEqual(order.slice(0, 6), [1, 2, 3, 4, 5, 6]);
    assert.equal(f.get(5)!.attributes.text, "updated");
    assert.ok(f.get(3)!.attributes.when instanceof Date && Buffer.isBuffer(f.get(3)!.attributes.blob));
    let seen = 0;
    for (const r of f.values()) if (r.attributes.text === text) seen++;
    assert.equal(seen, n - 2);
    assert.equal(f.get(n)!.attributes.i, n, "the last row, from the part still in memory or on disk");
    assert.equal(f.get(1234)!.attributes.i, 1234);
    const { bytes, inMemory } = f.usage;
    assert.ok(bytes > 20 * 1024 * 1024 && inMemory <= 1024 * 1024, `${bytes} bytes written, ${inMemory} held in memory: the rest is on disk`);
    assert.deepEqual(leftovers(), [], "the spilled file is unlinked at once");
    assert.equal(fds(), fdsBefore + 1, "one open file while spilled");
    f.close();
    f.close(); // layer views share a store: closing twice is harmless
    assert.equal(fds(), fdsBefore, "close gives the file back");
  });
});
