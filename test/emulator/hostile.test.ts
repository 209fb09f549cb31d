// Issue 30: hostile input. Each case found by the seeded runs of the issue is a named regression
// test (each failed on the code before the fix), then a seeded fuzz run over every route the
// emulator registers (GET /__emulator/routes): no 5xx, envelopes only, no token echoed, the
// server still answering, bounded memory, other users' data untouched. A failure prints the seed.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { PNG } from "pngjs";
import AdmZip from "adm-zip";
import fc from "fast-check";
import { Harness } from "./harness";
import { defaultFixtures } from "../../emulator/fixtures";
import { pointLayer, service } from "./features/support";

const TOKEN_RE = /tok-[a-z]+_[a-z]+/;

/** Sends `request` as written on a fresh connection and returns all the server answers before it closes. */
function rawHttp(host: string, port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host, () => socket.write(request));
    let got = "";
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(request.slice(0, 60))}`)));
    socket.on("data", (d) => (got += d.toString("utf8")));
    socket.on("error", (e) => (got ? resolve(got) : reject(e)));
    socket.on("close", () => resolve(got));
  });
}

describe("emulator: hostile input (issue 30)", function () {
  this.timeout(120_000);
  let h: Harness;
  let tmp: string;
  const as = (user = "dev_admin") => ({ token: h.token(user) });

  before(async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ attributes: { code: `c${i}`, label: `station number ${i} of the line` }, geometry: { x: 1, y: 2 } }));
    h = await Harness.start({ jobDelayMs: 1, fixtures: { ...defaultFixtures(), services: [service("Stations", [pointLayer(0, { rows })])] } });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
  });
  after(async () => {
    await h.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("a LIKE pattern of many % answers within a second (no backtracking), and the server keeps answering", async () => {
    const url = `${h.emu.serviceUrl}/Stations/FeatureServer/0`;
    // five rows the pattern is matched against (a LIKE over no rows would prove nothing)
    assert.equal((await h.call(`${url}/query`, { where: "label LIKE '%station%'", outFields: "*" }, { ...as("dev_publisher"), method: "GET" })).features?.length, 5);
    const started = Date.now();
    const r = await h.call(`${url}/query`, { where: `label LIKE '${"%".repeat(30)}zzz'`, outFields: "*" }, { ...as("dev_publisher"), method: "GET" });
    assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
    assert.ok((Array.isArray(r.features) && r.features.length === 0) || r.error?.code === 400, JSON.stringify(r).slice(0, 200));
    assert.equal((await h.call("portals/self", {}, { ...as(), method: "GET" })).id, h.emu.portalId);
  });

  it("a where clause nested 10,000 brackets deep is a 400 naming the limit, not a stack overflow", async () => {
    const url = `${h.emu.serviceUrl}/Stations/FeatureServer/0/query`;
    const r = await h.call(url, { where: `${"(".repeat(10_000)}1=1${")".repeat(10_000)}` }, as("dev_publisher"));
    assert.equal(r.error?.code, 400, JSON.stringify(r).slice(0, 200));
    assert.match(r.error.message, /nested more than 64 levels/);
  });

  it("JSON nested 100,000 deep in a category schema is a 400 naming the parameter and the limit, not an internal error", async () => {
    const deep = `${'{"categorySchema":'.repeat(1)}${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const r = await h.call(`portals/${h.emu.portalId}/assignCategorySchema`, { categorySchema: deep }, as());
    assert.equal(r.error?.code, 400, JSON.stringify(r).slice(0, 300));
    assert.match(r.error.message, /'categorySchema' nests JSON arrays and objects more than 100 levels deep; at most 100/);
  });

  it("a category tree nested 5,000 levels deep is a 400 naming the limit", async () => {
    const tree = `${'{"title":"n","categories":['.repeat(5000)}{"title":"leaf"}${"]}".repeat(5000)}`;
    const r = await h.call(`portals/${h.emu.portalId}/assignCategorySchema`, { categorySchema: `{"categorySchema":[${tree}]}` }, as());
    assert.equal(r.error?.code, 400, JSON.stringify(r).slice(0, 300));
    assert.match(r.error.message, /more than 100 levels deep; at most 100/);
  });

  it("deeply nested JSON in an item's fields is refused at addItem and update (naming the field and the limit), so no item poisons the listings", async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const id = await h.addItem("dev_admin", { title: "Shallow", type: "Web Map", text: "{}" });
    for (const field of ["properties", "text", "advancedSettings", "listingProperties", "serviceProxyParams"]) {
      const added = await h.call("content/users/dev_admin/addItem", { title: `Deep ${field}`, type: "Web Map", ...(field === "text" ? { text: deep } : { text: "{}", [field]: deep }) }, as());
      assert.equal(added.error?.code, 400, `${field}: ${JSON.stringify(added).slice(0, 200)}`);
      assert.match(added.error.message, new RegExp(`'${field}' nests JSON arrays and objects more than 100 levels deep; at most 100`));
      const updated = await h.call(`content/users/dev_admin/items/${id}/update`, { [field]: deep }, as());
      assert.equal(updated.error?.code, 400, `${field}: ${JSON.stringify(updated).slice(0, 200)}`);
      assert.match(updated.error.message, /more than 100 levels deep; at most 100/);
    }
    // 100 levels are taken
    const ok = await h.call(`content/users/dev_admin/items/${id}/update`, { properties: `${'{"a":'.repeat(100)}1${"}".repeat(100)}` }, as());
    assert.equal(ok.success, true, JSON.stringify(ok).slice(0, 200));
    const search = await h.call("search", { q: "owner:dev_admin", num: 100 }, { ...as(), method: "GET" });
    assert.ok(Array.isArray(search.results) && search.results.some((r: { id: string }) => r.id === id), JSON.stringify(search).slice(0, 200));
    assert.ok(!search.results.some((r: { title: string }) => r.title.startsWith("Deep ")), "no deep item was stored");
    assert.ok(Array.isArray((await h.call("content/users/dev_admin", {}, { ...as(), method: "GET" })).items));
    assert.equal((await h.call(`content/items/${id}`, {}, { ...as(), method: "GET" })).id, id);
  });

  it("a package whose <vendor>info entries climb out with ../ is stored: those entries are skipped, as documented", async () => {
    const zip = new AdmZip();
    zip.addFile("esriinfo/iteminfo.xml", Buffer.from("<esri_ItemInformation><title>Card</title></esri_ItemInformation>"));
    zip.addFile("esriinfo/ok.txt", Buffer.from("fine"));
    const file = path.join(tmp, "slip.zip");
    zip.writeZip(file);
    // adm-zip normalizes names; rewrite one entry name in place to climb out
    const bytes = fs.readFileSync(file);
    const patched = Buffer.from(bytes.toString("latin1").split("esriinfo/ok.txt").join("esriinfo/../a.t"), "latin1");
    fs.writeFileSync(file, patched);
    const r = await h.call("content/users/dev_admin/addItem", { type: "Code Attachment", title: "Slip" }, { ...as(), files: { file: { path: file, filename: "slip.zip" } } });
    assert.equal(r.success, true, JSON.stringify(r));
    // the entry that climbs out is skipped (neither in the info folder nor beside it); the others are there
    const info = (rel: string) => fetch(`${h.emu.sharingUrl}/content/items/${r.id}/info/${rel}?f=json&token=${h.token("dev_admin")}`).then((res) => res.text());
    assert.match(await info("iteminfo.xml"), /<title>Card<\/title>/);
    for (const rel of ["a.t", "esriinfo/a.t", "..%2Fa.t"]) assert.match(await info(rel), /"code":404/, rel);
    // on disk: the emulator's data dir (the one holding this item) has no a.t anywhere; other
    // emulators' dirs (tests running beside this one) may go while they are read
    const filesUnder = (d: string): string[] => {
      try {
        return fs.readdirSync(d, { recursive: true }) as string[];
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw e;
      }
    };
    const dataDir = fs
      .readdirSync(os.tmpdir())
      .filter((d) => d.startsWith("portal-emulator-"))
      .map((d) => path.join(os.tmpdir(), d))
      .find((d) => filesUnder(d).some((f) => path.basename(f) === r.id));
    assert.ok(dataDir, "the item's folder is found");
    const files = fs.readdirSync(dataDir, { recursive: true }) as string[];
    assert.ok(files.some((f) => f.endsWith(path.join("info", "iteminfo.xml"))), files.join(", "));
    assert.deepEqual(files.filter((f) => path.basename(f) === "a.t"), [], "the entry that climbs out is not written");
  });

  it("an iteminfo.xml with a DOCTYPE is a 400", async () => {
    const zip = new AdmZip();
    zip.addFile("esriinfo/iteminfo.xml", Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><esri_ItemInformation><title>&e;</title></esri_ItemInformation>'));
    const file = path.join(tmp, "doctype.zip");
    zip.writeZip(file);
    const r = await h.call("content/users/dev_admin/addItem", { type: "Code Attachment", title: "Doctype" }, { ...as(), files: { file: { path: file, filename: "doctype.zip" } } });
    assert.equal(r.error?.code, 400);
    assert.match(r.error.message, /DOCTYPE/);
  });

  it("upload file names with a NUL byte, 300 characters or a path separator are a 400 naming the rule, showing no server path", async () => {
    const file = path.join(tmp, "plain.txt");
    fs.writeFileSync(file, "x");
    for (const [filename, rule] of [
      ["a\u0000b.txt", /NUL or control character/],
      [`${"n".repeat(300)}.txt`, /has 304 bytes; at most 255/],
      ["dir/a.txt", /path separator/],
      ["../../a.txt", /path separator/],
    ] as const) {
      const r = await h.call("content/users/dev_admin/addItem", { type: "Code Attachment", title: "Named" }, { ...as(), files: { file: { path: file, filename } } });
      assert.equal(r.error?.code, 400, JSON.stringify(r).slice(0, 200));
      assert.match(r.error.message, rule);
      assert.ok(!r.error.message.includes(os.tmpdir()), r.error.message);
    }
  });

  it("an info path `100%`, a bad %-escape and a 300-character segment get the envelope, without the token", async () => {
    const id = await h.addItem("dev_admin", { title: "Info", type: "Web Map", text: "{}" });
    for (const [route, rule] of [
      [`content/items/${id}/info/100%`, /./],
      ["content/items/%zz", /a % must be followed by two hexadecimal digits/],
      [`content/items/${"a".repeat(600)}`, /A path segment is longer than 512 characters/],
    ] as const) {
      const res = await fetch(`${h.emu.sharingUrl}/${route}?f=json&token=${h.token("dev_admin")}`);
      const text = await res.text();
      const body = JSON.parse(text);
      assert.ok(body.error && typeof body.error.code === "number" && Array.isArray(body.error.details), `${route}: ${text.slice(0, 200)}`);
      assert.match(body.error.message, rule, route.slice(0, 40));
      assert.ok(!TOKEN_RE.test(text), `${route} echoes the token: ${text.slice(0, 200)}`);
    }
  });

  it("framework-level refusals (a 20 KB query string, a malformed request, a bad header, a body of the wrong type) answer the envelope, without the token", async () => {
    const token = h.token("dev_admin");
    const envelope = (what: string, text: string) => {
      let body: { error?: { code?: unknown; message?: unknown; details?: unknown } };
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`${what}: not JSON: ${text.slice(0, 200)}`);
      }
      assert.ok(body.error && typeof body.error.code === "number" && typeof body.error.message === "string" && Array.isArray(body.error.details), `${what}: ${text.slice(0, 200)}`);
      assert.ok(!text.includes(token), `${what} echoes the token`);
      return body.error;
    };
    const long = await fetch(`${h.emu.sharingUrl}/portals/self?f=json&token=${token}&q=${"x".repeat(20_000)}`);
    assert.match(envelope("20 KB query", await long.text()).message as string, /larger than 16 KB/);
    const { hostname, port } = new URL(h.emu.url);
    for (const [what, head] of [
      ["malformed request line", `GET /sharing/rest/portals/self?token=${token} HTTP/9\r\n\r\n`],
      ["bad header character", `GET /sharing/rest/portals/self?token=${token} HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n`],
      ["bad Content-Length", `POST /sharing/rest/portals/self HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\ntoken=${token}`],
    ]) {
      const raw = await rawHttp(hostname.replace(/^\[|\]$/g, ""), Number(port), head);
      const split = raw.indexOf("\r\n\r\n");
      assert.ok(split > 0, `${what}: ${raw.slice(0, 200)}`);
      envelope(what, raw.slice(split + 4));
    }
    for (const [what, type, body] of [
      ["XML body", "text/xml", `<token>${token}</token>`],
      ["invalid JSON body", "application/json", `{"token":"${token}"`],
      ["empty JSON body", "application/json", ""],
    ]) {
      const res = await fetch(`${h.emu.sharingUrl}/portals/self?f=json`, { method: "POST", headers: { "content-type": type }, body });
      envelope(what, await res.text());
    }
  });

  /**
   * A blank 8000×8000 PNG, 249 KB: encoded once for the two tests below, with no per-row filter
   * search (the same bytes as pngjs's adaptive filtering gives for blank rows, 6× sooner).
   */
  let bombPng: Buffer | undefined;
  const pngBomb = () => (bombPng ??= PNG.sync.write(new PNG({ width: 8000, height: 8000 }), { deflateLevel: 9, filterType: 0 }));

  it("a small PNG that declares 8000×8000 pixels is refused as a thumbnail (no 256 MB decode)", async () => {
    const file = path.join(tmp, "bomb.png");
    fs.writeFileSync(file, pngBomb());
    const before = process.memoryUsage().rss;
    const r = await h.call("content/users/dev_admin/addItem", { type: "Web Map", title: "Bomb", text: "{}" }, { ...as(), files: { thumbnail: { path: file, filename: "bomb.png" } } });
    assert.equal(r.error?.code, 400);
    assert.match(r.error.message, /8000×8000 pixels; at most 24 megapixels/);
    assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, "no full decode");
  });

  it("a package card's 8000×8000 thumbnail is served as stored at ?w=200, never decoded", async () => {
    const zip = new AdmZip();
    zip.addFile("esriinfo/iteminfo.xml", Buffer.from("<esri_ItemInformation><title>Card</title><thumbnail>bomb.png</thumbnail></esri_ItemInformation>"));
    const bomb = pngBomb();
    zip.addFile("esriinfo/bomb.png", bomb);
    const file = path.join(tmp, "card.zip");
    zip.writeZip(file);
    const r = await h.call("content/users/dev_admin/addItem", { type: "Code Attachment", title: "Card" }, { ...as(), files: { file: { path: file, filename: "card.zip" } } });
    assert.equal(r.success, true, JSON.stringify(r));
    const before = process.memoryUsage().rss;
    const res = await fetch(`${h.emu.sharingUrl}/content/items/${r.id}/info/bomb.png?w=200&token=${h.token("dev_admin")}`);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(body.length, bomb.length, "the stored bytes, not a resize");
    assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024, "no decode");
  });

  it("fuzz: seeded requests over every registered route answer the envelope or data, never 5xx, never the token, in bounded time; others' data untouched", async function () {
    this.timeout(180_000);
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const runs = Number(process.env.FUZZ_RUNS ?? 3000);
    /** Every request is answered within this long (the server's own bound is 60 s; none of these should come near). */
    const perRequestMs = 5_000;
    process.stdout.write(`      fuzz seed ${seed} (replay: FUZZ_SEED=${seed}), ${runs} requests\n`);
    const routes: Array<{ method: string; url: string }> = ((await (await fetch(`${h.emu.controlUrl}/routes`)).json()) as { routes: Array<{ method: string; url: string }> }).routes;
    assert.ok(routes.length > 60, `${routes.length} routes`);
    const victim = await h.addItem("dev_user", { title: "Untouchable", type: "Web Map", text: '{"a":1}' });
    const mine = await h.addItem("dev_publisher", { title: "Target", type: "Web Map", text: "{}" });
    // another user's listing, as that user sees it: compared whole after the run
    const listing = async () => {
      const r = await h.call("content/users/dev_user", { num: 100 }, { token: h.token("dev_user"), method: "GET" });
      return (r.items as Array<Record<string, unknown>>).map((i) => ({ id: i.id, title: i.title, modified: i.modified, access: i.access, tags: i.tags, properties: i.properties }));
    };
    const othersBefore = await listing();
    const values = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", "true", "[]", "{}", "%", "%%%%", "../../etc/passwd", "\u0000", "a".repeat(2000), "[[[[[[[[[[", "1=1", "name LIKE '%%%%%%%%%%%%%%%%%%x'", victim, mine, "dev_user", "/", `${"[".repeat(300)}${"]".repeat(300)}`),
      fc.json({ maxDepth: 4 }),
    );
    // path segments as sent on the wire: bad %-escapes, NUL, over-long segments, dot segments, plus the ids that reach real objects
    const rawSegment = fc.constantFrom("%zz", "%", "%e0%a4", "%00", "a%00b", "%2e%2e", "..", "x".repeat(600), "%ff%fe", "100%", "%25");
    const segment = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(victim, mine, "dev_user", "dev_publisher", "self", h.emu.portalId, "0", "Stations", "%41", "x".repeat(40)) },
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
      { weight: 2, arbitrary: rawSegment },
    );
    const fileName = fc.constantFrom("a.txt", "a\u0000b.txt", `${"n".repeat(300)}.txt`, "../../x.txt", "..", "thumb.png", "c:\\x\\y.zip", "");
    const request = fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(segment, { minLength: 6, maxLength: 6 }),
      fields: fc.dictionary(fc.constantFrom("title", "type", "text", "folder", "groups", "users", "admins", "where", "q", "items", "targetUsername", "targetFolderName", "categorySchema", "access", "num", "start", "w", "f", "edits", "status", "everyone", "properties"), values, { maxKeys: 5 }),
      // how the fields travel: the query string (GET), a form body, multipart with a file, or a query string over 16 KB
      shape: fc.constantFrom("form", "form", "multipart", "huge-query"),
      file: fc.record({ field: fc.constantFrom("file", "thumbnail", "metadata"), name: fileName, bytes: fc.uint8Array({ maxLength: 64 }) }),
    });
    const samples = fc.sample(request, { seed, numRuns: runs });
    const deadline = Date.now() + 150_000;
    let sent = 0;
    const seen: Record<string, number> = {};
    for (const s of samples) {
      if (Date.now() > deadline) break;
      let i = 0;
      const url = s.route.url.replace(/:\w+|\*/g, () => s.params[i++ % s.params.length]).replace(/^\/sharing\/rest/, "");
      const full = url.startsWith("/arcgis") ? `${new URL(h.emu.serviceUrl).origin}${url}` : `${h.emu.sharingUrl}${url}`;
      const fields = new URLSearchParams({ f: "json", token: h.token("dev_publisher") });
      for (const [k, v] of Object.entries(s.fields)) fields.set(k, typeof v === "string" ? v : JSON.stringify(v));
      const shape = s.route.method === "GET" ? (s.shape === "huge-query" ? "huge-query" : "query") : s.shape === "huge-query" ? "huge-query" : s.shape;
      seen[shape] = (seen[shape] ?? 0) + 1;
      const signal = AbortSignal.timeout(perRequestMs * 2);
      const started = Date.now();
      let res: Response;
      if (shape === "query") res = await fetch(`${full}?${fields}`, { signal });
      else if (shape === "huge-query") {
        fields.set("q", "q".repeat(17_000));
        res = await fetch(`${full}?${fields}`, { method: s.route.method, signal });
      } else if (shape === "multipart") {
        const form = new FormData();
        for (const [k, v] of fields) form.append(k, v);
        form.append(s.file.field, new Blob([s.file.bytes]), s.file.name);
        res = await fetch(full, { method: "POST", body: form, signal });
      } else res = await fetch(full, { method: "POST", body: fields, signal });
      const text = await res.text();
      const took = Date.now() - started;
      sent++;
      const what = `seed ${seed}: ${s.route.method} ${url} (${shape})`;
      assert.ok(took < perRequestMs, `${what} took ${took} ms`);
      assert.ok(res.status < 500, `${what} → HTTP ${res.status} ${text.slice(0, 200)}`);
      assert.ok(!text.includes(h.token("dev_publisher")) || /^\{"token"/.test(text), `${what} echoes the token`);
      // envelopes only: every non-2xx answer, and every JSON answer that carries an error, is the contract's envelope
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const isError = res.status >= 300 || (json !== null && typeof json === "object" && "error" in json);
      if (isError) {
        const e = (json as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
        assert.ok(e && typeof e.code === "number" && e.code !== 500 && typeof e.message === "string" && Array.isArray(e.details), `${what}: not the envelope: HTTP ${res.status} ${text.slice(0, 200)}`);
        assert.ok(!(e.message as string).includes(os.tmpdir()), `${what} shows a server path: ${e.message}`);
      }
    }
    process.stdout.write(`      ${sent} requests sent (${Object.entries(seen).map(([k, n]) => `${k} ${n}`).join(", ")})\n`);
    const still = await h.call(`content/items/${victim}/data`, {}, { token: h.token("dev_user"), method: "GET" }).catch(() => undefined);
    assert.deepEqual(still, { a: 1 }, "another user's item is untouched");
    assert.deepEqual(await listing(), othersBefore, `seed ${seed}: another user's listing changed`);
    assert.ok(process.memoryUsage().rss < 1.5 * 1024 * 1024 * 1024, "memory bounded");
  });
});

describe("emulator: a wall-clock bound per request (issue 30)", function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => {
    h = await Harness.start({ jobDelayMs: 1, requestTimeoutMs: 300 });
  });
  after(async () => h.close());

  it("a request slower than the bound is answered with a 504 in the envelope at the bound, and the server keeps answering", async () => {
    await h.control("faults", { latencyMs: 1000, paths: "portals/self$" });
    const started = Date.now();
    const r = await h.call("portals/self", {}, { token: h.token("dev_admin"), method: "GET" });
    const took = Date.now() - started;
    assert.equal(r.error?.code, 504, JSON.stringify(r));
    assert.match(r.error.message, /took longer than 0.3 s/);
    assert.ok(took >= 290 && took < 2000, `answered after ${took} ms`);
    // while that request's work is still pending, others are answered
    assert.ok((await h.call("community/self", {}, { token: h.token("dev_admin"), method: "GET" })).username);
    await h.control("faults", undefined, "DELETE");
    // the cut-off request's work ends later and finds its answer sent: nothing breaks
    await new Promise((r) => setTimeout(r, 900));
    assert.equal((await h.call("portals/self", {}, { token: h.token("dev_admin"), method: "GET" })).id, h.emu.portalId);
  });

  it("an upload whose body arrives slower than the bound is not cut: the bound counts from the end of the body", async () => {
    const boundary = "----hostile";
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\njson\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${h.token("dev_admin")}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nCode Attachment\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      "a".repeat(1000),
      "b".repeat(1000),
      "c".repeat(1000),
      `\r\n--${boundary}--\r\n`,
    ];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = parts.shift();
        if (next === undefined) return controller.close();
        await new Promise((r) => setTimeout(r, 150));
        controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const started = Date.now();
    const res = await fetch(`${h.emu.sharingUrl}/content/users/dev_admin/addItem`, { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, duplex: "half" } as RequestInit);
    const r = (await res.json()) as { success?: boolean };
    assert.ok(Date.now() - started > 1000, "the body took longer than the bound");
    assert.equal(r.success, true, JSON.stringify(r));
  });
});
