// Issue 13: the append undo log keeps no copy of the layer — inserts are the ids from the log's
// floor on, old versions of updated rows sit in a journal file — and rollback still restores the
// layer exactly (rows, ids, unique indexes), also after a truncate and with kept source ids.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { newUndoLog, RowStore } from "../../../emulator/features/model/store";

const row = (code: string, n: number, extra: Record<string, unknown> = {}) => ({ attributes: { code, n, ...extra }, geometry: { x: n, y: -n } });
const snapshot = (s: RowStore) => JSON.stringify([...s.rows].sort((a, b) => a[0] - b[0]));
const journals = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`emulator-undo-${process.pid}-`));

describe("emulator: append undo log (issue 13)", () => {
  function seeded(): RowStore {
    const s = new RowStore("OBJECTID", ["OBJECTID", "code"]);
    for (let i = 0; i < 50; i++) s.insert(row(`c${i}`, i, { blob: Buffer.from([i]) }));
    s.insert(row("plain", 77, { when: null })); // a row of plain values only (journalled as JSON)
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
    assert.equal(journals().length, 1, "the old rows are in a journal file");
    s.rollback(log);
    assert.equal(snapshot(s), before);
    assert.equal(s.findBy("code", "kept"), undefined);
    assert.equal(s.findBy("code", "c21"), 22); // ids start at 1
    assert.ok(Buffer.isBuffer(s.rows.get(22)!.attributes.blob), "values keep their type through the journal");
    assert.ok(s.nextObjectId >= next);
    assert.deepEqual(journals(), []);
  });

  it("rollback after a truncate brings the old rows and indexes back; release drops the journal", () => {
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
    assert.deepEqual(journals(), []);
    assert.equal(s.rows.get(1)!.attributes.n, 7);
  });
});
