// CategorySchema ResourceProvider methods against the emulator (spec.md#category-schema, spec.md#assign-category-schema; spec.md#design-check, spec.md#design-create-delete-read, spec.md#design-state-version).
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { UNKNOWN } from "../../../provider/rules/unknown";
import { clearRequestLog, contentSchemaOf, orgOf, portalPost, requestLog, beyondConnectionRead } from "./portalCalls";

const p = resourceProviders.categorySchema;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });

const tree = [{ title: "Categories", categories: [{ title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }] }] }];

describe("provider CategorySchema against the emulator", () => {
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

  it("rule 5: check normalizes the tree, adds the outline and sends no request", async () => {
    await clearRequestLog(emu);
    const r = await p.check!({}, { categorySchema: tree });
    assert.equal(r.failures, undefined);
    assert.deepEqual(r.inputs.outline, { Categories: "", "Categories/Water": "Hydrology", "Categories/Water/Rivers": "" });
    // the nested tree rides under an engine-internal key: a create's preview prints one line per node
    assert.deepEqual(r.inputs.__categorySchema[0].categories[0].categories[0], { title: "Rivers", description: "", categories: [] });
    assert.equal(r.inputs.categorySchema, undefined);
    assert.deepEqual(r.inputs.plannedChanges, ["+ add Categories (with 2 subcategories)"]);
    assert.deepEqual(beyondConnectionRead(await requestLog(emu)), [], "nothing but the preview's connection read");
  });

  it("plan: check names each change with the items filed under a removed or renamed category; reads only", async () => {
    const base = [{ title: "Categories", categories: [{ title: "Land", categories: [{ title: "Soils" }, { title: "Rocks" }] }, { title: "Water" }] }];
    const olds = (await p.check!({}, { categorySchema: base })).inputs;
    await p.create(olds);
    const item = async (categories: string) => portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "x", type: "Web Map", text: "{}", categories });
    await item("/Categories/Land/Soils");
    await item("/Categories/Land/Soils,/Categories/Water");
    await item("/Categories/Land/Rocks");
    await clearRequestLog(emu);
    const next = [{ title: "Categories", categories: [{ title: "Land", categories: [{ title: "Soil types" }] }, { title: "Water" }, { title: "Air" }] }];
    const r = await p.check!(olds, { categorySchema: next });
    assert.deepEqual(r.inputs.plannedChanges, [
      "~ rename Categories/Land/Soils → Categories/Land/Soil types (2 items are in it)",
      "- remove Categories/Land/Rocks (1 item is in it)",
      "+ add Categories/Air",
    ]);
    assert.equal(r.inputs.portalId, portalId, "an update's preview keeps the portal id known");
    const log = await requestLog(emu);
    assert.ok(log.length > 0 && log.every((q) => q.method === "GET"), `only reads during check: ${JSON.stringify(log.map((q) => q.path))}`);
    assert.equal((await p.check!(r.inputs, { categorySchema: next })).inputs.plannedChanges, undefined, "no change, no plan key");
  });

  it("rule 5: a value unknown during preview passes and leaves the outline unknown", async () => {
    const r = await p.check!({}, { categorySchema: [{ title: UNKNOWN, categories: [] }] });
    assert.equal(r.failures, undefined);
    assert.equal(r.inputs.outline, UNKNOWN);
    const d = await p.diff!(portalId, { categorySchema: tree }, r.inputs);
    assert.equal(d.changes, true);
  });

  it("4.4: check fails an empty schema by path", async () => {
    const r = await p.check!({}, { categorySchema: [] });
    assert.deepEqual(r.failures?.map((f) => f.property), ["categorySchema"]);
  });

  it("4.4: create assigns, reads back, and takes the portal id as id", async () => {
    const { inputs } = await p.check!({}, { categorySchema: tree });
    const r = await p.create(inputs);
    assert.equal(r.id, portalId);
    assert.equal(r.outs.portalId, portalId);
    assert.equal(r.outs.schemaVersion, 1);
    assert.deepEqual(r.outs.categorySchema, inputs.__categorySchema);
    assert.equal(r.outs.plannedChanges, undefined, "outputs never hold a plan");
    assert.deepEqual((await contentSchemaOf(emu, "dev_admin"))[0].categories[0].title, "Water");
    assert.ok((await requestLog(emu)).some((q) => /assignCategorySchema$/.test(q.path)));
  });

  it("diff is exact: same tree no change, a description edit or a reorder is a change, never a replace", async () => {
    const { inputs } = await p.check!({}, { categorySchema: tree });
    const { outs } = await p.create(inputs);
    assert.deepEqual(await p.diff!(portalId, outs, inputs), { changes: false, replaces: [] });
    const described = (await p.check!({}, { categorySchema: [{ ...tree[0], description: "All" }] })).inputs;
    assert.deepEqual(await p.diff!(portalId, outs, described), { changes: true, replaces: [] });
    const two = (await p.check!({}, { categorySchema: [{ title: "A" }, { title: "B" }] })).inputs;
    const swapped = (await p.check!({}, { categorySchema: [{ title: "B" }, { title: "A" }] })).inputs;
    assert.equal((await p.diff!(portalId, two, swapped)).changes, true);
  });

  it("rule 6: read returns the portal's tree as props and inputs (drift), and {} once the schema is gone", async () => {
    const { inputs } = await p.check!({}, { categorySchema: tree });
    const { outs } = await p.create(inputs);
    const drifted = [{ title: "Categories", description: "", categories: [{ title: "Land", description: "", categories: [] }] }];
    await portalPost(emu, "dev_admin", `portals/${portalId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: drifted }) });
    const r = await p.read!(portalId, outs);
    assert.equal(r.id, portalId);
    assert.deepEqual(r.props.categorySchema, drifted);
    assert.deepEqual(r.inputs.outline, { Categories: "", "Categories/Land": "" });
    assert.equal((await p.diff!(portalId, r.props, inputs)).changes, true);
    await portalPost(emu, "dev_admin", `portals/${portalId}/deleteCategorySchema`);
    assert.deepEqual(await p.read!(portalId, outs), {});
  });

  it("4.4: update assigns the new tree and returns what the portal stored", async () => {
    const { inputs } = await p.check!({}, { categorySchema: tree });
    const { outs } = await p.create(inputs);
    const next = (await p.check!({}, { categorySchema: [{ title: "Themes", categories: [{ title: "Climate" }] }] })).inputs;
    const u = await p.update!(portalId, outs, next);
    assert.deepEqual(u.outs.outline, { Themes: "", "Themes/Climate": "" });
    assert.deepEqual((await contentSchemaOf(emu, "dev_admin")).map((n) => n.title), ["Themes"]);
  });

  it("rule 6: delete removes the schema; deleting it again is done", async () => {
    const { inputs } = await p.check!({}, { categorySchema: tree });
    const { outs } = await p.create(inputs);
    await p.delete!(portalId, outs);
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    await p.delete!(portalId, outs);
  });

  it("a stack whose config now reaches another org refuses to touch this org's schema", async () => {
    const { inputs } = await p.check!({}, { categorySchema: tree });
    const { outs } = await p.create(inputs);
    await p.configure!(configFor(emu, "prod_admin") as any);
    await assert.rejects(p.delete!(portalId, outs), (e: Error) => e.message.includes(portalId) && /portal:url/.test(e.message) && !e.message.includes(emu.tokens.prod_admin));
    assert.equal((await contentSchemaOf(emu, "dev_admin")).length, 1, "dev schema untouched");
  });

  it("rule 8: state written by a newer layout is refused with advice", async () => {
    await assert.rejects(p.diff!(portalId, { schemaVersion: 99, categorySchema: tree }, { categorySchema: tree }), (e: Error) => /newer pulumi-gis-portal/.test(e.message));
  });
});
