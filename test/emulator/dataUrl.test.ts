import { strict as assert } from "node:assert";
import * as http from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Harness, eventually } from "./harness";
import { DATA_URL } from "../../spec/limits";

/** Byte i of a generated source file; no file is ever held whole anywhere. */
const byteAt = (i: number) => (i * 7 + 3) % 251;

function chunkOf(start: number, end: number): Buffer {
  const b = Buffer.alloc(end - start + 1);
  for (let i = 0; i < b.length; i++) b[i] = byteAt(start + i);
  return b;
}

/** A source server: serves a generated file of `size` bytes, counts range requests, fails chosen parts. */
class Source {
  server!: http.Server;
  ranges: string[] = [];
  plainGets = 0;
  inFlight = 0;
  maxInFlight = 0;
  /** range start → number of times to fail it before succeeding. */
  failures = new Map<number, number>();
  constructor(
    readonly size: number,
    readonly acceptRanges = true,
  ) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/files/source.bin`;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const headers: http.OutgoingHttpHeaders = { "content-type": "application/octet-stream" };
    if (this.acceptRanges) headers["accept-ranges"] = "bytes";
    if (req.method === "HEAD") {
      res.writeHead(200, { ...headers, "content-length": this.size }).end();
      return;
    }
    const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
    if (!m || !this.acceptRanges) {
      this.plainGets++;
      res.writeHead(200, { ...headers, "content-length": this.size });
      this.stream(res, 0, this.size - 1);
      return;
    }
    const [start, end] = [Number(m[1]), Number(m[2])];
    this.ranges.push(`${start}-${end}`);
    const left = this.failures.get(start) ?? 0;
    if (left > 0) {
      this.failures.set(start, left - 1);
      res.writeHead(500).end("injected part failure");
      return;
    }
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on("close", () => this.inFlight--);
    res.writeHead(206, { ...headers, "content-length": end - start + 1, "content-range": `bytes ${start}-${end}/${this.size}` });
    this.stream(res, start, end);
  }

  /** Writes [start, end] in 64 KB chunks with backpressure, slowly enough for parts to overlap. */
  private stream(res: http.ServerResponse, start: number, end: number): void {
    let pos = start;
    const pump = () => {
      while (pos <= end) {
        const stop = Math.min(end, pos + 65535);
        const ok = res.write(chunkOf(pos, stop));
        pos = stop + 1;
        if (!ok) return void res.once("drain", () => setImmediate(pump));
      }
      res.end();
    };
    pump();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

function expectedHash(size: number): string {
  const h = createHash("sha256");
  for (let s = 0; s < size; s += 1 << 20) h.update(chunkOf(s, Math.min(size, s + (1 << 20)) - 1));
  return h.digest("hex");
}

describe("emulator: dataUrl downloads (spec.md#item-fields dataUrl, spec.md#async-add, spec.md#limits range download)", () => {
  let h: Harness;
  let source: Source | undefined;
  before(async () => {
    h = await Harness.start({ jobDelayMs: 1 });
  });
  afterEach(async () => {
    await source?.close();
    source = undefined;
  });
  after(() => h.close());
  const t = () => h.token("dev_user");
  const addFromUrl = (url: string, extra: Record<string, string> = {}) => h.call("content/users/dev_user/addItem", { title: "Downloaded", type: "CSV", dataUrl: url, async: true, ...extra }, { token: t() });
  const settle = (id: string) =>
    eventually(async () => {
      const s = await h.call(`content/users/dev_user/items/${id}/status`, {}, { token: t() });
      return s.status === "processing" ? undefined : s;
    }, "the dataUrl add to settle", 2000);
  async function dataHash(id: string): Promise<string> {
    const res = await h.raw(`content/items/${id}/data`, {}, { token: t() });
    const hash = createHash("sha256");
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    return hash.digest("hex");
  }

  it("part 8: content of exactly 500 kb is fetched with one plain GET, no ranges", async () => {
    source = new Source(DATA_URL.rangeThresholdBytes);
    const r = await addFromUrl(await source.start());
    assert.equal((await settle(r.itemId)).status, "completed");
    assert.equal(source.ranges.length, 0);
    assert.equal(source.plainGets, 1);
    assert.equal(await dataHash(r.itemId), expectedHash(DATA_URL.rangeThresholdBytes));
  });

  it("part 8: content of 500 kb + 1 byte is fetched by range requests covering every byte once", async () => {
    source = new Source(DATA_URL.rangeThresholdBytes + 1);
    const r = await addFromUrl(await source.start());
    assert.equal((await settle(r.itemId)).status, "completed");
    assert.equal(source.plainGets, 0);
    assert.ok(source.ranges.length >= 1);
    const covered = source.ranges.map((x) => x.split("-").map(Number)).sort((a, b) => a[0] - b[0]);
    assert.equal(covered[0][0], 0);
    assert.equal(covered[covered.length - 1][1], DATA_URL.rangeThresholdBytes);
    for (let i = 1; i < covered.length; i++) assert.equal(covered[i][0], covered[i - 1][1] + 1);
    assert.equal(await dataHash(r.itemId), expectedHash(DATA_URL.rangeThresholdBytes + 1));
  });

  it("2.1: a source without byte ranges is fetched with one plain GET", async () => {
    source = new Source(3 * 1024 * 1024, false);
    const r = await addFromUrl(await source.start());
    assert.equal((await settle(r.itemId)).status, "completed");
    assert.equal(source.ranges.length, 0);
    assert.equal(source.plainGets, 1);
  });

  it("2.1: a large file is fetched by parallel range requests and merged in order", async function () {
    this.timeout(60_000);
    const size = 24 * 1024 * 1024 + 17;
    source = new Source(size);
    const r = await addFromUrl(await source.start());
    assert.equal((await settle(r.itemId)).status, "completed");
    assert.ok(source.ranges.length >= 4, `expected several parts, got ${source.ranges.length}`);
    assert.ok(source.maxInFlight >= 2, `expected parallel range requests, saw at most ${source.maxInFlight} at once`);
    assert.equal(await dataHash(r.itemId), expectedHash(size));
    assert.equal((await h.call(`content/items/${r.itemId}`, {}, { token: t() })).size, size);
  });

  it("2.1: a part that fails once is retried once and the item completes", async () => {
    const size = 4 * 1024 * 1024;
    source = new Source(size);
    source.failures.set(0, 1);
    const r = await addFromUrl(await source.start());
    assert.equal((await settle(r.itemId)).status, "completed");
    assert.equal(source.ranges.filter((x) => x.startsWith("0-")).length, 2, "part 1 requested twice");
    assert.equal(await dataHash(r.itemId), expectedHash(size));
  });

  it("2.1 / 3.2: a part that fails twice fails the item with a message; no item is created", async () => {
    const size = 4 * 1024 * 1024;
    source = new Source(size);
    source.failures.set(1024 * 1024, 2);
    const r = await addFromUrl(await source.start(), { itemIdToCreate: "d0000000000000000000000000000001" });
    const s = await settle(r.itemId);
    assert.equal(s.status, "failed");
    assert.match(s.statusMessage, /part 2 .* failed after 2 attempts/);
    assert.equal(source.ranges.filter((x) => x.startsWith(`${1024 * 1024}-`)).length, 2, "one retry, not more");
    assert.equal((await h.call("content/items/d0000000000000000000000000000001", {}, { token: t() })).error.code, 404);
  });

  it("2.1: all parts arrive before the item exists (manual stepping shows no item mid-download)", async () => {
    await h.control("jobs/mode", { kind: "dataUrl", mode: "manual" });
    try {
      source = new Source(2 * 1024 * 1024);
      const r = await addFromUrl(await source.start());
      assert.equal(source.ranges.length, 0, "nothing fetched before the job steps");
      await h.control(`jobs/${r.itemId}/step`); // the download
      assert.ok(source.ranges.length >= 2);
      assert.equal((await h.call(`content/items/${r.itemId}`, {}, { token: t() })).error.code, 404, "downloaded, not yet created");
      await h.control(`jobs/${r.itemId}/step`); // the item is created
      assert.equal((await h.call(`content/items/${r.itemId}`, {}, { token: t() })).id, r.itemId);
    } finally {
      await h.control("jobs/mode", { kind: "dataUrl", mode: "auto" });
    }
  });

  it("2.1: an unreachable source fails the add with a message", async () => {
    const r = await addFromUrl("http://127.0.0.1:9/missing.csv");
    const s = await settle(r.itemId);
    assert.equal(s.status, "failed");
    assert.match(s.statusMessage, /Unable to download dataUrl/);
  });

  it("2.1: a 200 MB download merges on disk: RSS grows far less than the file size", async function () {
    this.timeout(180_000);
    const size = 200 * 1024 * 1024;
    source = new Source(size);
    const url = await source.start();
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      const r = await addFromUrl(url);
      assert.equal((await settle(r.itemId)).status, "completed");
      assert.equal((await h.call(`content/items/${r.itemId}`, {}, { token: t() })).size, size);
    } finally {
      clearInterval(sampler);
    }
    const growth = peak - base;
    // the source, the emulator and this test share one process; whole-file buffering would add ≥ 200 MB
    assert.ok(growth < size / 2, `RSS grew by ${(growth / 1048576).toFixed(1)} MB while fetching ${size / 1048576} MB`);
    console.log(`      RSS growth while fetching 200 MB: ${(growth / 1048576).toFixed(1)} MB; parts: ${source.ranges.length}, at most ${source.maxInFlight} at once`);
  });
});
