// The organization the scale and pace benches seed through the portal REST API: N items (Web Maps,
// small CSV files and, one in 25, Feature Services), spread over three owners and 50 folders; 100
// groups (members, one item in ten of two owners shared with one); a category tree; and
// relationships of several types in both directions around the services (Map2Service from the maps
// on either side, Service2Data to a CSV, Item2Attachment from a map to a CSV one in a hundred).
// Also the emulator's request log, read and cleared, and where its requests went.
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT, type EmulatorProcess } from "./emulatorProcess";

const OWNERS = ["dev_admin", "dev_publisher", "dev_user"];
const FOLDERS = 50;
const GROUPS = 100;
const PARALLEL = 16;

async function post(emu: EmulatorProcess, user: string, p: string, fields: Record<string, string>): Promise<any> {
  const r = await fetch(`${emu.sharingUrl}/${p}`, { method: "POST", body: new URLSearchParams({ f: "json", token: emu.tokens[user], ...fields }) });
  const j: any = await r.json();
  if (j.error) throw new Error(`${p}: ${JSON.stringify(j.error)}`);
  return j;
}

async function inParallel<T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (next < n) {
      const i = next++;
      out[i] = await f(i);
    }
  }));
  return out;
}

const kindOf = (i: number) => (i % 5 === 4 ? "csv" : i % 25 === 2 ? "service" : "map");

/** The organization of `n` items; the count of relationships made. */
export async function seedOrganization(emu: EmulatorProcess, n: number): Promise<{ relationships: number }> {
  const self = await (await fetch(`${emu.sharingUrl}/portals/self?f=json&token=${emu.tokens.dev_admin}`)).json() as { id: string };
  const tree = [{ title: "Categories", categories: Array.from({ length: 8 }, (_, i) => ({ title: `Theme ${i}`, categories: Array.from({ length: 5 }, (_, j) => ({ title: `Topic ${i}.${j}` })) })) }];
  await post(emu, "dev_admin", `portals/${self.id}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: tree }) });
  const folders = await inParallel(FOLDERS, async (i) => (await post(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: `Folder ${String(i).padStart(2, "0")}` })).folder.id as string);
  const groups = await inParallel(GROUPS, async (i) => {
    const g = (await post(emu, "dev_admin", "community/createGroup", { title: `Group ${String(i).padStart(3, "0")}`, access: "org", tags: "bench" })).group.id as string;
    await post(emu, "dev_admin", `community/groups/${g}/addUsers`, { users: i % 2 === 0 ? "dev_publisher" : "dev_publisher,dev_user" });
    return g;
  });
  const ids = await inParallel(n, async (i) => {
    const owner = OWNERS[i % OWNERS.length];
    const where = owner === "dev_admin" && i % 2 === 0 ? `${folders[i % FOLDERS]}/` : "";
    if (kindOf(i) === "csv") {
      const form = new FormData();
      for (const [k, v] of Object.entries({ f: "json", token: emu.tokens[owner], title: `Table ${i}`, type: "CSV", tags: "bench,table" })) form.append(k, v);
      form.append("file", new Blob([`id,name\n${i},row ${i}\n`]), `table-${i}.csv`);
      const r: any = await (await fetch(`${emu.sharingUrl}/content/users/${owner}/${where}addItem`, { method: "POST", body: form })).json();
      if (!r.success) throw new Error(JSON.stringify(r));
      return r.id as string;
    }
    const fields: Record<string, string> = kindOf(i) === "service"
      ? { title: `Service ${i}`, type: "Feature Service", url: `https://gis.example.com/arcgis/rest/services/S${i}/FeatureServer`, tags: "bench,service" }
      : { title: `Map ${i}`, type: "Web Map", text: JSON.stringify({ operationalLayers: [], baseMap: { title: `Base ${i}`, baseMapLayers: [] }, version: "2.31" }), tags: "bench,map", categories: `/Categories/Theme ${i % 8}/Topic ${i % 8}.${i % 5}` };
    const r = await post(emu, owner, `content/users/${owner}/${where}addItem`, fields);
    if (i % 10 === 0 && owner !== "dev_user") await post(emu, owner, `content/users/${owner}/items/${r.id}/share`, { groups: groups[i % GROUPS], org: "true" });
    return r.id as string;
  });
  const rels: Array<[number, string, number]> = [];
  for (let i = 0; i < n; i++) {
    if (kindOf(i) === "service") {
      for (const m of [i - 1, i + 1]) if (m >= 0 && m < n && kindOf(m) === "map") rels.push([m, "Map2Service", i]);
      if (i + 2 < n && kindOf(i + 2) === "csv") rels.push([i, "Service2Data", i + 2]);
    }
    if (i % 100 === 3 && i + 1 < n && kindOf(i) === "map" && kindOf(i + 1) === "csv") rels.push([i, "Item2Attachment", i + 1]);
  }
  await inParallel(rels.length, async (k) => {
    const [o, type, d] = rels[k];
    await post(emu, "dev_admin", "content/users/dev_admin/addRelationship", { originItemId: ids[o], destinationItemId: ids[d], relationshipType: type });
  });
  return { relationships: rels.length };
}

export type Logged = { seq: number; method: string; path: string; status?: number };

export async function requests(emu: EmulatorProcess): Promise<Logged[]> {
  return ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: Logged[] }).requests;
}
export const clearRequests = (emu: EmulatorProcess) => fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });

/**
 * Every request the emulator logs while `run` runs. Its log keeps the last 10,000 entries, fewer
 * than a large export sends: read every `everyMs` while it runs, merged by sequence number.
 */
export async function recorded<T>(emu: EmulatorProcess, run: () => Promise<T>, everyMs = 500): Promise<{ result: T; log: Logged[] }> {
  await clearRequests(emu);
  const seen = new Map<number, Logged>();
  const take = async () => {
    for (const q of await requests(emu)) seen.set(q.seq, q);
  };
  let done = false;
  const poll = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, everyMs));
      await take();
    }
  })();
  let result: T;
  try {
    result = await run();
  } finally {
    done = true;
    await poll;
    await take();
  }
  return { result, log: [...seen.values()].sort((a, b) => a.seq - b.seq) };
}

/** "GET search 412, GET data 100, …": where the requests went (ids folded into {id}). */
export function breakdown(log: ReadonlyArray<{ method: string; path: string }>, top = 8): string {
  const counts = new Map<string, number>();
  for (const q of log) {
    const op = `${q.method} ${q.path.split("?")[0].replace(/^.*\/sharing\/rest\//, "").replace(/[0-9a-f]{32}/gi, "{id}").replace(/users\/\w+/g, "users/{u}")}`;
    counts.set(op, (counts.get(op) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `${k} ${v}`).join(", ");
}

/** `one(n)` for each count in turn, once the package is built (the CLI and the emulator run from dist/). */
export async function forEachCount<T>(counts: readonly number[], one: (n: number) => Promise<T>): Promise<T[]> {
  if (!fs.existsSync(path.join(ROOT, "dist/cli/index.js"))) throw new Error("build first (npm run build)");
  const rows: T[] = [];
  for (const n of counts) rows.push(await one(n));
  return rows;
}
