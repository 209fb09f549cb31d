import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { PNG } from "pngjs";
import * as jpeg from "jpeg-js";
import AdmZip from "adm-zip";
import { Harness } from "./harness";
import { ITEM } from "../../spec/limits";

function png(width: number, height: number): Buffer {
  const img = new PNG({ width, height });
  img.data.fill(200);
  return PNG.sync.write(img);
}
const widthOf = (b: Buffer) => (b[0] === 0x89 ? PNG.sync.read(b).width : jpeg.decode(b).width);
const GIF = Buffer.from("474946383961010001000000002c00000000010001000002003b", "hex");

describe("emulator: thumbnails, metadata and package item info (spec.md#item-fields, spec.md#limits)", () => {
  let h: Harness;
  let dir: string;
  let imageServer: http.Server;
  let imageBase: string;
  before(async () => {
    h = await Harness.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-media-"));
    const big = Buffer.concat([png(10, 10), Buffer.alloc(ITEM.maxThumbnailUrlBytes)]);
    const exact = Buffer.concat([png(10, 10)]);
    const padded = Buffer.concat([exact, Buffer.alloc(ITEM.maxThumbnailUrlBytes - exact.length)]);
    imageServer = http.createServer((req, res) => {
      const body = req.url === "/big.png" ? big : req.url === "/exact.png" ? padded : req.url === "/text.png" ? Buffer.from("not an image") : png(300, 200);
      res.writeHead(200, { "content-type": "image/png" }).end(body);
    });
    await new Promise<void>((r) => imageServer.listen(0, "127.0.0.1", r));
    imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  });
  after(async () => {
    await h.close();
    await new Promise((r) => imageServer.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const t = () => h.token("dev_user");
  const addWith = (files: Record<string, { data?: Buffer; path?: string; filename: string }>, fields: Record<string, string> = {}) =>
    h.call("content/users/dev_user/addItem", { title: "M", type: "Web Map", text: "{}", ...fields }, { token: t(), files });
  async function thumb(id: string, w?: number): Promise<{ status: number; body: Buffer; type: string | null }> {
    const item = await h.call(`content/items/${id}`, {}, { token: t() });
    const res = await h.raw(`content/items/${id}/info/${item.thumbnail}`, w === undefined ? {} : { w }, { token: t(), method: "GET" });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") };
  }

  it("2.1: widths 200 (default), 400, 800, 2400; other widths snap up; no upscaling", async () => {
    const r = await addWith({ thumbnail: { data: png(1000, 667), filename: "t.png" } });
    assert.equal((await h.call(`content/items/${r.id}`, {}, { token: t() })).thumbnail, "thumbnail/t.png");
    assert.equal(widthOf((await thumb(r.id)).body), 200);
    assert.equal(widthOf((await thumb(r.id, 200)).body), 200);
    assert.equal(widthOf((await thumb(r.id, 201)).body), 400);
    assert.equal(widthOf((await thumb(r.id, 400)).body), 400);
    assert.equal(widthOf((await thumb(r.id, 401)).body), 800);
    assert.equal(widthOf((await thumb(r.id, 800)).body), 800);
    assert.equal(widthOf((await thumb(r.id, 801)).body), 1000, "snaps to 2400, wider than the 1000 px original: no upscaling");
  });

  it("2.1: an original smaller than the requested width is returned as it is", async () => {
    const original = png(300, 200);
    const r = await addWith({ thumbnail: { data: original, filename: "s.png" } });
    assert.deepEqual((await thumb(r.id, 400)).body, original);
    assert.deepEqual((await thumb(r.id, 2400)).body, original);
    assert.equal(widthOf((await thumb(r.id, 100)).body), 200, "100 snaps to 200, smaller than 300");
  });

  it("2.1: JPEG thumbnails are resized too; GIF is accepted", async () => {
    const j = jpeg.encode({ data: Buffer.alloc(900 * 600 * 4, 128), width: 900, height: 600 }, 80).data;
    const r = await addWith({ thumbnail: { data: j, filename: "t.jpg" } });
    const got = await thumb(r.id, 400);
    assert.equal(got.type, "image/jpeg");
    assert.equal(widthOf(got.body), 400);
    assert.equal((await addWith({ thumbnail: { data: GIF, filename: "t.gif" } })).success, true);
  });

  it("part 8: a thumbnail file of 10 MB is accepted, 10 MB + 1 byte refused; a non-image is refused", async () => {
    const head = png(10, 10);
    const at = path.join(dir, "10mb.png");
    fs.writeFileSync(at, head);
    fs.truncateSync(at, ITEM.maxThumbnailFileBytes);
    assert.equal((await addWith({ thumbnail: { path: at, filename: "10mb.png" } })).success, true);
    const over = path.join(dir, "over.png");
    fs.writeFileSync(over, head);
    fs.truncateSync(over, ITEM.maxThumbnailFileBytes + 1);
    assert.match((await addWith({ thumbnail: { path: over, filename: "over.png" } })).error.message, /at most 10485760/);
    assert.match((await addWith({ thumbnail: { data: Buffer.from("BM not a png"), filename: "x.bmp" } })).error.message, /PNG, GIF or JPEG/);
  });

  it("part 8: a thumbnailUrl image of 1 MB is accepted, over 1 MB refused; a non-image is refused", async () => {
    assert.equal((await h.call("content/users/dev_user/addItem", { title: "U", type: "Web Map", thumbnailUrl: `${imageBase}/exact.png` }, { token: t() })).success, true);
    const big = await h.call("content/users/dev_user/addItem", { title: "U", type: "Web Map", thumbnailUrl: `${imageBase}/big.png` }, { token: t() });
    assert.match(big.error.message, /larger than 1048576 bytes/);
    const text = await h.call("content/users/dev_user/addItem", { title: "U", type: "Web Map", thumbnailUrl: `${imageBase}/text.png` }, { token: t() });
    assert.match(text.error.message, /PNG, GIF or JPEG/);
  });

  it("2.1: a metadata file is stored in the item's metadata folder", async () => {
    const xml = Buffer.from("<metadata><title>M</title></metadata>");
    const r = await addWith({ metadata: { data: xml, filename: "metadata.xml" } });
    const res = await h.raw(`content/items/${r.id}/info/metadata/metadata.xml`, {}, { token: t(), method: "GET" });
    assert.equal(await res.text(), xml.toString());
  });

  it("2.1: a package's <vendor>info folder is extracted and served under info/; the card fills the item", async () => {
    const zip = new AdmZip();
    const card = `<?xml version="1.0"?><esri_ItemInformation culture="fr"><title>Card title</title><snippet>Card snippet</snippet><tags><tag>a</tag><tag>b</tag></tags><culture>fr-fr</culture><thumbnail>thumbnail/thumb.png</thumbnail><documentation>docs/readme.html</documentation></esri_ItemInformation>`;
    zip.addFile("esriinfo/iteminfo.xml", Buffer.from(card));
    zip.addFile("esriinfo/thumbnail/thumb.png", png(600, 400));
    zip.addFile("esriinfo/docs/readme.html", Buffer.from("<p>docs</p>"));
    zip.addFile("../escape.txt", Buffer.from("no"));
    zip.addFile("data/layer.json", Buffer.from("{}"));
    const r = await h.call("content/users/dev_user/addItem", { title: "", type: "Map Package", culture: "en-us" }, { token: t(), files: { file: { data: zip.toBuffer(), filename: "pkg.mpkx" } } });
    assert.equal(r.success, true, JSON.stringify(r));
    const item = await h.call(`content/items/${r.id}`, {}, { token: t() });
    assert.equal(item.culture, "fr-fr", "the package's own culture applies");
    assert.equal(item.snippet, "Card snippet");
    assert.equal(item.title, "Card title", "an empty title is filled from the card");
    assert.deepEqual(item.tags, ["a", "b"]);
    assert.equal(item.thumbnail, "thumbnail/thumb.png");
    const cardRes = await h.raw(`content/items/${r.id}/info/iteminfo.xml`, {}, { token: t(), method: "GET" });
    assert.match(await cardRes.text(), /esri_ItemInformation/);
    assert.equal(await (await h.raw(`content/items/${r.id}/info/docs/readme.html`, {}, { token: t(), method: "GET" })).text(), "<p>docs</p>");
    assert.equal(widthOf((await thumb(r.id)).body), 200, "the card's thumbnail is served sized");
    assert.equal((await h.call(`content/items/${r.id}/info/data/layer.json`, {}, { token: t() })).error.code, 404, "only the info folder is extracted");
  });

  it("2.1: a plain zip without a <vendor>info folder is stored as a file", async () => {
    const zip = new AdmZip();
    zip.addFile("readme.txt", Buffer.from("hi"));
    const r = await h.call("content/users/dev_user/addItem", { title: "Z", type: "Code Attachment" }, { token: t(), files: { file: { data: zip.toBuffer(), filename: "z.zip" } } });
    const item = await h.call(`content/items/${r.id}`, {}, { token: t() });
    assert.equal(item.thumbnail, null);
    assert.equal(item.name, "z.zip");
  });
});
