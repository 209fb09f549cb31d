// The one reader of stored data (emulator/storedData.ts) over real segment files: the whole data and
// every byte range across segment boundaries equal the concatenated bytes; a zip split over
// segments opens by random access.
import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import AdmZip from "adm-zip";
import { openStoredZip, readStoredData, storedDataOf, storedSize } from "../../emulator/storedData";

async function collect(s: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe("emulator: stored data as ordered segments (storedData.ts)", () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-data-"))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Writes `whole` as segment files cut at `cuts`; returns their paths. */
  const split = (whole: Buffer, cuts: number[], tag: string) => {
    const bounds = [0, ...cuts, whole.length];
    return bounds.slice(0, -1).map((from, i) => {
      const p = path.join(dir, `${tag}-${i + 1}`);
      fs.writeFileSync(p, whole.subarray(from, bounds[i + 1]));
      return p;
    });
  };

  it("reads the whole data and any byte range across segment boundaries (an empty segment included)", async () => {
    const whole = randomBytes(3 * 1024 * 1024 + 17);
    const data = await storedDataOf(split(whole, [1024 * 1024, 1024 * 1024, 2 * 1024 * 1024 + 5], "r"));
    assert.equal(data.segments.length, 4);
    assert.equal(storedSize(data), whole.length);
    assert.ok((await collect(readStoredData(data))).equals(whole));
    const M = 1024 * 1024;
    for (const [start, end] of [[0, 4], [M - 3, M + 3], [M - 1, M], [M, M + 1], [2 * M, 2 * M + 5], [2 * M + 4, whole.length], [5, 3 * M], [whole.length - 1, whole.length], [M, M]]) {
      const got = await collect(readStoredData(data, { start, end }));
      assert.ok(got.equals(whole.subarray(start, end)), `bytes ${start}-${end}: got ${got.length} bytes`);
    }
    assert.ok((await collect(readStoredData(data, { start: 7 }))).equals(whole.subarray(7)));
  });

  it("a zip whose bytes span three segments opens and its entries read back (central directory in the last)", async () => {
    const zip = new AdmZip();
    const big = randomBytes(600_000);
    zip.addFile("a/big.bin", big);
    zip.addFile("a/small.txt", Buffer.from("small entry"));
    const bytes = zip.toBuffer();
    const data = await storedDataOf(split(bytes, [200_000, bytes.length - 40], "z"));
    const z = await openStoredZip(data);
    const entries = new Map<string, Buffer>();
    await new Promise<void>((resolve, reject) => {
      z.on("error", reject);
      z.on("end", () => resolve());
      z.on("entry", (e) =>
        z.openReadStream(e, (err, s) => {
          if (err || !s) return reject(err);
          collect(s).then((b) => {
            entries.set(e.fileName, b);
            z.readEntry();
          }, reject);
        }),
      );
      z.readEntry();
    });
    assert.ok(entries.get("a/big.bin")?.equals(big));
    assert.equal(entries.get("a/small.txt")?.toString(), "small entry");
  });
});
