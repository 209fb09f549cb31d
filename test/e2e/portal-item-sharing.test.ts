// PortalItem sharing as code and a Data Store's secret text, end to end (real Pulumi CLI, packed
// package, emulator; issue 15 scopes 2 and 6): one stack with a Web Map under an org_authoritative
// ItemStatus, shared private → org → public → org in a public, identity-verified organization. After
// each up the portal's access and contentStatus (read over REST) follow spec.md#status-transitions, and the next
// preview shows no change (also after a refresh). A Data Store item whose text holds a
// secretAccessKey: no plaintext of it anywhere in `pulumi stack export` or in the raw state.
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, rawStateFile, type FixtureProject } from "../support/pulumi";

const SECRET = "wJalrXUtnFEMI-K7MDENG-e2e-4b1d";

const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const map = new portal.PortalItem("shared-map", { type: "Web Map", title: "Shared map", text: { operationalLayers: [] }, sharing: { access: config.require("access") } });
new portal.ItemStatus("shared-map-status", { itemId: map.itemId, status: "org_authoritative" });
const store = new portal.PortalItem("raster-store", {
  type: "Data Store",
  title: "Raster store",
  text: {
    type: "objectStore",
    path: "/cloudStores/raster",
    provider: "amazon",
    info: { isManaged: false, objectStore: "bucket/raster", connectionString: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "${SECRET}", region: "us-east-1", defaultEndpointProtocol: "https", credentialType: "accesskey" } },
  },
});
exports.mapId = map.itemId;
exports.storeId = store.itemId;
`;

const execFileAsync = promisify(execFile);

async function portalGet(emu: RunningEmulator, route: string): Promise<any> {
  const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher });
  return (await fetch(`${emu.sharingUrl}/${route}?${q}`)).json();
}

describe("e2e PortalItem sharing: private → org → public → org with an org_authoritative status; a Data Store's secret text", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    const orgId = (await portalGet(emu, "portals/self")).id;
    // spec.md#status-transitions: the organization is public and identity-verified, so public sharing promotes the status
    const flags = await fetch(`${emu.controlUrl}/orgs/${orgId}/flags`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ public: true, identityVerified: true }) });
    assert.equal(((await flags.json()) as any).identityVerified, true);
    project = createFixtureProject("portal-item-sharing", program);
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_publisher, secret: true },
      "portal-item-sharing:access": { value: "private" },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  /** The CLI's `pulumi stack export` (no --show-secrets), run asynchronously beside the in-process emulator. */
  async function cliStackExport(): Promise<string> {
    const { stdout } = await execFileAsync("pulumi", ["stack", "export", "--stack", "dev"], { cwd: project.dir, env: { ...process.env, ...project.env }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  }

  /** Up with `access`; the portal's access and status after it, and a preview that shows no change. */
  async function upWith(access: string): Promise<{ access: string; contentStatus: string | undefined; preview: string; mapId: string }> {
    await stack.setConfig("portal-item-sharing:access", { value: access });
    const preview = await stack.preview({ diff: true });
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    const item = await portalGet(emu, `content/items/${up.outputs.mapId.value}`);
    const same = await stack.preview({ diff: true, expectNoChanges: true });
    assert.deepEqual(same.changeSummary, { same: 4 }, same.stdout);
    return { access: item.access, contentStatus: item.contentStatus, preview: preview.stdout, mapId: up.outputs.mapId.value };
  }

  it("spec.md#status-transitions through the engine; no drift after each up and after a refresh; no plaintext secret in the exported state", async () => {
    const first = await upWith("private");
    assert.deepEqual([first.access, first.contentStatus], ["private", "org_authoritative"]);
    assert.match(first.preview, /\+ sharing: private/);
    assert.ok(!first.preview.includes(SECRET), "the Data Store's secret is in the preview");

    const org = await upWith("org");
    assert.deepEqual([org.access, org.contentStatus], ["org", "org_authoritative"]);
    assert.match(org.preview, /~ sharing: private → org/);

    const pub = await upWith("public");
    assert.deepEqual([pub.access, pub.contentStatus], ["public", "public_authoritative"]);
    assert.match(pub.preview, /~ sharing: org → public/);
    assert.match(pub.preview, /~ contentStatus: org_authoritative → public_authoritative when the organization is identity-verified \(shared with the pu/);

    // a refresh reads the moved status: neither the item nor its ItemStatus shows it as a change to make
    const refresh = await stack.refresh();
    console.log(`      refresh after the status move: ${JSON.stringify(refresh.summary.resourceChanges)}`);
    const refreshed = JSON.parse(await cliStackExport()).deployment.resources.find((r: any) => r.type.endsWith("portal:ItemStatus"));
    assert.deepEqual([refreshed.outputs.status, refreshed.outputs.portalStatus], ["org_authoritative", "public_authoritative"], "the ItemStatus keeps its desired status; portalStatus shows the move");
    const afterRefresh = await stack.preview({ diff: true, expectNoChanges: true });
    assert.deepEqual(afterRefresh.changeSummary, { same: 4 }, afterRefresh.stdout);

    const back = await upWith("org");
    assert.deepEqual([back.access, back.contentStatus], ["org", "org_authoritative"]);
    assert.match(back.preview, /~ contentStatus: public_authoritative → org_authoritative \(unshared from the public/);

    // scope 6: the Data Store's text is one secret in state, inputs and outputs alike
    // `pulumi stack export` as a user runs it (the Automation API's exportStack adds --show-secrets)
    const exported = await cliStackExport();
    assert.ok(exported.includes("Raster store"), "the export holds the Data Store item");
    assert.ok(!exported.includes(SECRET), "the secretAccessKey is in the exported state in plain text");
    assert.ok(!exported.includes("bucket/raster"), "the Data Store text is in the exported state in plain text (not a secret as a whole)");
    assert.ok(!rawStateFile(project, "portal-item-sharing", "dev").includes(SECRET));
    const store = JSON.parse(exported).deployment.resources.find((r: any) => r.outputs?.title === "Raster store");
    for (const part of ["inputs", "outputs"]) {
      assert.equal(store[part].text["4dabf18193072939515e22adb298388d"], "1b47061264138c4ac30d75fd1eb44270", `the text ${part} is not a secret`);
      assert.equal(typeof store[part].text.ciphertext, "string", `the text ${part} is not encrypted`);
      assert.equal(store[part].__text, undefined, `the text ${part} is also kept in plain __text`);
    }
    const data = await portalGet(emu, `content/items/${store.id}/data`);
    assert.equal(data.info.connectionString.secretAccessKey, SECRET, "the portal holds the text as sent");

    await stack.destroy();
    for (const id of [store.id, back.mapId]) assert.ok((await portalGet(emu, `content/items/${id}`)).error, `item ${id} is left after destroy`);
  });
});
