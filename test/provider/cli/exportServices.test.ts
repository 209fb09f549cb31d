// export writes a FeatureService per hosted feature service (adopted by item id, with its name, item
// fields, service properties, layers and tables as the portal holds them), reading each service with
// two requests (the service JSON and <service>/layers) and no item data; --no-services writes them as
// PortalItems, as before. A feature service item the portal does not host stays a PortalItem.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resourceProviders } from "../../../provider/resources";
import { exportInProcess } from "./exportRun";
import { clearRequestLog, portalPost, requestLog } from "../resources/portalCalls";
import { makeService, THREE_SERVICES } from "../resources/serviceCalls";

const { featureService } = resourceProviders;

/** The lines of the program from the comment above `new portal.<cls>("<name>"` to its closing `}, adopted);`. */
function block(program: string, cls: string, name: string): string {
  const lines = program.split("\n");
  const at = lines.findIndex((l) => l.includes(`new portal.${cls}(${JSON.stringify(name)}`));
  assert.ok(at > 0, `no ${cls} ${name} in:\n${program}`);
  const end = lines.findIndex((l, i) => i > at && l === "}, adopted);");
  return lines.slice(at - 1, end + 1).join("\n");
}

describe("export: hosted feature services as FeatureService resources (--no-services)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let tmp: string;
  const made: Record<string, { itemId: string; url: string }> = {};
  let folderId: string;
  let groupId: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-services-"));
    // Parcels lives in a folder and is shared with the organization and a group
    folderId = (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: "Cadastre" })).folder.id;
    groupId = (await portalPost(emu, "dev_admin", "community/createGroup", { title: "Surveyors", access: "org" })).group.id;
    for (const s of THREE_SERVICES) made[s.name] = await makeService(emu, "dev_admin", s.name === "Parcels" ? { ...s, folder: folderId, share: { org: "true", groups: groupId } } : s);
    // a feature service the portal does not host: an item with a url, as before
    await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Their parcels", type: "Feature Service", url: "https://gis.example.com/arcgis/rest/services/Parcels/FeatureServer" });
  });
  after(async () => {
    await emu?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("writes each hosted service's FeatureService, two reads a service and no data read", async () => {
    await clearRequestLog(emu);
    const r = await exportInProcess(emu, tmp, ["--no-schemas", "--no-groups", "--no-members"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /4 hosted feature service\(s\) read with their layers/);
    assert.match(r.err, /wrote .*: 5 item\(s\) \(4 hosted feature service\(s\)\)/);
    const { itemId } = made.WeatherStations!;
    assert.equal(block(r.program, "FeatureService", "weather-stations"), [
      `// "Weather stations" (hosted Feature Service), owner dev_admin, item ${itemId}`,
      'const weatherStations = new portal.FeatureService("weather-stations", {',
      `  adoptItemId: "${itemId}",`,
      '  name: "WeatherStations",',
      '  title: "Weather stations",',
      '  tags: ["weather", "stations"],',
      '  snippet: "Where we measure",',
      '  sharing: { access: "private" },',
      '  capabilities: "Query,Create,Update,Delete,Editing",',
      "  maxRecordCount: 5000,",
      "  spatialReference: { wkid: 4326 },",
      "  allowGeometryUpdates: true,",
      "  layers: {",
      "    stations: {",
      '      geometryType: "esriGeometryPoint",',
      "      fields: [",
      '        { name: "station_id", type: "esriFieldTypeString", length: 20, nullable: false },',
      '        { name: "name", type: "esriFieldTypeString", alias: "Station name" },',
      '        { name: "elevation", type: "esriFieldTypeDouble" },',
      "      ],",
      "      indexes: [",
      '        { fields: "station_id", isUnique: true },',
      "      ],",
      '      displayField: "name",',
      "    },",
      "  },",
      "  tables: {",
      "    readings: {",
      "      fields: [",
      '        { name: "station_id", type: "esriFieldTypeString", length: 20 },',
      '        { name: "taken", type: "esriFieldTypeDate", alias: "Taken at" },',
      '        { name: "value", type: "esriFieldTypeDouble" },',
      "      ],",
      "      indexes: [",
      '        { name: "readings_station", fields: "station_id", isAscending: false },',
      "      ],",
      "    },",
      "  },",
      "}, adopted);",
    ].join("\n"));
    assert.match(block(r.program, "FeatureService", "parcels"), /objectIdField: "FID",\n {6}globalIdField: "GlobalID",/);
    // --no-groups: the folder by id, the access only (the groups it is shared with are not managed)
    assert.ok(block(r.program, "FeatureService", "parcels").includes(`  description: "<p>Cadastre</p>",\n  folder: "${folderId}",\n  sharing: { access: "org" },\n  capabilities: "Query",\n`), r.program);
    assert.match(block(r.program, "PortalItem", "their-parcels"), /type: "Feature Service",[\s\S]*url: "https:\/\/gis\.example\.com\/arcgis\/rest\/services\/Parcels\/FeatureServer"/);
    // the three made here and the emulator's own (dev_publisher's Stations)
    assert.equal(r.program.split("new portal.FeatureService(").length - 1, 4);
    const log = (await requestLog(emu)).map((q) => q.path.split("?")[0]!);
    for (const s of THREE_SERVICES) {
      const service = new URL(made[s.name]!.url).pathname;
      assert.deepEqual(log.filter((p) => p.startsWith(`${service}`)).sort(), [service, `${service}/layers`], `${s.name}: two reads`);
      assert.ok(!log.some((p) => p.endsWith(`/content/items/${made[s.name]!.itemId}/data`)), `${s.name}: no item data read`);
    }
  });

  it("writes a service's folder and sharing as a PortalItem's: the Folder's and the Group's outputs", async () => {
    const r = await exportInProcess(emu, tmp, ["--no-schemas", "--no-members"]);
    assert.equal(r.code, 0, r.err);
    const folder = new RegExp(`const (\\w+) = new portal\\.Folder\\("[^"]+", \\{ adoptFolderId: "${folderId}"`).exec(r.program);
    assert.ok(folder, r.program);
    const group = new RegExp(`const (\\w+) = new portal\\.Group\\("[^"]+", \\{\\n  adoptGroupId: "${groupId}"`).exec(r.program);
    assert.ok(group, r.program);
    const parcels = block(r.program, "FeatureService", "parcels");
    assert.ok(parcels.includes(`\n  folder: ${folder[1]}.folderId,\n  sharing: { access: "org", groups: [${group[1]}.groupId] },\n`), parcels);
    const inspections = block(r.program, "FeatureService", "inspections");
    assert.ok(inspections.includes('\n  sharing: { access: "private", groups: [] },\n'), inspections);
    assert.doesNotMatch(inspections, /folder:/, "a service in the root folder: no folder written");
  });

  it("adopts a service with its folder and sharing as held: no change, no write; another folder or sharing is planned", async () => {
    await featureService.configure!({ config: { get: (k: string) => ({ "portal:url": emu.portalUrl, "portal:token": emu.tokens.dev_admin })[k], require: () => "" } } as any);
    const { itemId } = made.Parcels!;
    const held = { adoptItemId: itemId, name: "Parcels", folder: folderId, sharing: { access: "org", groups: [groupId] } };
    await clearRequestLog(emu);
    const c = await featureService.check!({}, held);
    assert.deepEqual(c.failures ?? [], []);
    assert.deepEqual(c.inputs!.plannedChanges, [`= adopt feature service Parcels (${itemId}): no change`]);
    await featureService.create(c.inputs!);
    assert.deepEqual((await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => q.path), [], "an adopt that agrees moves and shares nothing");
    const archive = (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: "Archive" })).folder.id;
    const other = await featureService.check!({}, { ...held, folder: archive, sharing: { access: "private", groups: [] } });
    assert.deepEqual(other.failures ?? [], []);
    const lines = other.inputs!.plannedChanges as string[];
    assert.equal(lines[0], `= adopt feature service Parcels (${itemId})`, lines.join("\n"));
    assert.ok(lines.some((l) => l.includes("Cadastre") && l.includes("Archive")), `a line names both folders:\n${lines.join("\n")}`);
    assert.ok(lines.some((l) => l.startsWith("~ sharing:")), lines.join("\n"));
  });

  it("--no-services writes them as PortalItems (their item fields, url and type)", async () => {
    const r = await exportInProcess(emu, tmp, ["--no-schemas", "--no-groups", "--no-members", "--no-services"]);
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.program, /new portal\.FeatureService\(/);
    const item = block(r.program, "PortalItem", "weather-stations");
    assert.match(item, new RegExp(`adoptItemId: "${made.WeatherStations!.itemId}",`));
    assert.match(item, /type: "Feature Service",/);
    assert.match(item, new RegExp(`url: "${made.WeatherStations!.url.replace(/[.]/g, "\\.")}",`));
    assert.equal(r.program.split("new portal.PortalItem(").length - 1, 5);
  });
});
