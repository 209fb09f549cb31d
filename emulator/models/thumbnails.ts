// spec.md#item-fields thumbnails: PNG, GIF or JPEG; a file of at most 10 MB, a URL image of at most 1 MB.
// Retrieval at widths 200 (default), 400, 800 and 2400: other widths snap to the next larger one,
// and an original smaller than the width is returned as it is (no upscaling).
import * as fs from "node:fs";
import * as path from "node:path";
import { PNG } from "pngjs";
import * as jpeg from "jpeg-js";
import { request } from "undici";
import { ITEM } from "../../spec/limits";
import { badRequest } from "../errors";

export type ImageFormat = "png" | "gif" | "jpeg";

export function detectFormat(head: Buffer): ImageFormat | undefined {
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47) return "png";
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString("latin1"))) return "gif";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  return undefined;
}

/**
 * The most pixels an image may declare (issue 30: a 187 KB PNG of 8000×8000 decoded to 256 MB of
 * RGBA): 24 megapixels, ten times a 2400 px thumbnail at 1.5:1 (unconfirmed as a portal limit).
 */
export const MAX_THUMBNAIL_PIXELS = 24_000_000;

/** Width and height from the image's header, without decoding it; undefined when it has none we read. */
export function imageSize(data: Buffer): { width: number; height: number } | undefined {
  const format = detectFormat(data.subarray(0, 16));
  if (format === "png" && data.length >= 24) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (format === "gif" && data.length >= 10) return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (format !== "jpeg") return undefined;
  // JPEG: walk the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC)
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) return undefined;
    const marker = data[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = data.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: data.readUInt16BE(i + 7), height: data.readUInt16BE(i + 5) };
    i += 2 + length;
  }
  return undefined;
}

async function headOf(file: string, bytes = 16): Promise<Buffer> {
  const fd = await fs.promises.open(file, "r");
  try {
    const b = Buffer.alloc(bytes);
    const { bytesRead } = await fd.read(b, 0, bytes, 0);
    return b.subarray(0, bytesRead);
  } finally {
    await fd.close();
  }
}

/** Checks a thumbnail file (≤10 MB, PNG/GIF/JPEG) and stores it as info/thumbnail/<name>. */
export async function storeThumbnailFile(infoDir: string, source: string, name: string): Promise<string> {
  const size = (await fs.promises.stat(source)).size;
  if (size > ITEM.maxThumbnailFileBytes) throw badRequest(`The thumbnail is ${size} bytes; at most ${ITEM.maxThumbnailFileBytes} (10 MB).`);
  const head = await headOf(source, 64 * 1024);
  if (!detectFormat(head)) throw badRequest("The thumbnail must be a PNG, GIF or JPEG image.");
  const dims = imageSize(head);
  if (dims && dims.width * dims.height > MAX_THUMBNAIL_PIXELS) throw badRequest(`The thumbnail is ${dims.width}×${dims.height} pixels; at most ${MAX_THUMBNAIL_PIXELS / 1_000_000} megapixels.`);
  const dir = path.join(infoDir, "thumbnail");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const safe = path.basename(name).replace(/[^A-Za-z0-9._-]/g, "_") || "thumbnail";
  await fs.promises.rename(source, path.join(dir, safe));
  return `thumbnail/${safe}`;
}

/** spec.md#item-fields thumbnailUrl: fetched, at most 1 MB, PNG/GIF/JPEG. Written to `target`. */
export async function fetchThumbnailUrl(url: string, target: string): Promise<void> {
  let res;
  try {
    res = await request(url, { method: "GET", headersTimeout: 10_000, bodyTimeout: 10_000 });
  } catch (e) {
    throw badRequest(`Unable to fetch thumbnailUrl: ${(e as Error).message}`);
  }
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw badRequest(`Unable to fetch thumbnailUrl: HTTP ${res.statusCode}.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > ITEM.maxThumbnailUrlBytes) {
      res.body.destroy();
      throw badRequest(`The thumbnailUrl image is larger than ${ITEM.maxThumbnailUrlBytes} bytes (1 MB).`);
    }
    chunks.push(chunk);
  }
  const data = Buffer.concat(chunks);
  if (!detectFormat(data.subarray(0, 16))) throw badRequest("The thumbnailUrl image must be a PNG, GIF or JPEG image.");
  await fs.promises.writeFile(target, data);
}

/** spec.md#item-fields: the served width for a requested one (unparsable → the default 200). */
export function snapWidth(requested: string | undefined): number {
  const widths = ITEM.thumbnailWidths;
  const w = Number(requested);
  if (requested === undefined || !Number.isFinite(w) || w <= 0) return widths[0];
  return widths.find((x) => x >= w) ?? widths[widths.length - 1];
}

/** Returns the file to serve for `width`: the original when it is not wider, else a cached resize. */
export async function thumbnailAt(file: string, width: number, cacheDir: string): Promise<{ path: string; format: ImageFormat }> {
  const data = await fs.promises.readFile(file);
  const format = detectFormat(data.subarray(0, 16));
  if (!format) return { path: file, format: "png" };
  // GIF frames are not re-encoded: a GIF is always served as stored (docs/emulator.md)
  if (format === "gif") return { path: file, format };
  // an image that declares more pixels than the limit (a package's card may hold one) is never decoded
  const dims = imageSize(data.subarray(0, 64 * 1024));
  if (!dims || dims.width * dims.height > MAX_THUMBNAIL_PIXELS) return { path: file, format };
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = format === "png" ? PNG.sync.read(data) : jpeg.decode(data, { useTArray: true });
  } catch {
    return { path: file, format }; // an undecodable image is served as stored
  }
  if (image.width <= width) return { path: file, format };
  const cached = path.join(cacheDir, `${width}.${format}`);
  if (!fs.existsSync(cached)) {
    const height = Math.max(1, Math.round((image.height * width) / image.width));
    const out = resize(image.data, image.width, image.height, width, height);
    fs.mkdirSync(cacheDir, { recursive: true });
    const encoded = format === "png" ? PNG.sync.write(Object.assign(new PNG({ width, height }), { data: Buffer.from(out) })) : jpeg.encode({ data: out, width, height }, 85).data;
    await fs.promises.writeFile(cached, encoded);
  }
  return { path: cached, format };
}

/** Nearest-neighbour downscale of RGBA pixels. */
function resize(src: Uint8Array, w: number, h: number, nw: number, nh: number): Uint8Array {
  const out = new Uint8Array(nw * nh * 4);
  for (let y = 0; y < nh; y++) {
    const sy = Math.min(h - 1, Math.floor((y * h) / nh));
    for (let x = 0; x < nw; x++) {
      const sx = Math.min(w - 1, Math.floor((x * w) / nw));
      const s = (sy * w + sx) * 4;
      const d = (y * nw + x) * 4;
      out[d] = src[s];
      out[d + 1] = src[s + 1];
      out[d + 2] = src[s + 2];
      out[d + 3] = src[s + 3];
    }
  }
  return out;
}
