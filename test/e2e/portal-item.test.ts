// PortalItem end to end (real Pulumi CLI, packed package, emulator): up creates a catalogue of three
// items with a Service2Data relationship (spec.md#add-with-relationship, spec.md#add-item) → a preview with no changes → a title edit
// is an in-place update → destroy leaves no item; the raw state never holds the service password or
// the portal token in plain text.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, rawStateFile, type FixtureProject } from "../support/pulumi";

const SERVICE_PASSWORD = "plain-service-password-6f1c";

// servicePassword is given as a plain string: the PortalItem class must still keep it secret
const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const csv = new portal.PortalItem("streets-csv", { type: "CSV", title: "Streets CSV", file: "streets.csv", tags: ["streets", "source"] });
const service = new portal.PortalItem("streets-service", {
  type: "Feature Service",
  title: config.require("serviceTitle"),
  url: "https://services.example.com/arcgis/rest/services/Streets/FeatureServer",
  serviceUsername: "streets_reader",
  servicePassword: "${SERVICE_PASSWORD}",
  relationship: { type: "Service2Data", destinationItemId: csv.itemId },
});
const map = new portal.PortalItem("streets-map", {
  type: "Web Map",
  title: "Streets map",
  text: service.itemId.apply((itemId) => ({ operationalLayers: [{ id: "streets", itemId }] })),
});
exports.csvId = csv.itemId;
exports.serviceId = service.itemId;
exports.mapId = map.itemId;
exports.related = service.relatedItemIds;
exports.csvSha = csv.fileSha256;
`;

async function portalGet(emu: RunningEmulator, route: string, params: Record<string, string> = {}): Promise<any> {
  const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher, ...params });
  return (await fetch(`${emu.sharingUrl}/${route}?${q}`)).json();
}

async function ownItems(emu: RunningEmulator): Promise<any[]> {
  return (await portalGet(emu, "search", { q: "owner:dev_publisher", num: "100" })).results;
}

describe("e2e PortalItem: a catalogue with a relationship through the real engine", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("portal-item", program);
    fs.writeFileSync(path.join(project.dir, "streets.csv"), "id,name\n1,Main Street\n2,High Street\n");
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_publisher, secret: true },
      "portal-item:serviceTitle": { value: "Streets" },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("3.5/4.6: up, no-change preview, title edit in place, secrets encrypted in state, destroy", async () => {
    const fixtureItems = (await ownItems(emu)).map((i) => i.id).sort(); // the emulator's own fixtures
    const first = await stack.preview({ diff: true });
    assert.equal(first.changeSummary.create, 4, JSON.stringify(first.changeSummary)); // 3 items + the stack

    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    const ids = { csv: up.outputs.csvId.value, service: up.outputs.serviceId.value, map: up.outputs.mapId.value };
    assert.deepEqual(up.outputs.related.value, [ids.csv]);
    assert.match(up.outputs.csvSha.value, /^[0-9a-f]{64}$/);
    const made = (await ownItems(emu)).filter((i) => !fixtureItems.includes(i.id));
    assert.deepEqual(made.map((i) => i.title).sort(), ["Streets", "Streets CSV", "Streets map"]);
    const related = await portalGet(emu, `content/items/${ids.service}/relatedItems`, { relationshipType: "Service2Data", direction: "forward" });
    assert.deepEqual(related.relatedItems.map((i: any) => i.id), [ids.csv]);
    const mapData = await portalGet(emu, `content/items/${ids.map}/data`);
    assert.equal(mapData.operationalLayers[0].itemId, ids.service);

    const same = await stack.preview({ diff: true });
    assert.deepEqual(same.changeSummary, { same: 4 }, same.stdout);

    await stack.setConfig("portal-item:serviceTitle", { value: "Streets (centrelines)" });
    const edit = await stack.preview({ diff: true });
    // the map's text reads service.itemId, unknown while the service is updated in a preview
    assert.ok(!edit.changeSummary.create && !edit.changeSummary.delete && !edit.changeSummary.replace, edit.stdout);
    assert.match(edit.stdout, /title\s*: "Streets" => "Streets \(centrelines\)"/);
    const up2 = await stack.up();
    assert.deepEqual(up2.summary.resourceChanges, { same: 3, update: 1 }, up2.stdout);
    assert.equal(up2.outputs.serviceId.value, ids.service);
    assert.equal((await portalGet(emu, `content/items/${ids.service}`)).title, "Streets (centrelines)");

    const state = rawStateFile(project, "portal-item", "dev");
    assert.ok(state.includes("streets_reader"), "the state holds the service item");
    assert.ok(!state.includes(SERVICE_PASSWORD), "servicePassword is in the state in plain text");
    assert.ok(!state.includes(emu.tokens.dev_publisher), "the portal token is in the state in plain text");
    const service = JSON.parse(state).checkpoint.latest.resources.find((r: any) => r.type.endsWith("portal:PortalItem") && r.outputs?.title === "Streets (centrelines)");
    assert.equal(service.outputs.servicePassword["4dabf18193072939515e22adb298388d"], "1b47061264138c4ac30d75fd1eb44270");

    await stack.destroy();
    assert.deepEqual((await ownItems(emu)).map((i) => i.id).sort(), fixtureItems);
  });
});
