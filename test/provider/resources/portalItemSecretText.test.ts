// A Data Store item's text carrying credentials (spec.md#add-item-data-store; issue 15 scope 6): check keeps it
// under `text` (where the engine keeps the class's secret mark) and no plan line prints it; a text
// without credentials stays under `__text`. The state itself is checked in test/e2e/portal-item-sharing.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { textCarriesSecret } from "../../../provider/resources/portalItem/secretText";
import { portalGet } from "./portalCalls";

const SECRET = "wJalrXUtnFEMI-K7MDENG-bPxRfiCY";
const storeText = (secret: string) => ({
  type: "objectStore",
  path: "/cloudStores/raster",
  provider: "amazon",
  info: { isManaged: false, objectStore: "bucket/raster", connectionString: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: secret, region: "us-east-1", defaultEndpointProtocol: "https", credentialType: "accesskey" } },
});
const configFor = (emu: RunningEmulator) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher })[k], require: () => "" } });

describe("provider PortalItem: a text that carries a secret", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
    await p.configure!(configFor(emu) as any);
  });
  after(() => emu.close());

  it("textCarriesSecret: a non-empty secret-named value, as an object or its JSON text", () => {
    assert.equal(textCarriesSecret(storeText(SECRET)), true);
    assert.equal(textCarriesSecret(JSON.stringify(storeText(SECRET))), true);
    assert.equal(textCarriesSecret(storeText("")), false);
    assert.equal(textCarriesSecret({ operationalLayers: [{ id: "secretary-offices" }] }), false);
    assert.equal(textCarriesSecret("not json"), false);
  });

  it("check keeps it under text, plans it as [secret]; create stores it; an update's line is [secret] too", async () => {
    const news = { type: "Data Store", title: "Raster store", text: storeText(SECRET) };
    const r = await p.check!({}, news);
    assert.deepEqual(r.failures ?? [], []);
    assert.deepEqual(r.inputs.text, storeText(SECRET));
    assert.equal(r.inputs.__text, undefined);
    assert.ok(!JSON.stringify(r.inputs.plannedChanges).includes(SECRET), r.inputs.plannedChanges.join("\n"));
    assert.match(r.inputs.plannedChanges[0], /^\+ create Data Store "Raster store" with text \[secret\]$/);
    const c = await p.create(r.inputs);
    const data = await (await fetch(`${emu.sharingUrl}/content/items/${c.id}/data?f=json&token=${emu.tokens.dev_publisher}`)).json();
    assert.equal((data as any).info.connectionString.secretAccessKey, SECRET);
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${c.id}`)).type, "Data Store");

    const rotated = await p.check!(r.inputs, { ...news, text: storeText(`${SECRET}-2`) });
    assert.ok(rotated.inputs.plannedChanges.includes("~ text: [secret] → [secret]"), rotated.inputs.plannedChanges.join("\n"));
    assert.ok(!JSON.stringify(rotated.inputs.plannedChanges).includes(SECRET));

    const map = await p.check!({}, { type: "Web Map", title: "Map", text: { operationalLayers: [] } });
    assert.deepEqual(map.inputs.__text, { operationalLayers: [] });
    assert.equal(map.inputs.text, undefined);
  });
  it("state that held the text in plain __text (before this release) is a change: the update rewrites it as a secret and sends nothing", async () => {
    const news = { type: "Data Store", title: "Old store", text: storeText(SECRET) };
    const made = await p.check!({}, news);
    const c = await p.create(made.inputs);
    // the layout an older release wrote: the same text, plain, under __text
    const { text, ...rest } = c.outs;
    const oldOuts = { ...rest, __text: text };
    const { text: t2, ...restIn } = made.inputs;
    const oldInputs = { ...restIn, __text: t2 };
    const r = await p.check!(oldInputs, news);
    assert.ok(r.inputs.plannedChanges.includes("~ text: [secret] (kept as one secret in state from now on; it was plain under __text)"), JSON.stringify(r.inputs.plannedChanges));
    assert.equal((await p.diff!(c.id, oldOuts, r.inputs)).changes, true);
    const before = (await portalGet(emu, "dev_publisher", `content/items/${c.id}`)).modified;
    const u = await p.update!(c.id, oldOuts, r.inputs);
    assert.equal(u.outs.__text, undefined);
    assert.deepEqual(u.outs.text, storeText(SECRET));
    assert.equal((await portalGet(emu, "dev_publisher", `content/items/${c.id}`)).modified, before, "the update sent nothing to the portal");
    assert.equal((await p.diff!(c.id, u.outs, (await p.check!(r.inputs, news)).inputs)).changes, false);
  });
});
