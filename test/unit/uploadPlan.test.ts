// The upload chooser (issue 28 scope 3; provider/resources/portalItem/uploadPlan.ts): one request or
// parts, and the part size, from the size alone, within the contract's 5 MB minimum part and 10,000
// parts (spec.md#gap-multipart); the parts in flight from the measured rate of the parts.
import assert from "node:assert/strict";
import { MULTIPART, UPLOAD, uploadLimits } from "../../spec/limits";
import { EDGE_DIVISOR, inParts, KEEP_GAIN, nextParallelism, partBytesFor, partSizesFor, startParallelism, type Parallelism } from "../../provider/resources/portalItem/uploadPlan";

const MiB = 1024 * 1024;
const shipped = uploadLimits({});
/** The controller's steps from three parts in flight (the shipped start is six; the steps are the same). */
const fromThree = { ...shipped, parallelParts: 3 };

/** The parallelism an upload of `parts` parts of 8 MiB reaches when a part started at level L takes `msAt(L)`. */
function simulate(parts: number, msAt: (level: number) => number): { levels: number[]; final: Parallelism } {
  let p = startParallelism(fromThree, parts);
  const levels = [p.level];
  for (let i = 0; i < parts; i++) {
    p = nextParallelism(p, { bytes: 8 * MiB, ms: msAt(p.level), level: p.level });
    if (p.level !== levels[levels.length - 1]) levels.push(p.level);
  }
  return { levels, final: p };
}

describe("unit: upload chooser (uploadPlan.ts)", () => {
  it("one request up to the threshold, parts above it; the environment's threshold wins", () => {
    assert.equal(inParts(UPLOAD.singleRequestMaxBytes, shipped), false);
    assert.equal(inParts(UPLOAD.singleRequestMaxBytes + 1, shipped), true);
    assert.equal(inParts(1, uploadLimits({ PORTAL_UPLOAD_SINGLE_MAX_BYTES: "0" })), true);
    assert.equal(inParts(300 * MiB, uploadLimits({ PORTAL_UPLOAD_SINGLE_MAX_BYTES: String(1024 * MiB) })), false);
  });

  it("part size from the size alone: about 64 parts, 8 to 64 MiB, never below 5 MB nor above 10,000 parts", () => {
    assert.equal(partBytesFor(64 * MiB, shipped), 8 * MiB);
    assert.equal(partBytesFor(256 * MiB, shipped), 8 * MiB);
    assert.equal(partBytesFor(512 * MiB, shipped), 8 * MiB);
    assert.equal(partBytesFor(1024 * MiB, shipped), 16 * MiB);
    assert.equal(partBytesFor(1000 * MiB, shipped), 16 * MiB, "whole MiB, rounded up");
    assert.equal(partBytesFor(8 * 1024 * MiB, shipped), 64 * MiB);
    for (const size of [1, 33 * MiB, 777 * MiB + 3, 5 * 1024 * MiB, 700 * 1024 * MiB, 2 * 1024 * 1024 * MiB]) {
      const part = partBytesFor(size, shipped);
      assert.ok(part >= MULTIPART.minPartBytes, `${size}: ${part}`);
      assert.ok(Math.ceil(size / part) <= MULTIPART.maxParts, `${size}: ${Math.ceil(size / part)} parts`);
      assert.equal(partBytesFor(size, shipped), part, "the same size cuts the same parts (resume)");
    }
  });

  it("a fixed part size (PORTAL_UPLOAD_PART_BYTES) is kept, raised to 5 MB and to what 10,000 parts need", () => {
    assert.equal(partBytesFor(1024 * MiB, uploadLimits({ PORTAL_UPLOAD_PART_BYTES: String(5 * MiB) })), 5 * MiB);
    assert.equal(partBytesFor(100 * MiB, uploadLimits({ PORTAL_UPLOAD_PART_BYTES: "1024" })), MULTIPART.minPartBytes);
    const huge = 100_000 * 5 * MiB;
    assert.equal(partBytesFor(huge, uploadLimits({ PORTAL_UPLOAD_PART_BYTES: String(5 * MiB) })), huge / MULTIPART.maxParts);
  });

  it("the parts: a quarter of the part size for the first six and the last twelve of a large file, the part size between", () => {
    const gib = partSizesFor(1024 * MiB, shipped);
    const edge = Math.max(MULTIPART.minPartBytes, (16 * MiB) / EDGE_DIVISOR);
    assert.equal(edge, 5 * MiB);
    assert.deepEqual(gib.slice(0, UPLOAD.parallelParts), Array(UPLOAD.parallelParts).fill(edge));
    assert.deepEqual(gib.slice(-UPLOAD.maxParallelParts), Array(UPLOAD.maxParallelParts).fill(edge));
    assert.deepEqual(gib, [...Array(6).fill(edge), ...Array(58).fill(16 * MiB), 6 * MiB, ...Array(12).fill(edge)]);
    // a remainder under 5 MB joins the middle's last part: 1020 MiB = 6 × 5 + 57 × 16 + 18 + 12 × 5
    assert.deepEqual(partSizesFor(1020 * MiB, shipped), [...Array(6).fill(edge), ...Array(57).fill(16 * MiB), 18 * MiB, ...Array(12).fill(edge)]);
    // 256 MiB: parts of 8 MiB, edges of 5 MiB, a 6 MiB remainder of its own
    assert.deepEqual(partSizesFor(256 * MiB, shipped), [...Array(6).fill(5 * MiB), ...Array(20).fill(8 * MiB), 6 * MiB, ...Array(12).fill(5 * MiB)]);
    // 8 GiB: parts of 64 MiB, edges of 16
    const eight = partSizesFor(8 * 1024 * MiB, shipped);
    assert.equal(eight[0], 16 * MiB);
    assert.equal(eight[eight.length - 1], 16 * MiB);
    assert.equal(eight[10], 64 * MiB);
    // too small for a wave of whole parts between the edges, or a fixed part size: every part the same
    assert.deepEqual(partSizesFor(64 * MiB, shipped), Array(8).fill(8 * MiB));
    assert.deepEqual(partSizesFor(100 * MiB + 7, shipped), [...Array(12).fill(8 * MiB), 4 * MiB + 7]);
    const fixed = uploadLimits({ PORTAL_UPLOAD_PART_BYTES: String(5 * MiB) });
    assert.deepEqual(partSizesFor(1024 * MiB, fixed), Array(205).fill(5 * MiB).map((b, i) => (i === 204 ? 1024 * MiB - 204 * 5 * MiB : b)));
  });

  it("the parts from the size alone: they add up to the file, none but the last under 5 MB, at most 10,000, the same for the same size (resume)", () => {
    const sizes = [0, 1, 33 * MiB, 186 * MiB, 190 * MiB + 1, 777 * MiB + 3, 1024 * MiB - 1, 5 * 1024 * MiB, 700 * 1024 * MiB, 10_000 * 64 * MiB, 10_000 * 64 * MiB + 1, 2 * 1024 * 1024 * MiB];
    for (let k = 1; k <= 40; k++) sizes.push(Math.floor((k * 7919 * MiB) / 13) + k);
    for (const size of sizes) {
      for (const limits of [shipped, uploadLimits({ PORTAL_UPLOAD_PARALLEL_PARTS: "2", PORTAL_UPLOAD_MAX_PARALLEL_PARTS: "40" })]) {
        const parts = partSizesFor(size, limits);
        assert.equal(parts.reduce((a, b) => a + b, 0), size, `${size}: the parts add up`);
        assert.ok(parts.slice(0, -1).every((b) => b >= MULTIPART.minPartBytes), `${size}: a part under 5 MB`);
        assert.ok(parts.length >= 1 && parts.length <= MULTIPART.maxParts, `${size}: ${parts.length} parts`);
        assert.deepEqual(partSizesFor(size, shipped), parts, `${size}: the same size cuts the same parts, whatever the parts in flight`);
      }
    }
  });

  it("a link that limits each connection: the parts in flight double while the rate follows, 3 → 6 → 12", () => {
    const { levels, final } = simulate(64, () => 700); // every part at one connection's rate, whatever the level
    assert.deepEqual(levels, [3, 6, 12]);
    assert.equal(final.settled, true);
  });

  it("a link or a machine bound in total: back to 3 once 6 brings nothing, and it stays", () => {
    const { levels, final } = simulate(64, (level) => 100 * level); // the total rate is the same at every level
    assert.deepEqual(levels, [3, 6, 3]);
    assert.equal(final.settled, true);
    assert.equal(final.level, 3);
  });

  it("a doubling that gains less than linear is kept when worth the connections, and ends the climb", () => {
    const gain = KEEP_GAIN + 0.05; // 6 parts bring 1.45× the rate of 3
    const { levels, final } = simulate(64, (level) => (level === 3 ? 300 : (300 * 2) / gain));
    assert.deepEqual(levels, [3, 6]);
    assert.equal(final.settled, true);
  });

  it("samples of parts started at another level are not mixed in; a few parts bound the level", () => {
    let p = startParallelism(fromThree, 40);
    for (let i = 0; i < 3; i++) p = nextParallelism(p, { bytes: 8 * MiB, ms: 500, level: 3 });
    assert.equal(p.level, 6);
    const before = p;
    p = nextParallelism(p, { bytes: 8 * MiB, ms: 1, level: 3 }); // a part of the old level ending late
    assert.deepEqual(p, before);
    assert.equal(startParallelism(shipped, 40).level, UPLOAD.parallelParts);
    assert.equal(startParallelism(uploadLimits({ PORTAL_UPLOAD_PARALLEL_PARTS: "2", PORTAL_UPLOAD_MAX_PARALLEL_PARTS: "4" }), 40).max, 4);
    assert.equal(startParallelism(shipped, 2).level, 2);
    assert.equal(startParallelism(shipped, 2).settled, true);
    assert.equal(startParallelism(shipped, 5).max, 5);
  });
});
