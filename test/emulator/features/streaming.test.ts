// Large inputs stream (spec.md#append, issue scope): the CSV reader hands out a row while the rest of
// the file has not been written yet, so it never needs the whole file in memory.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { openCsv } from "../../../emulator/features/formats/csv";
import { storedDataOf } from "../../../emulator/storedData";

describe("4.1 streaming sources", () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "stream-test-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("4.1: the CSV reader yields row 1 before the file is complete (a FIFO still open for writing)", async () => {
    const fifo = path.join(dir, "rows.csv");
    execFileSync("mkfifo", [fifo]);
    const dataset = openCsv(await storedDataOf([fifo]), "rows.csv", { appendSourceInfo: {}, workDir: dir });
    const rows = (await dataset.table(undefined)).rows()[Symbol.asyncIterator]();
    const first = rows.next();
    const writer = fs.createWriteStream(fifo);
    writer.write("code,big\nr1,1\nr2,2\n"); // csv-parse holds back the last record of what it has read
    const r1 = await first; // would never resolve if the reader waited for the end of the file
    assert.deepEqual(r1.value, { row: 1, attributes: { code: "r1", big: "1" }, geometry: null });
    const second = rows.next();
    writer.end("r3,3\n");
    assert.deepEqual((await second).value.attributes, { code: "r2", big: "2" });
    assert.deepEqual((await rows.next()).value.attributes, { code: "r3", big: "3" });
    assert.equal((await rows.next()).done, true);
  });
});
