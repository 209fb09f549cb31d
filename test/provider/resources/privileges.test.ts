// Preview checks the signed-in user's privileges (issue 29 scope 1), against the emulator: a resource
// to be created by a user without the privilege its write needs fails at check on portal:token,
// naming the user, the privilege and what to do, with no request beyond the one portals/self read;
// an administrator, a user who holds it, an adoption and an update pass to the portal.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, requestLog } from "./portalCalls";

const { categorySchema, portalItem, group, itemStatus } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const tree = [{ title: "Categories", categories: [{ title: "Water" }] }];

describe("provider: privileges checked at preview (issue 29 scope 1)", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  const as = async (user: string) => {
    for (const p of [categorySchema, portalItem, group, itemStatus]) await p.configure!(configFor(emu, user) as any);
    await clearRequestLog(emu);
  };

  it("a viewer creating a category schema, an item or a group: one failure on portal:token naming the privilege; only portals/self is read", async () => {
    await as("dev_viewer");
    const cases: Array<[typeof categorySchema, Record<string, unknown>, string]> = [
      [categorySchema, { categorySchema: tree }, "portal:admin:updateItemCategorySchema"],
      [portalItem, { type: "Web Map", title: "Parcels", text: {} }, "portal:user:createItem"],
      [group, { title: "Field crews", access: "org" }, "portal:user:createGroup"],
    ];
    for (const [p, inputs, privilege] of cases) {
      const r = await p.check!({}, inputs);
      assert.equal(r.failures?.length, 1, JSON.stringify(r.failures));
      assert.equal(r.failures![0].property, "portal:token");
      assert.match(r.failures![0].reason, new RegExp(`dev_viewer \\(role viewer\\) may not .*needs the privilege ${privilege} or the administrator role`));
    }
    const writes = (await requestLog(emu)).filter((q) => q.method !== "GET" && !/\/search\b|portals\/self/.test(q.path));
    assert.deepEqual(writes, [], "no write");
  });

  it("a member without the administrator's privilege: the schema fails, an item passes", async () => {
    await as("dev_user");
    const schema = await categorySchema.check!({}, { categorySchema: tree });
    assert.match(schema.failures?.[0]?.reason ?? "", /dev_user \(role org_user\) may not assign the content category schema/);
    const item = await portalItem.check!({}, { type: "Web Map", title: "Parcels", text: {} });
    assert.deepEqual(item.failures ?? [], []);
  });

  it("an administrator passes; an adoption and an update are left to the portal", async () => {
    await as("dev_admin");
    assert.deepEqual((await categorySchema.check!({}, { categorySchema: tree })).failures ?? [], []);
    await as("dev_user");
    assert.deepEqual((await categorySchema.check!({}, { categorySchema: tree, adopt: true })).failures?.filter((f) => f.property === "portal:token") ?? [], []);
    assert.deepEqual((await categorySchema.check!({ categorySchema: tree }, { categorySchema: tree })).failures?.filter((f) => f.property === "portal:token") ?? [], []);
  });
});
