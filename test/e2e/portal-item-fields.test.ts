// PortalItem, every item field end to end (issue 15 scope 1; real Pulumi CLI, packed package,
// emulator): up with metadata (a local XML file), listingProperties, appCategories, industries,
// languages, largeThumbnail, banner, screenshot, advancedSettings, serviceCredentialsType,
// serviceProxyParams and name → each read back over the portal's REST API equals the input → every
// field edited in one up, planned as an update (no replace) → every field changed out of band over
// REST → refresh sees each, and the next preview plans to put each back.
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";

// the fields come from config, so an edit is a config change and the program stays the same
const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const app = new portal.PortalItem("every-field", {
  type: "Web Mapping Application",
  title: "Every field",
  url: "https://apps.example.com/every",
  metadata: config.require("metadata"),
  ...JSON.parse(config.require("fields")),
});
exports.itemId = app.itemId;
exports.metadataSha256 = app.metadataSha256;
exports.metadataSize = app.metadataSize;
`;

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

const EDITED = {
  listingProperties: { licenseType: "perOrg", priceType: "free", trialSupported: false, licensingModel: "subscription" },
  appCategories: ["Mapping"],
  industries: ["Utilities", "Water"],
  languages: ["de"],
  largeThumbnail: "https://img.example.com/large-2.png",
  banner: "https://img.example.com/banner-2.png",
  screenshot: "https://img.example.com/only.png", // one URL: kept and read back as a list
  advancedSettings: { theme: "light" },
  serviceCredentialsType: "token",
  serviceProxyParams: { hitsPerInterval: 9, intervalSeconds: 30, referrers: [] },
  name: "every-field-2.json",
};

const METADATA_1 = '<?xml version="1.0"?>\n<metadata><dataIdInfo><idCitation><resTitle>Every field</resTitle></idCitation></dataIdInfo></metadata>\n';
const METADATA_2 = "<metadata><dataIdInfo><idCitation><resTitle>Every field, edited</resTitle></idCitation></dataIdInfo></metadata>\n";
const METADATA_PORTAL = "<metadata><edited>in the portal</edited></metadata>";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** GET content/items/<id> names screenshot `screenshots`, a list. */
const heldAs = (key: string) => (key === "screenshot" ? "screenshots" : key);
const expected = (key: string, v: unknown) => (key === "screenshot" && typeof v === "string" ? [v] : v);

async function portalGet(emu: RunningEmulator, route: string): Promise<any> {
  return (await fetch(`${emu.sharingUrl}/${route}?f=json&token=${encodeURIComponent(emu.tokens.dev_publisher)}`)).json();
}

async function metadataOf(emu: RunningEmulator, itemId: string): Promise<string> {
  const res = await fetch(`${emu.sharingUrl}/content/items/${itemId}/info/metadata/metadata.xml?token=${encodeURIComponent(emu.tokens.dev_publisher)}`);
  assert.equal(res.status, 200);
  return res.text();
}

describe("e2e PortalItem: every item field through the real engine", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("portal-item-fields", program);
    fs.writeFileSync(path.join(project.dir, "metadata.xml"), METADATA_1);
    fs.writeFileSync(path.join(project.dir, "metadata-2.xml"), METADATA_2);
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_publisher, secret: true },
      "portal-item-fields:metadata": { value: "metadata.xml" },
      "portal-item-fields:fields": { value: JSON.stringify(FIELDS) },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("up stores every field; one up edits each in place; refresh sees each out-of-band edit", async () => {
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    const itemId = up.outputs.itemId.value;
    const item = await portalGet(emu, `content/items/${itemId}`);
    for (const [key, value] of Object.entries(FIELDS)) assert.deepEqual(item[heldAs(key)], expected(key, value), key);
    assert.equal(await metadataOf(emu, itemId), METADATA_1);
    assert.equal(up.outputs.metadataSha256.value, sha256(METADATA_1));
    assert.equal(up.outputs.metadataSize.value, Buffer.byteLength(METADATA_1));

    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 2 }, same.stdout);

    // every field and the metadata file edited: one update in place
    await stack.setConfig("portal-item-fields:fields", { value: JSON.stringify(EDITED) });
    await stack.setConfig("portal-item-fields:metadata", { value: "metadata-2.xml" });
    const edit = await stack.preview({ diff: true });
    assert.deepEqual(edit.changeSummary, { same: 1, update: 1 }, edit.stdout);
    for (const key of [...Object.keys(EDITED), "metadata"]) assert.match(edit.stdout, new RegExp(`[~+-] ${key}\\b`), `${key} in the plan:\n${edit.stdout}`);
    const up2 = await stack.up();
    assert.deepEqual(up2.summary.resourceChanges, { same: 1, update: 1 }, up2.stdout);
    assert.equal(up2.outputs.itemId.value, itemId);
    const edited = await portalGet(emu, `content/items/${itemId}`);
    for (const [key, value] of Object.entries(EDITED)) assert.deepEqual(edited[heldAs(key)], expected(key, value), key);
    assert.equal(await metadataOf(emu, itemId), METADATA_2);
    assert.equal(up2.outputs.metadataSha256.value, sha256(METADATA_2));

    // out of band (the web UI): every field and the metadata file changed over REST
    const form = new FormData();
    form.append("f", "json");
    form.append("token", emu.tokens.dev_publisher);
    for (const [k, v] of Object.entries(FIELDS)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
    form.append("metadata", new Blob([METADATA_PORTAL], { type: "application/xml" }), "metadata.xml");
    const res: any = await (await fetch(`${emu.sharingUrl}/content/users/dev_publisher/items/${itemId}/update`, { method: "POST", body: form })).json();
    assert.equal(res.success, true, JSON.stringify(res));

    const refresh = await stack.refresh();
    assert.equal(refresh.summary.result, "succeeded");
    assert.deepEqual(refresh.summary.resourceChanges, { same: 1, update: 1 }, refresh.stdout);
    const exported = (await stack.exportStack()).deployment.resources.find((r: any) => r.type.endsWith("portal:PortalItem"));
    for (const [key, value] of Object.entries(FIELDS)) assert.deepEqual(exported.inputs[key], value, `${key} as refreshed`);
    assert.equal(exported.inputs.metadataSha256, sha256(METADATA_PORTAL));
    // the program still says EDITED: the next preview puts every field back, in place
    const back = await stack.preview({ diff: true });
    assert.deepEqual(back.changeSummary, { same: 1, update: 1 }, back.stdout);
    for (const key of [...Object.keys(EDITED), "metadata"]) assert.match(back.stdout, new RegExp(`[~+-] ${key}\\b`), `${key} in the plan:\n${back.stdout}`);
  });
});
