// Preview checks for credentials that act as no user (an app token from portal:clientId +
// portal:clientSecret, an API key): they hold only the privileges portals/self `appInfo` lists. A
// category schema to create or change fails at check on the credential's key, naming the privilege
// and the login command; an item, whose privilege the app was given, passes. Nothing is written.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, requestLog } from "./portalCalls";

const { categorySchema, portalItem } = resourceProviders;
const tree = [{ title: "Categories", categories: [{ title: "Water" }] }];

describe("provider: app tokens and API keys at preview (privileges they were given)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  before(async () => (emu = await startEmulator({ port: 0 })));
  after(() => emu.close());
  const using = async (values: Record<string, string>) => {
    const config = { config: { get: (k: string) => ({ "portal:url": emu.portalUrl, ...values })[k], require: () => "" } };
    for (const p of [categorySchema, portalItem]) await p.configure!(config as any);
    await clearRequestLog(emu);
  };

  for (const [what, values, key, name] of [
    ["app credentials", { "portal:clientId": "dev-ci", "portal:clientSecret": "dev-ci-secret-value" }, "portal:clientSecret", "an app token"],
    ["an API key", { "portal:apiKey": "apikey-dev-0000000000000000" }, "portal:apiKey", "an API key"],
  ] as const) {
    it(`${what}: a category schema to create or to change fails on ${key}; an item passes`, async () => {
      await using(values);
      // the state's inputs of a schema applied earlier: what check answered for it
      const applied = (await categorySchema.check!({}, { categorySchema: [{ title: "Categories", categories: [{ title: "Old" }] }] })).inputs;
      for (const olds of [{}, applied]) {
        const r = await categorySchema.check!(olds, { categorySchema: tree });
        assert.equal(r.failures?.length, 1, JSON.stringify(r.failures));
        assert.equal(r.failures![0].property, key);
        assert.match(r.failures![0].reason, new RegExp(`^${name} cannot assign the content category schema: it acts as no user and does not hold the privilege portal:admin:updateItemCategorySchema .*sign in as an administrator with \`npx pulumi-gis-portal login --url http://127\\.0\\.0\\.1:\\d+ --client-id <app id>\``));
      }
      const same = (await categorySchema.check!({}, { categorySchema: tree })).inputs;
      const unchanged = await categorySchema.check!(same, { categorySchema: tree });
      assert.deepEqual(unchanged.failures ?? [], [], "an unchanged schema writes nothing: no failure (a drift run with an app token passes)");
      const item = await portalItem.check!({}, { type: "Web Map", title: "Parcels", text: {} });
      assert.deepEqual(item.failures ?? [], [], JSON.stringify(item.failures));
      const writes = (await requestLog(emu)).filter((q) => q.method !== "GET" && !q.path.includes("/oauth2/"));
      assert.deepEqual(writes, [], "no write");
    });
  }
});
