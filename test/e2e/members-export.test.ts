// Export and adopt of a 200-member organization through the real CLI and the packed package: the
// exported program (its members, with their roles, user types and categories, and a custom role)
// previews and ups with no write to the portal, and the next preview has no change.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { rosterFixtures, startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalPost, requestLog } from "../provider/resources/portalCalls";
import { fixtureStack, installExportedProject, offlineEngineEnv, pulumiBinDir, runCommand, type FixtureProject } from "../support/pulumi";

const root = path.resolve(__dirname, "..", "..");
const bin = path.join(root, "dist", "cli", "index.js");

describe("e2e export and adopt of a 200-member organization", function () {
  this.timeout(1_800_000);
  let emu: RunningEmulator;
  let work: string;

  before(async () => {
    assert.ok(fs.existsSync(bin), "run `npm run build` first");
    emu = await startEmulator({ port: 0, fixtures: rosterFixtures(200) });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-members-export-"));
    const id = (await portalPost(emu, "dev_admin", `portals/${emu.portalId}/createRole`, { name: "Field editors" })).id;
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/roles/${id}/setPrivileges`, { privileges: JSON.stringify({ privileges: ["features:user:edit", "portal:user:joinGroup"] }) });
    await portalPost(emu, "dev_admin", `portals/${emu.portalId}/updateUserRole`, { user: "member001", role: id });
  });
  after(async () => {
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("export writes 204 Members and the Role; preview and up send no write; the next preview has no change", async () => {
    const dir = path.join(work, "org");
    const env = { ...process.env, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin, PORTAL_USERNAME: undefined, PORTAL_PASSWORD: undefined };
    const exported = await runCommand(process.execPath, [bin, "export", "--out", dir, "--no-items", "--no-groups"], { cwd: work, env });
    assert.equal(exported.code, 0, exported.stderr);
    const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    assert.equal(program.split("new portal.Member(").length - 1, 204);
    assert.match(program, /new portal\.Role\("role-Field editors", \{ adoptRoleId: "\w+", name: "Field editors"/);
    installExportedProject(dir);
    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    const project: FixtureProject = { dir, backendDir, env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")), remove: () => undefined };
    await fixtureStack(project, "dev", { "portal:url": { value: emu.portalUrl }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
    const pulumi = (args: string[]) => runCommand(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: dir, env: { ...process.env, ...project.env } });
    const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => q.path);

    await clearRequestLog(emu);
    const up = await pulumi(["up", "--yes"]);
    assert.equal(up.code, 0, up.stdout + up.stderr);
    assert.deepEqual(await writes(), [], "the adopting preview and up send no write");
    const quiet = await pulumi(["preview", "--expect-no-changes"]);
    assert.equal(quiet.code, 0, quiet.stdout + quiet.stderr);
  });
});
