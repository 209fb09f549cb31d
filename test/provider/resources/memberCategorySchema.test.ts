// MemberCategorySchema ResourceProvider methods against the emulator (spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema).
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, memberSchemaOf, orgOf, requestLog } from "./portalCalls";

const p = resourceProviders.memberCategorySchema;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const leaf = (title: string) => ({ title });

describe("provider MemberCategorySchema against the emulator", () => {
  let emu: RunningEmulator;
  let portalId: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    portalId = await orgOf(emu, "dev_admin");
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu, "dev_admin") as any);
  });

  it("4.2: check lists a fourth level and a 201st category by path, without a request", async () => {
    await clearRequestLog(emu);
    const deep = { title: "M1", categories: [{ title: "M2", categories: [{ title: "M3", categories: [leaf("M4")] }] }] };
    const many = Array.from({ length: 200 }, (_, i) => leaf(`c${i}`));
    const r = await p.check!({}, { memberCategorySchema: [deep, ...many] });
    assert.deepEqual(r.failures, [
      { property: "memberCategorySchema[0].categories[0].categories[0].categories[0]", reason: "M1/M2/M3/M4: level 4; at most 3 levels" },
      { property: "memberCategorySchema[197]", reason: "c196: 204 categories in total; at most 200 (category 201 is here)" },
    ]);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("2.4: member nodes have no description: one given is refused at its path (not dropped unseen); the outline lists the nodes", async () => {
    const bad = await p.check!({}, { memberCategorySchema: [{ title: "Staff", description: "dropped", categories: [leaf("GIS")] }] });
    assert.equal(bad.failures?.length, 1, JSON.stringify(bad.failures));
    assert.equal(bad.failures![0].property, "memberCategorySchema[0].description");
    assert.match(bad.failures![0].reason, /Staff: unknown property \(known: title, categories\)/);
    const r = await p.check!({}, { memberCategorySchema: [{ title: "Staff", categories: [leaf("GIS")] }] });
    assert.deepEqual(r.inputs.__memberCategorySchema, [{ title: "Staff", categories: [{ title: "GIS", categories: [] }] }]);
    assert.deepEqual(r.inputs.outline, { Staff: "", "Staff/GIS": "" });
  });

  it("4.2/4.3: create, read, update, delete, and a second delete (404) is done", async () => {
    const { inputs } = await p.check!({}, { memberCategorySchema: [{ title: "Staff", categories: [leaf("GIS"), leaf("IT")] }] });
    const c = await p.create(inputs);
    assert.equal(c.id, portalId);
    assert.deepEqual((await memberSchemaOf(emu, "dev_admin"))[0].categories.map((n: any) => n.title), ["GIS", "IT"]);
    assert.deepEqual(await p.diff!(portalId, c.outs, inputs), { changes: false, replaces: [] });

    const r = await p.read!(portalId, c.outs);
    assert.deepEqual(r.props, c.outs);

    const next = (await p.check!({}, { memberCategorySchema: [{ title: "Staff", categories: [leaf("GIS"), leaf("Ops")] }] })).inputs;
    assert.equal((await p.diff!(portalId, c.outs, next)).changes, true);
    const u = await p.update!(portalId, c.outs, next);
    assert.deepEqual(Object.keys(u.outs.outline), ["Staff", "Staff/GIS", "Staff/Ops"]);

    await p.delete!(portalId, u.outs);
    assert.deepEqual(await memberSchemaOf(emu, "dev_admin"), []);
    assert.deepEqual(await p.read!(portalId, u.outs), {}, "gone after delete");
    await p.delete!(portalId, u.outs);
  });
});
