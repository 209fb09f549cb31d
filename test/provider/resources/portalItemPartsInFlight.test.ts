// Issue 28 scope 3: the parts in flight follow the measured rate (uploadPlan.ts), against the
// emulator. Every addPart answered 400 ms late makes each part's rate that of one slow connection,
// whatever the parts in flight (a link bound per connection): the upload doubles its parts in flight
// from 3 to 6 and more, sends each part once, and the portal holds every byte in order.
import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { portalItem as p } from "../../../provider/resources/portalItem/provider";
import { partsStats } from "../../../provider/resources/portalItem/parts";
import { uploadLimits } from "../../../spec/limits";
import { countsByOperation, setFaults } from "./multipartCalls";
import { clearRequestLog } from "./portalCalls";

const USER = "dev_publisher";
const configFor = (emu: RunningEmulator) => ({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens[USER] })[k], require: () => "" } });

describe("provider PortalItem multipart: parts in flight from the measured rate (issue 28 scope 3)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let tmp: string;
  let file: string;
  let bytes: Buffer;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "parts-in-flight-"));
    file = path.join(tmp, "parcels.zip");
    bytes = randomBytes(56 * 1024 * 1024); // test sizes (test/uploadSizes.ts): twelve parts of 5 MiB, the last 1 MiB
    fs.writeFileSync(file, bytes);
  });
  after(async () => {
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
    await emu.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("a link bound per connection: more than the first 3 parts in flight, each part sent once, the bytes whole", async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    await p.configure!(configFor(emu) as any);
    const r = await p.check!({}, { __urn: "urn:pulumi:dev::uploads::pulumi-nodejs:dynamic:Resource::in-flight", type: "Shapefile", title: "Parcels (in flight)", file });
    assert.deepEqual(r.failures ?? [], []);
    await setFaults(emu, { latencyMs: 400, paths: "addPart$" });
    await clearRequestLog(emu);
    const c = await p.create(r.inputs);
    await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });

    const start = uploadLimits().parallelParts;
    assert.equal(start, 3, "test/uploadSizes.ts: three at first");
    assert.ok(partsStats.maxInFlight >= 2 * start, JSON.stringify(partsStats));
    assert.deepEqual([(await countsByOperation(emu)).addPart], [12], "each part once");
    const res = await fetch(`${emu.sharingUrl}/content/items/${c.id}/data?token=${emu.tokens[USER]}`);
    const held = createHash("sha256").update(Buffer.from(await res.arrayBuffer())).digest("hex");
    assert.equal(held, createHash("sha256").update(bytes).digest("hex"));
  });
});
