// FeatureService's item folder and sharing at the provider level, against the emulator: created in a
// folder and shared to a group, the plan lines, a move and a sharing change, drift read back on
// refresh, and a group that does not exist refused at preview.
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";

const { featureService } = resourceProviders;
const configFor = (emu: RunningEmulator, user: string) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[user] })[k], require: () => "" } });
const plan = (r: { inputs?: Record<string, any> }) => (r.inputs?.plannedChanges ?? []) as string[];

describe("provider FeatureService: the item's folder and sharing", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const post = async (path: string, form: Record<string, unknown> = {}) => {
    const body = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher! });
    for (const [k, v] of Object.entries(form)) body.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
    return (await fetch(`${emu.sharingUrl}/${path}`, { method: "POST", body })).json() as Promise<any>;
  };
  let folderA: string;
  let folderB: string;
  let groupId: string;
  const declared = (extra: object = {}) => ({
    name: "Depots",
    capabilities: "Query",
    layers: { depots: { geometryType: "esriGeometryPoint", fields: [{ name: "code", type: "esriFieldTypeString", domain: { type: "codedValue", name: "Codes", codedValues: [{ name: "North", code: "N" }] } }] } },
    folder: folderA,
    sharing: { access: "org", groups: [groupId] },
    ...extra,
  });

  before(async () => {
    emu = await startEmulator({ port: 0, jobDelayMs: 1 });
    await featureService.configure!(configFor(emu, "dev_publisher") as any);
    folderA = (await post("content/users/dev_publisher/createFolder", { title: "Depots A" })).folder.id;
    folderB = (await post("content/users/dev_publisher/createFolder", { title: "Depots B" })).folder.id;
    const g = await post("community/createGroup", { title: "Depot editors", access: "org" });
    groupId = g.group.id;
  });
  after(() => emu.close());

  it("creates in the folder, shared to the group; moves and reshares on change; reads drift", async () => {
    const c = await featureService.check!({}, declared());
    assert.deepEqual(c.failures ?? [], []);
    assert.deepEqual(plan(c), [
      "+ feature service Depots (Query)",
      '+ in folder "Depots A" of dev_publisher',
      `+ sharing: org with groups ${groupId}`,
      "+ layer depots (point, 1 fields)",
    ]);
    const made = await featureService.create(c.inputs!);
    const held = await post(`content/users/dev_publisher/items/${made.id}`);
    assert.equal(held.item.ownerFolder, folderA);
    assert.deepEqual([held.sharing.access, held.sharing.groups], ["org", [groupId]]);
    const layer = await (await fetch(`${made.outs.layers.depots.url}?f=json&token=${emu.tokens.dev_publisher}`)).json() as any;
    assert.deepEqual(layer.fields.find((f: any) => f.name === "code").domain, { type: "codedValue", name: "Codes", codedValues: [{ name: "North", code: "N" }] });

    const same = await featureService.read!(made.id, made.outs);
    // read as held: the props are the state's, so the read leaves the inputs as they are
    assert.deepEqual([same.props!.folder, same.props!.sharing, same.inputs], [folderA, { access: "org", groups: [groupId] }, undefined]);
    assert.equal((await featureService.diff!(made.id, made.outs, (await featureService.check!(made.outs, declared())).inputs!)).changes, false);

    const next = await featureService.check!(made.outs, declared({ folder: folderB, sharing: { access: "private" } }));
    assert.deepEqual(next.failures ?? [], []);
    assert.deepEqual(plan(next), ['~ folder: "Depots A" → "Depots B" (a move: the item keeps its id)', "~ sharing: org with groups " + groupId + " → private"]);
    const d = await featureService.diff!(made.id, made.outs, next.inputs!);
    assert.deepEqual([d.changes, d.replaces], [true, []]);
    const updated = await featureService.update!(made.id, made.outs, next.inputs!);
    const moved = await post(`content/users/dev_publisher/items/${made.id}`);
    assert.equal(moved.item.ownerFolder, folderB);
    // groups not listed are not managed: the group share stays, the org share goes
    assert.deepEqual([moved.sharing.access, moved.sharing.groups], ["shared", [groupId]]);

    await post(`content/users/dev_publisher/items/${made.id}/share`, { everyone: true, org: true });
    await post(`content/users/dev_publisher/items/${made.id}/move`, { folder: "/" });
    const drift = await featureService.read!(made.id, updated.outs!);
    assert.deepEqual([drift.inputs!.folder, drift.inputs!.sharing], ["", { access: "public" }]);
    const back = await featureService.check!(drift.inputs!, declared({ folder: folderB, sharing: { access: "private" } }));
    assert.deepEqual(plan(back), ['~ folder: (root) → "Depots B" (a move: the item keeps its id)', "~ sharing: public → private"]);
    // unset: no longer managed, not a change
    const unmanaged = await featureService.check!(drift.inputs!, declared({ folder: undefined, sharing: undefined }));
    assert.deepEqual(plan(unmanaged), []);
    assert.equal((await featureService.diff!(made.id, { ...updated.outs!, ...drift.inputs! }, unmanaged.inputs!)).changes, false);
    // the item's fields update wherever the item is
    const titled = await featureService.check!(updated.outs!, declared({ folder: folderB, sharing: { access: "private" }, title: "Depots v2" }));
    await featureService.update!(made.id, updated.outs!, titled.inputs!);
    assert.equal((await post(`content/items/${made.id}`)).title, "Depots v2");
  });

  it("a group that does not exist and a folder that is not the owner's fail at preview", async () => {
    const c = await featureService.check!({}, declared({ name: "Depots2", folder: "f".repeat(32), sharing: { access: "org", groups: ["a".repeat(32)] } }));
    const reasons = (c.failures ?? []).map((f) => `${f.property}: ${f.reason}`);
    assert.equal(reasons.length, 2, reasons.join("\n"));
    assert.match(reasons[0]!, /^folder: dev_publisher has no folder f{32}/);
    assert.match(reasons[1]!, /^sharing\.groups\[0\]: group a{32} does not exist/);
  });

  it("an adopt plans folder and sharing against what the item holds: no line when they match, a move when not", async () => {
    const made = await featureService.create((await featureService.check!({}, declared({ name: "Depots3" }))).inputs!);
    const adopt = (extra: object) => featureService.check!({}, declared({ name: "Depots3", adoptItemId: made.id, ...extra }));
    const same = await adopt({});
    assert.deepEqual(same.failures ?? [], []);
    assert.deepEqual(plan(same), [`= adopt feature service Depots3 (${made.id}): no change`]);
    const moved = await adopt({ folder: folderB, sharing: { access: "org", groups: [groupId] } });
    assert.deepEqual(plan(moved).slice(1), ['~ folder: "Depots A" → "Depots B" (a move: the item keeps its id)']);
    const adopted = await featureService.create(moved.inputs!);
    assert.equal(adopted.id, made.id);
    assert.equal((await post(`content/users/dev_publisher/items/${made.id}`)).item.ownerFolder, folderB);
  });
});
