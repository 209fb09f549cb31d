// Issue 13: a large CSV is parsed in a worker thread (formats/csvWorker.ts). Its rows, row numbers,
// located geometries and errors must be the in-thread reader's, for every dialect the reader takes:
// BOM, quoted fields with delimiters and line breaks, doubled quotes, empty lines, another delimiter
// and qualifier, bad coordinates, a structural error part way, a source split over several files.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { openCsv } from "../../../emulator/features/formats/csv";
import type { AppendSourceInfo, SourceRow } from "../../../emulator/features/formats/source";
import { storedDataOf } from "../../../emulator/storedData";

async function read(paths: string[], info: AppendSourceInfo, inWorker: boolean): Promise<{ rows: SourceRow[]; error?: string }> {
  const table = await openCsv(await storedDataOf(paths), "rows.csv", { appendSourceInfo: info, workDir: os.tmpdir() }, inWorker).table(undefined);
  const rows: SourceRow[] = [];
  try {
    for await (const r of table.rows()) rows.push(r);
  } catch (e) {
    return { rows, error: (e as Error).message };
  }
  return { rows };
}

describe("emulator: CSV parsed in a worker thread (issue 13)", function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "csv-worker-"))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };

  const cases: Array<[string, string, AppendSourceInfo]> = [
    ["quoted fields, BOM, empty lines, bad coordinates", '\uFEFFcode,note,latitude,longitude\n"a,1","two\nlines",10,20\n\nb,"say ""hi""",x,20\n' + Array.from({ length: 30_000 }, (_, i) => `r${i},n${i},${i % 80},${i % 170}`).join("\n") + "\n", {}],
    ["another delimiter and qualifier, no geometry", "code;label\n'x;y';1\n" + Array.from({ length: 5000 }, (_, i) => `c${i};'${i}'`).join("\n"), { columnDelimiter: ";", qualifier: "'", locationType: "none" }],
    ["a structural error part way", "code,big\n" + Array.from({ length: 20_000 }, (_, i) => `c${i},${i}`).join("\n") + "\nbad,1,2\nc,3\n", {}],
  ];
  for (const [name, text, info] of cases) {
    it(`${name}: the same rows and errors as the in-thread reader`, async () => {
      const p = file("rows.csv", text);
      const inThread = await read([p], info, false);
      const inWorker = await read([p], info, true);
      assert.ok(inThread.rows.length > 1000);
      assert.deepStrictEqual(inWorker, inThread);
    });
  }

  it("a source in several files (multipart parts) reads as one", async () => {
    const whole = "code,big\n" + Array.from({ length: 10_000 }, (_, i) => `c${i},${i}`).join("\n") + "\n";
    const parts = [whole.slice(0, 12_345), whole.slice(12_345, 50_000), whole.slice(50_000)].map((t, i) => file(`part${i}`, t));
    const inWorker = await read(parts, {}, true);
    assert.deepStrictEqual(inWorker, await read([file("whole.csv", whole)], {}, false));
    assert.equal(inWorker.rows.length, 10_000);
  });

  it("a consumer that stops early ends the worker (no thread is left running)", async () => {
    const p = file("rows.csv", "code,big\n" + Array.from({ length: 200_000 }, (_, i) => `c${i},${i}`).join("\n"));
    const handles = () => (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().filter((h) => (h as object).constructor?.name === "MessagePort" || (h as object).constructor?.name === "Worker").length;
    const before = handles();
    const table = await openCsv(await storedDataOf([p]), "rows.csv", { appendSourceInfo: {}, workDir: dir }, true).table(undefined);
    let seen = 0;
    for await (const _row of table.rows()) {
      if (seen === 0) assert.ok(handles() > before, "the worker is running while rows come");
      if (++seen === 5) break;
    }
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(handles(), before);
  });
});
