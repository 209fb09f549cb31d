// FeatureService's item folder and sharing and a field domain through the real engine and the packed
// package: up creates the service in a Folder, shared to a Group, with a coded-value domain; a preview
// of a domain change shows the line naming the coded value added; up applies it; refresh finds no drift.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, emulatorStackConfig, fixtureStack, type FixtureProject } from "../support/pulumi";

const KINDS = `[{ name: "Bus", code: 1 }, { name: "Tram", code: 2 }]`;
const program = (kinds: string) => `
const portal = require("pulumi-gis-portal");
const folder = new portal.Folder("data", { title: "Depot data" });
const editors = new portal.Group("editors", { title: "Depot editors", access: "org" });
const service = new portal.FeatureService("depots", {
  name: "Depots",
  folder: folder.folderId,
  sharing: { access: "org", groups: [editors.groupId] },
  capabilities: "Query",
  layers: {
    depots: {
      geometryType: "esriGeometryPoint",
      fields: [
        { name: "code", type: "esriFieldTypeString", length: 10 },
        { name: "kind", type: "esriFieldTypeSmallInteger", domain: { type: "codedValue", name: "Kinds", codedValues: ${kinds} } },
      ],
    },
  },
});
exports.itemId = service.itemId;
exports.folderId = folder.folderId;
exports.groupId = editors.groupId;
exports.layerUrl = service.layers["depots"].url;
`;

describe("e2e FeatureService: folder, sharing and a field domain", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  const get = async (url: string) => (await (await fetch(`${url}${url.includes("?") ? "&" : "?"}f=json&token=${emu.tokens.dev_publisher}`)).json()) as any;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("feature-service-item", program(KINDS));
    stack = await fixtureStack(project, "dev", emulatorStackConfig(emu, "dev_publisher"));
  });
  after(async () => Promise.all([emu?.close(), project?.remove()]));

  it("creates in the folder shared to the group; a domain change is planned, applied, and refresh finds no drift", async () => {
    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    const [itemId, folderId, groupId, layerUrl] = ["itemId", "folderId", "groupId", "layerUrl"].map((k) => up.outputs[k]!.value as string);
    const held = await get(`${emu.sharingUrl}/content/users/dev_publisher/items/${itemId}`);
    assert.equal(held.item.ownerFolder, folderId);
    assert.deepEqual([held.sharing.access, held.sharing.groups], ["org", [groupId]]);
    const kind = async () => (await get(layerUrl)).fields.find((f: { name: string }) => f.name === "kind").domain;
    assert.deepEqual((await kind()).codedValues, [{ name: "Bus", code: 1 }, { name: "Tram", code: 2 }]);

    fs.writeFileSync(path.join(project.dir, "index.js"), program(`[{ name: "Bus", code: 1 }, { name: "Tram", code: 2 }, { name: "Metro", code: 3 }]`));
    const preview = await stack.preview({ diff: true });
    // the diff prints plannedChanges as JSON strings: quotes escaped
    assert.ok(preview.stdout.replace(/\\"/g, '"').includes('~ field kind: domain coded values "Kinds" (2) → coded values "Kinds" (3): + "Metro" = 3'), preview.stdout);
    assert.equal(preview.changeSummary.update, 1, JSON.stringify(preview.changeSummary));
    assert.equal((await stack.up()).summary.result, "succeeded");
    assert.deepEqual((await kind()).codedValues.map((v: { code: number }) => v.code), [1, 2, 3]);

    const refresh = await stack.refresh();
    assert.equal(refresh.summary.resourceChanges?.update ?? 0, 0, refresh.stdout);
    const again = await stack.preview();
    assert.ok(!again.changeSummary.update && !again.changeSummary.replace && !again.changeSummary.create, JSON.stringify(again.changeSummary));
  });
});
