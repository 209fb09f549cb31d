// Export and adopt of an organization holding hosted feature services, through the real CLI and the
// packed package: three services made with the REST API (layers, a table, fields, a unique index,
// differing capabilities, a non-default object-id field; one in a folder, shared with the organization
// and a group) and the emulator's own are exported as
// FeatureService resources; the preview shows only adopts with no change, the first up sends no
// write to the portal (the emulator's request log), and the next preview, a refresh and the preview
// after it have no change. Run `npm run build` first (the bin and the packed tarball come from dist/).
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalPost, requestLog } from "../provider/resources/portalCalls";
import { makeService, THREE_SERVICES } from "../provider/resources/serviceCalls";
import { fixtureStack, installExportedProject, offlineEngineEnv, pulumiBinDir, runCommand, type FixtureProject } from "../support/pulumi";

const root = path.resolve(__dirname, "..", "..");
const bin = path.join(root, "dist", "cli", "index.js");

describe("e2e export and adopt of an organization holding 3 hosted feature services", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let work: string;
  const made: Record<string, { itemId: string; url: string }> = {};

  before(async () => {
    assert.ok(fs.existsSync(bin), "run `npm run build` first");
    emu = await startEmulator({ port: 0 });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-services-export-"));
    const folder = (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: "Cadastre" })).folder.id as string;
    const group = (await portalPost(emu, "dev_admin", "community/createGroup", { title: "Surveyors", access: "org" })).group.id as string;
    for (const s of THREE_SERVICES) made[s.name] = await makeService(emu, "dev_admin", s.name === "Parcels" ? { ...s, folder, share: { org: "true", groups: group } } : s);
  });
  after(async () => {
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("export writes a FeatureService per hosted service; preview shows adopts with no change; up sends no write; the next preview and a refresh have no change", async () => {
    const dir = path.join(work, "org");
    const env = { ...process.env, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin, PORTAL_USERNAME: undefined, PORTAL_PASSWORD: undefined };
    const exported = await runCommand(process.execPath, [bin, "export", "--out", dir], { cwd: work, env });
    assert.equal(exported.code, 0, exported.stderr);
    const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    // the three made here and the emulator's own hosted service (dev_publisher's Stations)
    assert.equal(program.split("new portal.FeatureService(").length - 1, 4, program);
    for (const s of THREE_SERVICES) assert.match(program, new RegExp(`adoptItemId: "${made[s.name]!.itemId}",\\n  name: "${s.name}",`));
    // the folder and sharing of Parcels by the Folder's and the Group's outputs
    assert.match(program, /\n  folder: \w+\.folderId,\n  sharing: \{ access: "org", groups: \[\w+\.groupId\] \},\n  capabilities: "Query",\n/, program);
    installExportedProject(dir);
    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    const project: FixtureProject = { dir, backendDir, env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")), remove: () => undefined };
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    const pulumi = (args: string[]) => runCommand(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: dir, env: { ...process.env, ...project.env } });
    const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => `${q.method} ${q.path.split("?")[0]}`);

    await clearRequestLog(emu);
    const preview = await pulumi(["preview", "--json"]);
    assert.equal(preview.code, 0, preview.stderr + preview.stdout);
    const doc = JSON.parse(preview.stdout);
    const services = doc.steps.filter((s: any) => s.urn.includes("portal:index:FeatureService") || s.newState?.type?.endsWith("FeatureService"));
    assert.equal(services.length, 4, JSON.stringify(doc.steps.map((s: any) => s.urn)));
    for (const step of services) {
      assert.equal(step.op, "create", step.urn);
      const name = step.newState.inputs.name;
      assert.deepEqual(step.newState.inputs.plannedChanges, [`= adopt feature service ${name} (${step.newState.inputs.adoptItemId}): no change`], step.urn);
    }
    const others = Object.entries(doc.changeSummary).filter(([op, n]) => op !== "create" && op !== "same" && n !== 0);
    assert.deepEqual(others, [], `only creates (adopts): ${JSON.stringify(doc.changeSummary)}`);
    assert.deepEqual(await writes(), [], "the preview sends no write");

    await clearRequestLog(emu);
    const up = await pulumi(["up", "--yes", "--skip-preview"]);
    assert.equal(up.code, 0, up.stdout + up.stderr);
    assert.deepEqual(await writes(), [], "the adopting up sends no write");
    const reads = (await requestLog(emu)).filter((q) => q.path.includes("/FeatureServer"));
    assert.ok(reads.length > 0 && reads.length <= 4 * 4, `FeatureServer reads of the up: ${reads.length} (${reads.map((q) => q.path).join(", ")})`);

    const quiet = await pulumi(["preview", "--expect-no-changes"]);
    assert.equal(quiet.code, 0, quiet.stdout + quiet.stderr);
    // a refresh reads the services back: no drift, and still no change to preview
    const refresh = await pulumi(["refresh", "--yes", "--skip-preview"]);
    assert.equal(refresh.code, 0, refresh.stdout + refresh.stderr);
    const after = await pulumi(["preview", "--expect-no-changes"]);
    assert.equal(after.code, 0, after.stdout + after.stderr);
    assert.deepEqual(await writes(), [], "preview, refresh and preview send no write");
  });
});
