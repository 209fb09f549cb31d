// export writes a FeatureService per hosted feature service (adopted by item id, with its name, item
// fields, service properties, layers and tables as the portal holds them), reading each service with
// two requests (the service JSON and <service>/layers) and no item data; --no-services writes them as
// PortalItems, as before. A feature service item the portal does not host stays a PortalItem.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { exportInProcess } from "./exportRun";
import { clearRequestLog, portalPost, requestLog } from "../resources/portalCalls";
import { makeService, THREE_SERVICES } from "../resources/serviceCalls";

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

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-services-"));
    for (const s of THREE_SERVICES) made[s.name] = await makeService(emu, "dev_admin", s);
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
      `// "Weather stations" (hosted Feature Service), owner dev_admin, item ${itemId}: its folder and sharing stay as the portal holds them`,
      'const weatherStations = new portal.FeatureService("weather-stations", {',
      `  adoptItemId: "${itemId}",`,
      '  name: "WeatherStations",',
      '  title: "Weather stations",',
      '  tags: ["weather", "stations"],',
      '  snippet: "Where we measure",',
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
