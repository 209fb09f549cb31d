// How a file goes up (issue 28 scope 3), as pure functions: one request or multipart and the parts
// (their sizes), from the file's size alone (a resumed upload must cut the very parts an earlier
// run sent: upload.ts resumes by part number), and the parts in flight, from the measured throughput.
//
// The parts: about UPLOAD.targetParts of one size, except at both ends. The first
// UPLOAD.parallelParts parts and the last UPLOAD.maxParallelParts are a quarter of that size (at
// least the contract's 5 MB): the first ones finish sooner, so the parts in flight grow sooner;
// the last ones go out one per connection when the others are done or about to be, so the last
// wave drains in a quarter of a part's time instead of a whole one (lanes end up to a part's time
// apart). Only the constants and the size decide them, not the environment's parts in flight.
//
// Parallelism: a link that limits each connection (a WAN, a proxy, a portal's per-request rate)
// gives n parallel parts n times one part's rate; a link bound by its total bandwidth, or a
// machine bound by its CPU, gives them the same total. So the upload starts at UPLOAD.parallelParts
// parts in flight, measures the total rate (SAMPLES parts' median rate times the parts in flight),
// then doubles the parts in flight and measures again: it keeps doubling while the
// doubled parts bring at least SCALING of the linear gain, up to UPLOAD.maxParallelParts; when they
// do not, it goes back to the level before unless the gain was worth the connections (KEEP_GAIN),
// and stays there.
import { MULTIPART, UPLOAD, type UploadLimits } from "../../../spec/limits";

const MiB = 1024 * 1024;

/** Whether a file of `size` bytes goes in multipart mode. */
export const inParts = (size: number, limits: UploadLimits): boolean => size > limits.singleRequestMaxBytes;

/**
 * The part size for a file of `size` bytes: the fixed one when given, else about UPLOAD.targetParts
 * parts (whole MiB), within UPLOAD.minPartBytes–maxPartBytes; never below the contract's 5 MB
 * minimum nor so small that the file needs more than 10,000 parts.
 */
export function partBytesFor(size: number, limits: Pick<UploadLimits, "partBytes">): number {
  const fewest = Math.ceil(size / MULTIPART.maxParts);
  if (limits.partBytes !== undefined) return Math.max(limits.partBytes, MULTIPART.minPartBytes, fewest);
  const target = Math.ceil(size / UPLOAD.targetParts / MiB) * MiB;
  return Math.max(MULTIPART.minPartBytes, fewest, Math.min(UPLOAD.maxPartBytes, Math.max(UPLOAD.minPartBytes, target)));
}

/** The edge parts (the first UPLOAD.parallelParts and the last UPLOAD.maxParallelParts) are the part size divided by this. */
export const EDGE_DIVISOR = 4;

/**
 * The sizes of the parts of a file of `size` bytes, in order, from the size alone: every part
 * partBytesFor's size (the last one shorter) when the part size is fixed (PORTAL_UPLOAD_PART_BYTES)
 * or the file too small for the edges to leave a wave of whole parts between them; else smaller
 * parts at both ends (the module's header). Every part but the last is at least
 * MULTIPART.minPartBytes; never more than MULTIPART.maxParts parts; the sizes add up to `size`.
 */
export function partSizesFor(size: number, limits: Pick<UploadLimits, "partBytes">): number[] {
  const part = partBytesFor(size, limits);
  const uniform = (): number[] => {
    const sizes = Array<number>(Math.max(1, Math.ceil(size / part))).fill(part);
    sizes[sizes.length - 1] = size - part * (sizes.length - 1);
    return sizes;
  };
  if (limits.partBytes !== undefined) return uniform();
  const edge = Math.max(MULTIPART.minPartBytes, Math.floor(part / EDGE_DIVISOR / MiB) * MiB);
  const [head, tail] = [UPLOAD.parallelParts, UPLOAD.maxParallelParts];
  const middle = size - (head + tail) * edge;
  if (edge >= part || middle < tail * part) return uniform();
  const whole = Math.floor(middle / part);
  const mid = Array<number>(whole).fill(part);
  const rest = middle - whole * part;
  // a short remainder joins the middle's last part (no part but the file's last below 5 MB)
  if (rest >= MULTIPART.minPartBytes) mid.push(rest);
  else mid[whole - 1] += rest;
  if (head + mid.length + tail > MULTIPART.maxParts) return uniform();
  return [...Array<number>(head).fill(edge), ...mid, ...Array<number>(tail).fill(edge)];
}

/** A part sent: its bytes, how long its request took, and the parts in flight when it started. */
export interface PartSample {
  bytes: number;
  ms: number;
  level: number;
}

export interface Parallelism {
  /** Parts in flight now. */
  level: number;
  /** Done measuring: the level stays. */
  settled: boolean;
  /** The level measured before this one and its total rate (bytes/ms). */
  before?: { level: number; rate: number };
  /** Per-part rates (bytes/ms) of the parts started at this level. */
  rates: number[];
  max: number;
}

/** Parts measured at a level before the next step (fewer when fewer are in flight): a step per part time, not per wave. */
export const SAMPLES = 3;
/** The share of the linear gain a doubling must bring to double again. */
export const SCALING = 0.75;
/** The gain a doubling that scaled less must still bring to be kept. */
export const KEEP_GAIN = 1.4;

export function startParallelism(limits: Pick<UploadLimits, "parallelParts" | "maxParallelParts">, parts: number): Parallelism {
  const max = Math.max(1, Math.min(limits.maxParallelParts, parts));
  const level = Math.max(1, Math.min(limits.parallelParts, max));
  return { level, settled: level >= max, rates: [], max };
}

/** The parallelism after a part finished (a pure step; `sample.level` is the level it started at). */
export function nextParallelism(p: Parallelism, sample: PartSample): Parallelism {
  if (p.settled || sample.level !== p.level || !(sample.ms > 0)) return p;
  const rates = [...p.rates, sample.bytes / sample.ms];
  if (rates.length < Math.min(p.level, SAMPLES)) return { ...p, rates };
  // the total rate at this level: the median part's rate times the parts in flight
  const sorted = [...rates].sort((a, b) => a - b);
  const rate = sorted[Math.floor(sorted.length / 2)] * p.level;
  const b = p.before;
  if (b === undefined || rate >= b.rate * (1 + SCALING * (p.level / b.level - 1))) {
    if (p.level >= p.max) return { ...p, rates, settled: true };
    return { level: Math.min(p.max, p.level * 2), settled: false, before: { level: p.level, rate }, rates: [], max: p.max };
  }
  const keep = rate >= b.rate * KEEP_GAIN;
  return { level: keep ? p.level : b.level, settled: true, before: b, rates, max: p.max };
}
