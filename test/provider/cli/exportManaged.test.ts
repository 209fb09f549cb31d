// Issue 29 scope 8: export and what another stack manages. An item carrying a stack's marker is
// skipped with the reason; category trees carry no marker, so when some stack manages items of the
// organization, export warns that it may manage the trees too and says how to leave them out.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { exportCommand } from "../../../cli/export";
import { resourceMarker, stackMarker } from "../../../provider/resources/portalItem/identity";
import { portalGet, portalPost } from "../resources/portalCalls";

describe("export warns about what another stack manages (issue 29)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let tmp: string;
  let managedId: string;
  const marker = stackMarker("org/prod");

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-managed-"));
    const self = await portalGet(emu, "dev_admin", "portals/self");
    await portalPost(emu, "dev_admin", `portals/${self.id}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: [{ title: "Categories", categories: [{ title: "Water" }] }] }) });
    managedId = (await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Managed map", type: "Web Map", text: "{}", typeKeywords: `${resourceMarker("urn:pulumi:prod::org::x::m")},${marker}` })).id;
    await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Free map", type: "Web Map", text: "{}" });
  });
  after(async () => {
    await emu?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function exported(args: string[]): Promise<{ code: number; err: string; program: string }> {
    const out = fs.mkdtempSync(path.join(tmp, "out-"));
    const saved = { url: process.env.PORTAL_URL, token: process.env.PORTAL_TOKEN, write: process.stderr.write };
    let err = "";
    process.env.PORTAL_URL = emu.portalUrl;
    process.env.PORTAL_TOKEN = emu.tokens.dev_admin;
    process.stderr.write = ((chunk: string) => {
      err += chunk;
      return true;
    }) as typeof process.stderr.write;
    try {
      const code = await exportCommand(["--out", out, "--force", ...args]);
      return { code, err, program: fs.existsSync(path.join(out, "index.ts")) ? fs.readFileSync(path.join(out, "index.ts"), "utf8") : "" };
    } finally {
      process.stderr.write = saved.write;
      if (saved.url === undefined) delete process.env.PORTAL_URL;
      else process.env.PORTAL_URL = saved.url;
      if (saved.token === undefined) delete process.env.PORTAL_TOKEN;
      else process.env.PORTAL_TOKEN = saved.token;
    }
  }

  it("skips the marked item, and warns that the trees may be that stack's, naming --no-schemas", async () => {
    const r = await exported([]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, new RegExp(`skipped item ${managedId} "Managed map": a Pulumi stack already manages it`));
    assert.match(r.err, new RegExp(`warning: 1 Pulumi stack already manages items of this organization \\(type keyword ${marker}\\)[^\\n]*export again with --no-schemas`));
    assert.match(r.program, /CategorySchema/);
    assert.doesNotMatch(r.program, /Managed map/);
    assert.match(r.program, /Free map/);
  });

  it("with --no-schemas the trees are left out and there is no warning", async () => {
    const r = await exported(["--no-schemas"]);
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.err, /warning:/);
    assert.doesNotMatch(r.program, /CategorySchema/);
  });
});
