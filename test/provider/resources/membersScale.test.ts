// The requests of an `up` over 200 members with no change, as the engine calls the provider (a
// check per member, then a diff that finds nothing): at most one request per member. Against the
// emulator's 200-member fixture org, adopted first.
import { strict as assert } from "node:assert";
import { rosterFixtures, startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { clearRequestLog, requestLog } from "./portalCalls";

const { orgMember: member } = resourceProviders;

describe("provider Member: an up over 200 members with no change", function () {
  this.timeout(300_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ port: 0, fixtures: rosterFixtures(200) });
  });
  after(() => emu.close());

  it("sends at most one request per member (none beyond the run's connection read); adopting the org as it is writes nothing", async () => {
    const config = { config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_admin })[k], require: () => "" } };
    await member.configure!(config as any);
    const users = (await (await fetch(`${emu.portalUrl}/sharing/rest/portals/self/users?f=json&num=100&start=1&token=${emu.tokens.dev_admin}`)).json()) as any;
    assert.equal(users.total, 204);
    const roster = Array.from({ length: 200 }, (_, k) => `member${String(k + 1).padStart(3, "0")}`);
    const read = async (u: string) => (await fetch(`${emu.portalUrl}/sharing/rest/community/users/${u}?f=json&token=${emu.tokens.dev_admin}`)).json() as Promise<any>;
    const inputs = await Promise.all(roster.map(async (u) => {
      const held = await read(u);
      const role = held.roleId === "org_viewer" ? "org_viewer" : held.role;
      return { username: u, role, userType: held.userLicenseTypeId, categories: held.categories };
    }));
    await clearRequestLog(emu);
    const states = [];
    for (const news of inputs) {
      const c = await member.check!({}, news);
      assert.deepEqual(c.failures ?? [], [], news.username);
      assert.deepEqual(c.inputs.plannedChanges, [`= adopt member ${news.username}: no change`]);
      states.push((await member.create(c.inputs)).outs);
    }
    const adopt = await requestLog(emu);
    assert.deepEqual(adopt.filter((r) => r.method !== "GET"), [], "adopting the org as it is writes nothing");

    // the next up: a check and a diff per member, no change
    await member.configure!(config as any);
    await clearRequestLog(emu);
    for (let i = 0; i < inputs.length; i++) {
      const c = await member.check!(states[i], inputs[i]);
      assert.equal((await member.diff!(inputs[i].username, states[i], c.inputs)).changes, false);
    }
    const log = await requestLog(emu);
    process.stdout.write(`      requests for an up over 200 unchanged members: ${log.length} (${(log.length / 200).toFixed(2)} per member)\n`);
    assert.ok(log.length <= 200, `${log.length} requests for 200 members`);
  });
});
