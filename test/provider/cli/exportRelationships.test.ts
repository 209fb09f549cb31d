// Export's relationships (issue 46): an organization whose items hold relationships of several types
// in both directions, two types between the same two items, and a relationship from an item of one
// owner into another's. Read by the export against the emulator (a real HTTP server): every
// relationship is found once with its type and direction, the program writes each once (declared on
// an item or listed as not declared), the whole organization is read forward alone with one
// relatedItems request per item (plus the few that attribute a type), and an --owner export still
// finds the relationship whose origin it leaves out.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { clientFromConfig } from "../../../provider/config";
import { readOrganization, type OrgSnapshot } from "../../../cli/export/read";
import { renderProgram } from "../../../cli/export/program";
import { portalPost } from "../resources/portalCalls";
import { RELATIONSHIP_TYPES } from "../../../spec/limits";

type Rel = { originItemId: string; destinationItemId: string; type: string };
const key = (r: Rel) => `${r.originItemId} ${r.type} ${r.destinationItemId}`;

describe("export: relationships of several types in both directions, each written once (issue 46)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let dir: string;
  const ids: Record<string, string> = {};
  const owner: Record<string, string> = {};
  let seeded: Rel[] = [];

  const add = async (name: string, user: string, fields: Record<string, string>) => {
    ids[name] = (await portalPost(emu, user, `content/users/${user}/addItem`, { title: name, ...fields })).id;
    owner[ids[name]] = user;
  };
  const relate = async (origin: string, type: string, destination: string) => {
    await portalPost(emu, "dev_admin", "content/users/dev_admin/addRelationship", { originItemId: ids[origin], destinationItemId: ids[destination], relationshipType: type });
    seeded.push({ originItemId: ids[origin], destinationItemId: ids[destination], type });
  };

  before(async () => {
    emu = await startEmulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-relationships-"));
    const webMap = { type: "Web Map", text: JSON.stringify({ operationalLayers: [] }) };
    await add("map1", "dev_admin", webMap);
    await add("map2", "dev_publisher", webMap);
    await add("lonely", "dev_admin", webMap);
    await add("parcels", "dev_admin", { type: "Feature Service", url: "https://gis.example.com/arcgis/rest/services/Parcels/FeatureServer" });
    await add("roads", "dev_admin", { type: "Map Service", url: "https://gis.example.com/arcgis/rest/services/Roads/MapServer" });
    await add("table", "dev_admin", { type: "Feature Collection", text: JSON.stringify({ layers: [] }) });
    await add("app", "dev_admin", { type: "Web Mapping Application", url: "https://apps.example.com/streets" });
    await add("report", "dev_admin", { type: "PDF", url: "https://docs.example.com/report.pdf" });
    seeded = [];
    await relate("map1", "Map2Service", "parcels");
    await relate("map1", "Map2Service", "roads");
    await relate("map2", "Map2Service", "parcels"); // from dev_publisher's map into dev_admin's service
    await relate("parcels", "Service2Data", "table");
    await relate("parcels", "Service2Service", "roads");
    await relate("map1", "Map2AppConfig", "app");
    await relate("map1", "Item2Attachment", "report");
    await relate("map1", "Item2Report", "report"); // two types between the same two items
    await relate("roads", "Listed2Provisioned", "map2");
  });
  after(async () => {
    await emu?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const relatedItemsRequests = async () => {
    const log = ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: Array<{ method: string; path: string }> }).requests;
    return log.filter((q) => q.path.includes("/relatedItems")).map((q) => new URL(q.path, "http://x").searchParams);
  };

  async function exported(owners: string[]): Promise<OrgSnapshot> {
    await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
    const client = clientFromConfig(undefined, { PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin });
    try {
      const out = fs.mkdtempSync(path.join(dir, "out-"));
      return await readOrganization(client, { dir: out, owners, items: true, schemas: false, progress: () => undefined });
    } finally {
      await client.close();
    }
  }

  /** Every relationship the program writes: declared on an item, or in the "not declared" list. */
  function written(program: string): Rel[] {
    const out: Rel[] = [];
    for (const block of program.split("new portal.PortalItem(").slice(1)) {
      const item = /adoptItemId: "([0-9a-f]{32})"/.exec(block)?.[1];
      const rel = /relationship: \{ type: "(\w+)", (originItemId|destinationItemId): "([0-9a-f]{32})" \}/.exec(block);
      if (item && rel) out.push(rel[2] === "originItemId" ? { originItemId: rel[3], destinationItemId: item, type: rel[1] } : { originItemId: item, destinationItemId: rel[3], type: rel[1] });
    }
    for (const m of program.matchAll(/^\/\/ {3}(\w+): ([0-9a-f]{32}) → ([0-9a-f]{32})$/gm)) out.push({ type: m[1], originItemId: m[2], destinationItemId: m[3] });
    return out;
  }

  it("the whole organization: every relationship once, with its type; forward alone, one request per item plus the attributing few", async () => {
    const snapshot = await exported([]);
    assert.deepEqual(snapshot.relationships.map(key).sort(), seeded.map(key).sort());
    const program = renderProgram(snapshot).text;
    assert.deepEqual(written(program).map(key).sort(), seeded.map(key).sort(), "each relationship written once");
    const asked = await relatedItemsRequests();
    assert.ok(asked.every((p) => p.get("direction") === "forward"), "forward alone");
    assert.ok(asked.every((p) => p.get("relationshipType") === null && (p.get("relationshipTypes") ?? "") !== ""), "relationshipTypes");
    const items = snapshot.items.length + snapshot.skipped.length;
    // one request naming every type per item; the origins' answers then take a few more
    assert.equal(asked.filter((p) => (p.get("relationshipTypes") ?? "").split(",").length === RELATIONSHIP_TYPES.length).length, items);
    assert.ok(asked.length <= items + 2 * seeded.length, `${asked.length} relatedItems requests for ${items} items and ${seeded.length} relationships`);
  });

  it("--owner: the relationship whose origin is another owner's is still found (reverse), once", async () => {
    const snapshot = await exported(["dev_admin"]);
    const mine = (r: Rel) => owner[r.originItemId] === "dev_admin" || owner[r.destinationItemId] === "dev_admin";
    assert.deepEqual(snapshot.relationships.map(key).sort(), seeded.filter(mine).map(key).sort());
    assert.ok(snapshot.relationships.some((r) => r.originItemId === ids.map2 && r.destinationItemId === ids.parcels), "map2 → parcels, found from parcels");
    const asked = await relatedItemsRequests();
    assert.ok(asked.some((p) => p.get("direction") === "reverse"));
    assert.deepEqual(written(renderProgram(snapshot).text).map(key).sort(), seeded.filter(mine).map(key).sort());
  });
});
