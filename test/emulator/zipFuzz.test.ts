// Issue 45: one package upload whose entries lied about their offsets and names ended the emulator's
// process (an exception thrown inside yauzl's entry callback), and every request after it went
// unanswered. Structural zip fuzz through the real server, the bin in its own process: lying local
// headers, central directory and end record, truncated archives, entries past the end, zero-length,
// duplicate and impossible names, nested zips, seeded random header bytes. After each upload a
// health request is answered; the process is alive at the end; the same with 50 uploads at once.
// A library failure where the entry is written is the request's 500 envelope and one log line.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as yauzl from "yauzl";
import { startBin, type BinProcess } from "./binProcess";
import { buildZip, hostileZips, randomHeaderLies, type HostileZip } from "./zipMutations";
import { eachZipEntry } from "../../emulator/zipEntries";
import { unzip } from "../../emulator/features/formats/unzip";

const TOKEN_RE = /tok-[a-z]+_[a-z]+/;
const SEED = Number(process.env.ZIP_FUZZ_SEED ?? Date.now() % 100_000);

describe("emulator: structural zip fuzz of package uploads (issue 45)", function () {
  this.timeout(300_000);
  let bin: BinProcess;
  let token: string;

  before(async () => {
    bin = await startBin(["--port", "0", "--job-delay-ms", "1"], ["-r", path.join(__dirname, "libraryThrows.ts")]);
    token = bin.tokens.dev_admin;
  });
  after(async () => {
    await bin?.stop();
  });

  /** Uploads `zip` as a package item; the answer's text and parsed body. */
  const upload = async (zip: HostileZip, title = "Hostile"): Promise<{ text: string; body: any }> => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ f: "json", token, type: "Code Attachment", title })) form.append(k, v);
    form.append("file", new Blob([zip.bytes]), "package.zip");
    const res = await fetch(`${bin.sharingUrl}/content/users/dev_admin/addItem`, { method: "POST", body: form, signal: AbortSignal.timeout(30_000) }).catch((e: Error) => {
      throw new Error(`${zip.what}: no answer (${e.message}); the emulator's stderr: ${bin.stderr().slice(-500)}`);
    });
    const text = await res.text();
    let body: any;
    assert.doesNotThrow(() => (body = JSON.parse(text)), `${zip.what}: not JSON: ${text.slice(0, 200)}`);
    return { text, body };
  };

  /** The answer is a stored item or the error envelope, with no token in it. */
  const checkAnswer = (zip: HostileZip, { text, body }: { text: string; body: any }) => {
    assert.ok(!TOKEN_RE.test(text), `${zip.what}: the answer has a token: ${text.slice(0, 200)}`);
    if (body.success === true) return assert.match(body.id, /^[0-9a-f]{32}$/, zip.what);
    const e = body.error;
    assert.ok(e && typeof e.code === "number" && typeof e.message === "string" && Array.isArray(e.details), `${zip.what}: neither an item nor the envelope: ${text.slice(0, 200)}`);
  };

  const health = async (what: string) => {
    const r = (await (await fetch(`${bin.sharingUrl}/portals/self?f=json&token=${token}`, { signal: AbortSignal.timeout(10_000) })).json()) as any;
    assert.match(String(r.id), /^\w+$/, `no health answer after ${what}: ${JSON.stringify(r).slice(0, 200)}`);
  };

  const internalLines = () => bin.stderr().split("\n").filter((l) => l.includes("internal error"));

  it("the package every case starts from is stored with its card (the fuzz starts from a zip the emulator reads)", async () => {
    const { body } = await upload({ what: "base", bytes: buildZip([{ name: "esriinfo/iteminfo.xml", data: "<esri_ItemInformation><title>Card</title></esri_ItemInformation>" }]).bytes }, "");
    assert.equal(body.success, true, JSON.stringify(body));
    const item = (await (await fetch(`${bin.sharingUrl}/content/items/${body.id}?f=json&token=${token}`)).json()) as any;
    assert.equal(item.title, "Card");
  });

  it(`each structural lie, one after another (random cases: seed ${SEED}): an item or the envelope, then a health answer; the process alive`, async () => {
    const cases = [...hostileZips(), ...randomHeaderLies(SEED, 40)];
    assert.ok(cases.length > 150, `${cases.length} cases`);
    let stored = 0;
    for (const zip of cases) {
      const answer = await upload(zip);
      checkAnswer(zip, answer);
      if (answer.body.success) stored++;
      await health(zip.what);
      assert.ok(bin.alive(), `the process ended after ${zip.what}: ${bin.stderr().slice(-500)}`);
    }
    console.log(`      ${cases.length} hostile packages: ${stored} stored, ${cases.length - stored} refused; seed ${SEED}`);
    assert.deepEqual(internalLines(), [], "no internal error: a lying archive is stored as a plain file or refused");
  });

  it("the names a disk cannot hold are skipped and the card is still read (a NUL byte, a file and a folder of one name); a card whose name is a folder is no card", async () => {
    const expected: Record<string, string> = { "a NUL byte in a name": "Card", "a file, then a folder of the same name": "Card", "the card's name as a folder": "package.zip" };
    for (const zip of hostileZips().filter((z) => z.what in expected)) {
      const { body } = await upload(zip, "");
      assert.equal(body.success, true, `${zip.what}: ${JSON.stringify(body)}`);
      const item = (await (await fetch(`${bin.sharingUrl}/content/items/${body.id}?f=json&token=${token}`)).json()) as any;
      assert.equal(item.title, expected[zip.what], zip.what);
    }
  });

  it("50 hostile uploads in parallel: every one answered, then a health answer; the process alive", async () => {
    const all = [...hostileZips(), ...randomHeaderLies(SEED + 1, 20)];
    const picked = Array.from({ length: 50 }, (_, i) => all[(i * 7) % all.length]);
    const answers = await Promise.all(picked.map((zip) => upload(zip)));
    answers.forEach((a, i) => checkAnswer(picked[i], a));
    await health("50 parallel uploads");
    assert.ok(bin.alive());
  });

  it("a library failing where an entry is written: that request's 500 envelope without the token, one log line, and the server keeps serving", async () => {
    const before = internalLines().length;
    const zip = { what: "an info file the disk fails to write", bytes: buildZip([{ name: "esriinfo/iteminfo.xml", data: "<esri_ItemInformation/>" }, { name: "esriinfo/disk-fails.txt", data: "x" }]).bytes };
    const { text, body } = await upload(zip);
    assert.equal(body.error?.code, 500, text);
    assert.match(body.error.message, /^Internal emulator error: .*EIO/);
    assert.ok(!TOKEN_RE.test(text), text);
    await health(zip.what);
    const lines = internalLines().slice(before);
    assert.equal(lines.length, 1, bin.stderr());
    assert.match(lines[0], /^portal-emulator: internal error answering POST \/sharing\/rest\/content\/users\/dev_admin\/addItem: Error: EIO/);
    assert.ok(!TOKEN_RE.test(bin.stderr()), "the log line has no token");
    assert.doesNotMatch(bin.stderr(), /\n\s+at /, "no stack");
    assert.ok(bin.alive());
  });

  it("an exception no request owns (thrown in a timer's callback) is one log line; the bin keeps serving", async () => {
    const before = internalLines().length;
    bin.child.kill("SIGUSR2");
    for (let i = 0; i < 100 && internalLines().length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const lines = internalLines().slice(before);
    assert.equal(lines.length, 1, bin.stderr());
    assert.match(lines[0], /^portal-emulator: internal error outside any request \(the emulator keeps serving\): Error: thrown in a library's callback/);
    assert.ok(!TOKEN_RE.test(bin.stderr()));
    await health("an uncaught exception");
    assert.ok(bin.alive());
  });
});

describe("emulator: zip entries read with promises (emulator/zipEntries.ts)", () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-entries-"))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const open = (bytes: Buffer) => yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const zip = buildZip([{ name: "a.txt", data: "a" }, { name: "b.txt", data: "b" }]).bytes;

  it("a visit that throws (synchronously or not) rejects the walk; nothing is thrown past it", async () => {
    let uncaught: unknown;
    const note = (e: unknown) => (uncaught = e);
    process.on("uncaughtException", note);
    try {
      await assert.rejects(
        eachZipEntry(await open(zip), () => {
          throw new Error("sync");
        }),
        /sync/,
      );
      await assert.rejects(
        eachZipEntry(await open(zip), async () => {
          throw new Error("async");
        }),
        /async/,
      );
      const seen: string[] = [];
      await eachZipEntry(await open(zip), (e) => void seen.push(e.fileName));
      assert.deepEqual(seen, ["a.txt", "b.txt"]);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off("uncaughtException", note);
    }
    assert.equal(uncaught, undefined);
  });

  it("an append source's zip with a NUL byte in a name fails the source in words, not the process", async () => {
    const bytes = buildZip([{ name: Buffer.from("pts\u0000.shp", "latin1"), data: "x" }]).bytes;
    const file = path.join(dir, "nul.zip");
    fs.writeFileSync(file, bytes);
    const out = path.join(dir, "out");
    fs.mkdirSync(out);
    await assert.rejects(unzip({ segments: [{ path: file, bytes: bytes.length }] }, out), /the zip file is corrupt or unreadable: entry .* cannot be a file here/);
  });
});
