// PortalItem, every field of spec.md#item-fields against the emulator (issue 15 scope 1): metadata (a local
// XML file, hashed into state), listingProperties (spec.md#listing-properties), appCategories, industries, languages,
// largeThumbnail, banner, screenshot (one or many), advancedSettings, serviceCredentialsType,
// serviceProxyParams and name — refused at check with path, rule and limit and no request; created
// and read back as given; each edit an in-place update; each out-of-band edit seen by read.
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { clearRequestLog, portalGet, requestLog } from "./portalCalls";

const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The new fields, as a program gives them (the metadata path is added per test). */
const FIELDS = {
  listingProperties: { licenseType: "perUser", priceType: "paid", priceDesc: "10 USD a month", trialSupported: true, trialDuration: 30, ecommerceEnabled: false, licensingModel: "subscription" },
  appCategories: ["Mapping", "Analysis, planning"],
  industries: ["Government"],
  languages: ["en", "fr"],
  largeThumbnail: "https://img.example.com/large.png",
  banner: "https://img.example.com/banner.png",
  screenshot: ["https://img.example.com/s1.png", "https://img.example.com/s2.png"],
  advancedSettings: { theme: "dark", panels: ["legend"] },
  serviceCredentialsType: "basic",
  serviceProxyParams: { hitsPerInterval: 5, intervalSeconds: 60, referrers: ["https://apps.example.com"] },
  name: "every-field.json",
};

/** The same fields, each edited. */
const EDITED = {
  listingProperties: { licenseType: "perOrg", priceType: "free", trialSupported: false, licensingModel: "subscription" },
  appCategories: ["Mapping"],
  industries: ["Utilities", "Water"],
  languages: ["de"],
  largeThumbnail: "https://img.example.com/large-2.png",
  banner: "https://img.example.com/banner-2.png",
  screenshot: "https://img.example.com/only.png",
  advancedSettings: { theme: "light" },
  serviceCredentialsType: "token",
  serviceProxyParams: { hitsPerInterval: 9, intervalSeconds: 30, referrers: [] },
  name: "every-field-2.json",
};

/** Where GET content/items/<id> returns each field (screenshot comes back as `screenshots`). */
const READ_AS: Record<string, string> = { screenshot: "screenshots" };
const asList = (v: unknown) => (typeof v === "string" ? [v] : v);

describe("provider PortalItem: every field of spec.md#item-fields against the emulator", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  let tmp: string;
  let metadataV1: string;
  let metadataV2: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-item-fields-"));
    metadataV1 = path.join(tmp, "metadata.xml");
    metadataV2 = path.join(tmp, "metadata-2.xml");
    fs.writeFileSync(metadataV1, '<?xml version="1.0"?>\n<metadata><dataIdInfo><idCitation><resTitle>Every field</resTitle></idCitation></dataIdInfo></metadata>\n');
    fs.writeFileSync(metadataV2, "<metadata><dataIdInfo><idCitation><resTitle>Every field, edited</resTitle></idCitation></dataIdInfo></metadata>\n");
  });
  after(async () => {
    await emu.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu, "dev_publisher") as any);
  });

  const program = (fields: Record<string, unknown>, metadata: string) => ({ type: "Web Mapping Application", title: "Every field", url: "https://apps.example.com/every", metadata, ...fields });

  async function checked(news: Record<string, any>, olds: Record<string, any> = {}): Promise<Record<string, any>> {
    const r = await p.check!(olds, news);
    assert.deepEqual(r.failures ?? [], []);
    return r.inputs;
  }

  async function metadataOf(itemId: string): Promise<{ status: number; body: string }> {
    const res = await fetch(`${emu.sharingUrl}/content/items/${itemId}/info/metadata/metadata.xml?token=${encodeURIComponent(emu.tokens.dev_publisher)}`);
    return { status: res.status, body: await res.text() };
  }

  it("check: wrong types, limits of spec.md#listing-properties and a missing or non-XML metadata file are named by path, rule and limit; no request", async () => {
    await clearRequestLog(emu);
    const wrong = await p.check!({}, {
      type: "Web Mapping Application",
      title: "Bad",
      metadata: path.join(tmp, "missing.xml"),
      listingProperties: { priceType: "paid", creditsPerTransaction: 3, licensingModel: "subscription", trialSupported: false, trialDuration: 0 },
      appCategories: "Mapping",
      industries: [1],
      languages: { en: true },
      largeThumbnail: "ftp://img.example.com/large.png",
      banner: "banner.png",
      screenshot: ["https://img.example.com/s1.png", "not a url"],
      advancedSettings: 42,
      serviceCredentialsType: 7,
      serviceProxyParams: "{not json",
      name: ["a"],
    });
    const by = Object.fromEntries(wrong.failures!.map((f) => [f.property, f.reason]));
    assert.match(by.metadata, /no such file: .*missing\.xml \(a relative path is taken from the program.s directory\)/);
    assert.match(by["listingProperties.priceDesc"], /required when priceType is "paid"/);
    assert.match(by["listingProperties.creditsPerTransaction"], /only for consumption-based listings.*licensingModel is "subscription"/);
    assert.ok(wrong.failures!.some((f) => f.property === "listingProperties.trialDuration" && /at least 1/.test(f.reason)), JSON.stringify(wrong.failures));
    assert.ok(wrong.failures!.some((f) => f.property === "listingProperties.trialDuration" && /only when trialSupported is true; trialSupported is false/.test(f.reason)), JSON.stringify(wrong.failures));
    assert.match(by.appCategories, /expected array, got "Mapping"/);
    assert.match(by["industries[0]"], /expected string, got number 1/);
    assert.match(by.languages, /expected array/);
    assert.match(by.largeThumbnail, /is not an http\(s\) URL/);
    assert.match(by.banner, /"banner\.png" is not an http\(s\) URL/);
    assert.match(by["screenshot[1]"], /"not a url" is not an http\(s\) URL/);
    assert.match(by.advancedSettings, /expected record, got number 42/);
    assert.match(by.serviceCredentialsType, /expected string, got number 7/);
    assert.match(by.serviceProxyParams, /not valid JSON/);
    assert.match(by.name, /expected string, got an array/);

    // JSON text is checked as the object it holds: the failure names the property inside
    const typed = await p.check!({}, program({ listingProperties: '{"ecommerceEnabled":"yes","trialDuration":2.5,"trialSupported":true}' }, metadataV1));
    assert.deepEqual(typed.failures!.map((f) => `${f.property}: ${f.reason}`).sort(), [
      'listingProperties.ecommerceEnabled: expected boolean, got "yes"',
      "listingProperties.trialDuration: expected int, got number 2.5",
    ]);
    fs.writeFileSync(path.join(tmp, "notes.txt"), "plain text, not XML\n");
    const notXml = await p.check!({}, program({}, path.join(tmp, "notes.txt")));
    assert.deepEqual(notXml.failures, [{ property: "metadata", reason: `${JSON.stringify(path.join(tmp, "notes.txt"))} is not XML (it must start with an XML declaration or element)` }]);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("check: one screenshot URL is kept as a list; JSON given as text is kept as its value; the metadata file's size and hash are in the inputs", async () => {
    const inputs = await checked(program({ screenshot: "https://img.example.com/one.png", advancedSettings: '{"a":1}', listingProperties: '{"priceType":"free"}' }, metadataV1));
    assert.deepEqual(inputs.screenshot, ["https://img.example.com/one.png"]);
    assert.deepEqual(inputs.advancedSettings, { a: 1 });
    assert.deepEqual(inputs.listingProperties, { priceType: "free" });
    assert.equal(inputs.metadataSha256, sha256(fs.readFileSync(metadataV1, "utf8")));
    assert.equal(inputs.metadataSize, fs.statSync(metadataV1).size);
  });

  it("create stores every field and the metadata file; each edit is an in-place update; an out-of-band edit of each is drift on read", async () => {
    const inputs = await checked(program(FIELDS, metadataV1));
    const c = await p.create(inputs);
    const item = await portalGet(emu, "dev_publisher", `content/items/${c.id}`);
    for (const [key, value] of Object.entries(FIELDS)) assert.deepEqual(item[READ_AS[key] ?? key], key === "screenshot" ? asList(value) : value, key);
    assert.deepEqual(await metadataOf(c.id), { status: 200, body: fs.readFileSync(metadataV1, "utf8") });
    assert.equal(c.outs.metadataSha256, sha256(fs.readFileSync(metadataV1, "utf8")));
    // a read with no edits is no change
    const quiet = await p.read!(c.id, c.outs);
    assert.deepEqual(await p.diff!(c.id, quiet.props!, await checked(program(FIELDS, metadataV1), quiet.inputs)), { changes: false, replaces: [], deleteBeforeReplace: false });

    // every field edited at once: an update in place, one updateItem request
    const edited = await checked(program(EDITED, metadataV2), c.outs);
    const d = await p.diff!(c.id, c.outs, edited);
    assert.deepEqual(d, { changes: true, replaces: [], deleteBeforeReplace: false });
    await clearRequestLog(emu);
    const u = await p.update!(c.id, c.outs, edited);
    assert.deepEqual((await requestLog(emu)).filter((r) => r.method === "POST").map((r) => r.operation), ["update"]);
    const after = await portalGet(emu, "dev_publisher", `content/items/${c.id}`);
    for (const [key, value] of Object.entries(EDITED)) assert.deepEqual(after[READ_AS[key] ?? key], key === "screenshot" ? asList(value) : value, key);
    assert.equal((await metadataOf(c.id)).body, fs.readFileSync(metadataV2, "utf8"));
    assert.equal(u.outs.metadataSha256, sha256(fs.readFileSync(metadataV2, "utf8")));

    // out of band (the web UI): every field and the metadata file changed over REST
    const outOfBand = new FormData();
    for (const [k, v] of Object.entries({ f: "json", token: emu.tokens.dev_publisher })) outOfBand.append(k, v);
    for (const [k, v] of Object.entries(FIELDS)) outOfBand.append(k, typeof v === "string" ? v : JSON.stringify(v));
    outOfBand.set("screenshot", JSON.stringify(FIELDS.screenshot));
    outOfBand.append("metadata", new Blob(["<metadata><edited>in the portal</edited></metadata>"], { type: "application/xml" }), "metadata.xml");
    const res: any = await (await fetch(`${emu.sharingUrl}/content/users/dev_publisher/items/${c.id}/update`, { method: "POST", body: outOfBand })).json();
    assert.equal(res.success, true, JSON.stringify(res));
    const r = await p.read!(c.id, u.outs);
    for (const [key, value] of Object.entries(FIELDS)) assert.deepEqual(r.inputs![key], value, `${key} read back as the portal holds it`);
    assert.equal(r.inputs!.metadataSha256, sha256("<metadata><edited>in the portal</edited></metadata>"));
    // the program (EDITED) against the refreshed state: every field is a change, none replaces
    const again = await checked(program(EDITED, metadataV2), r.inputs);
    const drift = await p.diff!(c.id, r.props!, again);
    assert.deepEqual(drift, { changes: true, replaces: [], deleteBeforeReplace: false });
    const { changedKeys } = await import("../../../provider/resources/portalItem/diff");
    const changed = changedKeys(r.props!, again);
    for (const key of [...Object.keys(EDITED), "metadataSha256"]) assert.ok(changed.includes(key), `${key} is drift: ${changed.join(", ")}`);
  });

  it("removing a field clears it in the portal; removing metadata or name leaves the portal's value", async () => {
    const c = await p.create(await checked(program(FIELDS, metadataV1)));
    const bare = await checked({ type: "Web Mapping Application", title: "Every field", url: "https://apps.example.com/every" }, c.outs);
    await p.update!(c.id, c.outs, bare);
    const item = await portalGet(emu, "dev_publisher", `content/items/${c.id}`);
    for (const key of ["appCategories", "industries", "languages", "screenshots"]) assert.deepEqual(item[key], [], key);
    for (const key of ["largeThumbnail", "banner"]) assert.ok(!item[key], `${key}: ${item[key]}`);
    for (const key of ["listingProperties", "serviceProxyParams", "serviceCredentialsType"]) assert.equal(item[key], undefined, key);
    assert.equal(item.advancedSettings, null, "advancedSettings: null when unset, as in the public item JSON");
    assert.equal(item.name, FIELDS.name);
    assert.equal((await metadataOf(c.id)).status, 200);
  });
});
