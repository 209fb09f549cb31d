// A Data Store item's text carrying credentials (spec.md#add-item-data-store; issue 15 scope 6): check keeps it
// under `text` (where the engine keeps the class's secret mark) and no plan line prints it; a text
// without credentials stays under `__text`. The state itself is checked in test/e2e/portal-item-sharing.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem";
import { textCarriesSecret } from "../../../provider/resources/portalItemSecretText";
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
});
