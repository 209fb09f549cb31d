// arcgis-rest-js 4.x getRelatedItems against the emulator with an array of types (REST "Related
// Items" `relationshipTypes`, issue 46): the array goes out comma-separated as relationshipTypes, the
// answer holds every item related by any of the types, once each, in the asked direction; an unknown
// type in the array is refused. The export's reading of the same organization agrees with what the
// third-party client finds type by type.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISRequestError } from "@esri/arcgis-rest-request";
import { addItemRelationship, createItem, getRelatedItems, type ItemRelationshipType } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, sentField, start, stop } from "./support";
import { clientFromConfig } from "../../../provider/config";
import { readOrganization } from "../../../cli/export/read";

describe("arcgis-rest-js: getRelatedItems with an array of relationship types", () => {
  let emu: RunningEmulator;
  const ids: Record<string, string> = {};
  const TYPES: ItemRelationshipType[] = ["Map2Service", "Map2AppConfig", "Item2Attachment", "Item2Report", "Service2Data"];

  before(async () => {
    emu = await start();
    const item = async (name: string, type: string, extra: Record<string, string>) => {
      ids[name] = (await createItem({ ...as(emu, "dev_user"), item: { title: name, type, ...extra }, ...(type === "Web Map" ? { text: "{}" } : {}) })).id;
    };
    await item("map", "Web Map", {});
    await item("service", "Feature Service", { url: "https://example.com/arcgis/rest/services/S/FeatureServer" });
    await item("app", "Web Mapping Application", { url: "https://apps.example.com/a" });
    await item("report", "PDF", { url: "https://docs.example.com/r.pdf" });
    await item("source", "Web Map", {});
    const relate = (o: string, t: ItemRelationshipType, d: string) => addItemRelationship({ ...as(emu, "dev_user"), originItemId: ids[o], destinationItemId: ids[d], relationshipType: t });
    await relate("map", "Map2Service", "service");
    await relate("map", "Map2AppConfig", "app");
    await relate("map", "Item2Attachment", "report");
    await relate("map", "Item2Report", "report");
    await relate("service", "Service2Data", "source");
    await relate("source", "Map2Service", "map");
  });
  after(async () => stop(emu));

  const relatedIds = async (id: string, relationshipType: ItemRelationshipType | ItemRelationshipType[], direction: "forward" | "reverse") =>
    (await getRelatedItems({ ...as(emu, "dev_user"), id, relationshipType, direction })).relatedItems.map((i) => i.id).sort();

  it("an array goes out as relationshipTypes, comma-separated; the answer is the union, each item once", async () => {
    const forward = await getRelatedItems({ ...as(emu, "dev_user"), id: ids.map, relationshipType: TYPES, direction: "forward" });
    const sent = lastSent(`/content/items/${ids.map}/relatedItems`);
    assert.equal(sent.method, "GET");
    assert.equal(sentField(sent, "relationshipTypes"), TYPES.join(","));
    assert.equal(sentField(sent, "relationshipType"), undefined);
    assert.deepEqual(forward.relatedItems.map((i) => i.id).sort(), [ids.service, ids.app, ids.report].sort(), "report once, though two types relate it");
    assert.equal(forward.total, 3);
    assert.deepEqual(await relatedIds(ids.map, TYPES, "reverse"), [ids.source]);
    assert.deepEqual(await relatedIds(ids.map, ["Item2Attachment", "Item2Report"], "forward"), [ids.report]);
    assert.deepEqual(await relatedIds(ids.map, ["Service2Data"], "forward"), []);
    assert.deepEqual(await relatedIds(ids.service, ["Map2Service", "Service2Data"], "reverse"), [ids.map]);
  });

  it("an unknown type in the array is refused (400), not ignored", async () => {
    const err = await rejection(getRelatedItems({ ...as(emu, "dev_user"), id: ids.map, relationshipType: ["Map2Service", "Map2Nothing" as ItemRelationshipType], direction: "forward" }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, 400);
  });

  it("the export reads the relationships the client finds type by type, each once", async () => {
    const truth: string[] = [];
    for (const id of Object.values(ids)) {
      for (const t of TYPES) for (const other of await relatedIds(id, t, "forward")) truth.push(`${id} ${t} ${other}`);
    }
    const client = clientFromConfig(undefined, { PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_user });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "related-export-"));
    try {
      const snapshot = await readOrganization(client, { dir, owners: [], items: true, schemas: false, groups: false, progress: () => undefined });
      const read = snapshot.relationships.filter((r) => Object.values(ids).includes(r.originItemId)).map((r) => `${r.originItemId} ${r.type} ${r.destinationItemId}`);
      assert.deepEqual(read.sort(), truth.sort());
      assert.equal(truth.length, 6);
    } finally {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
