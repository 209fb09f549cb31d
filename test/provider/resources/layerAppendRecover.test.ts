// LayerAppend across a run that was cut off (issue "crash-safe creates"; docs/recovery.md
// "LayerAppend"): the journal in the project directory records an append before it is sent and as
// soon as the portal answers, so a create run again with the same inputs waits for that job instead
// of appending the rows twice. Against the emulator; the interruption is the provider's create
// failing after the job started (a poll deadline), as a killed `pulumi up` leaves it.
import { strict as assert } from "node:assert";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { firstJob, layerRows, setJobMode, stepJob } from "./layerAppendCalls";
import { clearRequestLog, requestLog } from "./portalCalls";

const p = resourceProviders.layerAppend;
const URN = "urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:LayerAppend::stations-load";

describe("provider LayerAppend: an interrupted append is not appended twice", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  let journal: string;
  let stations: string;
  const rows = () => layerRows(emu, "dev_publisher", "Stations");
  const appends = async () => (await requestLog(emu)).filter((r) => r.method === "POST" && /\/FeatureServer\/0\/append$/.test(r.path.replace(/\?.*/, ""))).length;
  const checked = async (news: Record<string, unknown>) => {
    const r = await p.check!({}, { __urn: URN, ...news });
    assert.deepEqual(r.failures ?? [], []);
    return r.inputs;
  };
  const edits = (id: string) => ({ features: [{ attributes: { station_id: id, name: "Journal" } }] });

  before(async () => {
    emu = await startEmulator({ port: 0 });
    journal = mkdtempSync(join(tmpdir(), "append-journal-"));
    process.env.PORTAL_APPEND_JOURNAL_DIR = journal;
    stations = `${emu.serviceUrl}/Stations/FeatureServer/0`;
  });
  after(async () => {
    delete process.env.PORTAL_APPEND_JOURNAL_DIR;
    await emu.close();
    rmSync(journal, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    rmSync(journal, { recursive: true, force: true });
    const config = { "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_publisher } as Record<string, string>;
    await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
  });

  it("cut off after the job started: the next create waits for that job; the rows land once", async () => {
    await setJobMode(emu, "append", "manual");
    try {
      const inputs = await checked({ layerUrl: stations, edits: edits("J1"), timeoutSeconds: 0.3 });
      await clearRequestLog(emu);
      await assert.rejects(p.create(inputs), /gave up after 0.3 s waiting for append job/);
      const job = await firstJob(emu, "append");
      assert.equal(await appends(), 1);
      // the next run: the plan says what up will do, then the create finds the job
      const again = await checked({ layerUrl: stations, edits: edits("J1"), timeoutSeconds: 5 });
      assert.ok(again.plannedChanges.some((l: string) => l.includes(`an interrupted run started job ${job.id}`)), again.plannedChanges.join("\n"));
      const created = p.create(again);
      await stepJob(emu, job.id);
      await stepJob(emu, job.id);
      const c = await created;
      assert.equal(c.outs.jobId, job.id);
      assert.equal(c.outs.status, "Completed");
      assert.equal(await appends(), 1, "no second append request");
      assert.deepEqual((await rows()).map((r) => r.station_id), ["J1"]);
    } finally {
      await setJobMode(emu, "append", "auto");
    }
  });

  it("a job that failed is over: its record goes, so the next create (the layer fixed) sends the append again", async () => {
    // two rows with one value of the unique station_id: the job fails and rolls back
    const bad = { features: [{ attributes: { station_id: "F1", name: "a" } }, { attributes: { station_id: "F1", name: "b" } }] };
    const inputs = await checked({ layerUrl: stations, edits: bad });
    await clearRequestLog(emu);
    await assert.rejects(p.create(inputs), /ended Failed/);
    assert.deepEqual(readdirSync(journal).filter((f) => f.endsWith(".json")), [], "no record of a failed job is kept");
    const again = await checked({ layerUrl: stations, edits: bad });
    assert.ok(!again.plannedChanges.some((l: string) => l.includes("interrupted run")), again.plannedChanges.join("\n"));
    await assert.rejects(p.create(again), /ended Failed/);
    assert.equal(await appends(), 2, "the second run sent the append again instead of waiting for the failed job");
  });

  const faults = (spec: Record<string, unknown>) => fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
  const noFaults = () => fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });

  it("sent without an answer, and the layer edited since: a plain append stops and says why; an upsert on a unique field runs again", async () => {
    // the portal runs the append, then the connection drops before its answer (the job completes)
    await faults({ rate: 1, dropConnections: true, after: true, paths: "/FeatureServer/0/append$" });
    const plain = await checked({ layerUrl: stations, edits: edits("S1") });
    await assert.rejects(p.create(plain));
    const upsert = { layerUrl: stations, edits: edits("U1"), upsert: true, upsertMatchingField: "station_id" };
    await assert.rejects(p.create(await checked(upsert)));
    await noFaults();
    await new Promise((r) => setTimeout(r, 200)); // the jobs the portal ran finish
    await clearRequestLog(emu);
    await assert.rejects(p.create(await checked({ layerUrl: stations, edits: edits("S1") })), (e: Error) => {
      assert.match(e.message, /^LayerAppend stations-load: an earlier run sent this append to .*Stations\/FeatureServer\/0 at \S+ and was stopped before the portal answered, and the layer was edited since/);
      assert.ok(e.message.includes(journal), "names where the record is");
      return true;
    });
    assert.equal(await appends(), 0);
    assert.equal((await p.create(await checked(upsert))).outs.status, "Completed", "an upsert on a unique field is sent again");
    assert.deepEqual((await rows()).map((r) => r.station_id).sort(), ["S1", "U1"], "the upsert matched its row: nothing doubled");
    await clearRequestLog(emu);
    // delete of the resource drops its record; the same append is then sent (and here refused by
    // the layer's unique index, since the lost-answer run did append S1)
    await p.delete!("x", plain);
    await assert.rejects(p.create(await checked({ layerUrl: stations, edits: edits("S1") })), /"S1" already exists \(unique index\)/);
    assert.equal(await appends(), 1);
  });

  it("sent without an answer, and the layer not edited since: the append did not run, so it is sent", async () => {
    await faults({ rate: 1, dropConnections: true, paths: "/FeatureServer/0/append$" });
    await assert.rejects(p.create(await checked({ layerUrl: stations, edits: edits("N1") })));
    await noFaults();
    assert.equal(readdirSync(journal).length, 1, "the record says: sent, no answer");
    assert.equal((await p.create(await checked({ layerUrl: stations, edits: edits("N1") }))).outs.status, "Completed");
    assert.deepEqual((await rows()).map((r) => r.station_id), ["N1"]);
  });

  it("an error answer from the portal means nothing started: the record goes and the next create appends", async () => {
    await faults({ rate: 1, codes: [400], paths: "/FeatureServer/0/append$" });
    await assert.rejects(p.create(await checked({ layerUrl: stations, edits: edits("E1") })), /append failed \(400\)/);
    await noFaults();
    assert.deepEqual(readdirSync(journal), []);
    assert.equal((await p.create(await checked({ layerUrl: stations, edits: edits("E1") }))).outs.status, "Completed");
    assert.deepEqual((await rows()).map((r) => r.station_id), ["E1"]);
  });

  it("delete removes the record, so the same append declared again appends again", async () => {
    const inputs = await checked({ layerUrl: stations, edits: edits("D1") });
    const c = await p.create(inputs);
    assert.equal(readdirSync(journal).length, 1);
    await p.delete!(c.id, c.outs);
    assert.deepEqual(readdirSync(journal), []);
  });
});
