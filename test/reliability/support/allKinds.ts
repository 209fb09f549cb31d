// A program with every resource kind (three PortalItems — text, url with a relationship, a file
// big enough for multipart — an ItemStatus, a CategorySchema and a LayerAppend) and what a stack of
// it must hold once it converged: one item per PortalItem and none besides (the stack marker finds
// every item the package made for the stack), the appended rows once, the tree and the status.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator";
import { stackMarker } from "../../../provider/resources/portalItem/identity";
import { layerRows } from "../../provider/resources/layerAppendCalls";
import { contentSchemaOf, contentStatusOf } from "../../provider/resources/portalCalls";

/** Six parts of 5 MB: some are always still to send when one lands. */
export const BIG_FILE_BYTES = 26 * 1024 * 1024;

/**
 * `upsert` makes the LayerAppend an upsert on the unique station_id (safe to send again). The
 * LayerAppend waits for the other resources (dependsOn): a kill at an item or schema point then
 * never lands while a plain append is in flight, which docs/recovery.md rightly leaves to a person
 * (the append may have run); the append's own kill point is "after the append job started".
 */
export function allKindsProgram(o: { upsert: boolean }): string {
  const mode = o.upsert ? `upsert: true, upsertMatchingField: "station_id"` : "upsert: false";
  return `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
const map = new portal.PortalItem("map", { type: "Web Map", title: config.get("mapTitle") || "City map", text: { operationalLayers: [] } });
const app = new portal.PortalItem("app", { type: "Web Mapping Application", title: "City app", url: "https://apps.example.com/city", relationship: { type: "Map2AppConfig", originItemId: map.itemId } });
const big = new portal.PortalItem("big", { type: "Image", title: "Big image", file: "big.bin" });
const status = new portal.ItemStatus("map-status", { itemId: map.itemId, status: "org_authoritative" });
const cats = new portal.CategorySchema("cats", { categorySchema: [{ title: "Categories", categories: [{ title: "Water" }, { title: "Land" }] }] });
new portal.LayerAppend("load", { layerUrl: config.require("layerUrl"), ${mode}, edits: { features: [
  { attributes: { station_id: "K1", name: "Kill 1" } }, { attributes: { station_id: "K2", name: "Kill 2" } }, { attributes: { station_id: "K3", name: "Kill 3" } },
] } }, { dependsOn: [map, app, big, status, cats] });
`;
}

/** The items of `owner` that carry the stack marker of `<project>/<stack>`. */
export async function markedItems(emu: RunningEmulator, owner: string, project: string, stack: string): Promise<any[]> {
  const q = new URLSearchParams({ q: `owner:${owner}`, num: "100", f: "json", token: emu.tokens[owner] });
  const search: any = await (await fetch(`${emu.sharingUrl}/search?${q}`)).json();
  const marker = stackMarker(`${project}/${stack}`);
  return search.results.filter((i: any) => (i.typeKeywords ?? []).includes(marker));
}

export interface Expected {
  project: string;
  stack: string;
  /** `pulumi stack export`'s deployment. */
  deployment: any;
  rowsBefore: number;
  mapTitle?: string;
}

/** Portal and state agree with the program, with nothing doubled and nothing left behind. */
export async function assertAllKindsConverged(emu: RunningEmulator, e: Expected): Promise<void> {
  assert.deepEqual(e.deployment.pending_operations ?? [], [], "no pending operation");
  const held = e.deployment.resources.filter((r: any) => r.type.endsWith("portal:PortalItem")).map((r: any) => r.outputs.itemId).sort();
  assert.equal(held.length, 3, "three PortalItems in state");
  const marked = await markedItems(emu, "dev_admin", e.project, e.stack);
  assert.deepEqual(marked.map((i) => i.id).sort(), held, "every item of the stack is in the state: no duplicate, no orphan");
  assert.deepEqual(marked.map((i) => i.title).sort(), ["Big image", "City app", e.mapTitle ?? "City map"].sort());
  const rows = await layerRows(emu, "dev_admin", "Stations");
  assert.deepEqual(rows.filter((r) => /^K\d$/.test(r.station_id)).map((r) => r.station_id).sort(), ["K1", "K2", "K3"], "the appended rows, once");
  assert.equal(rows.length, e.rowsBefore + 3);
  assert.deepEqual((await contentSchemaOf(emu, "dev_admin")).map((n: any) => n.categories.map((c: any) => c.title)), [["Water", "Land"]]);
  const map = e.deployment.resources.find((r: any) => r.urn.endsWith("::map")).outputs.itemId;
  assert.equal(await contentStatusOf(emu, "dev_admin", map), "org_authoritative");
}
