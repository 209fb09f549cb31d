// Issue 28, acceptance "flaky": the all-kinds program converges through Toxiproxy's `flaky` profile
// (wan plus connection resets and stalled answers at random points, seeded) with no duplicate, no
// doubled row and no item left partial. Every resource kind — CategorySchema, MemberCategorySchema,
// Folder, Group, GroupMembership, PortalItem (in the folder, shared with the group, one with a
// relationship), ItemStatus and LayerAppend (a CSV of a few thousand rows, then a second CSV over
// part of it, both upserts on the unique station_id) — goes through the provider objects as `pulumi up` drives them: dependencies first, each
// dependent given its dependencies' ids; check then create; a create (or its check) that fails
// leaves no state, so the next `up` (a new provider host: configured again) runs check and create
// again with the same inputs. When everything is made, `up` is run again until one passes with no
// change (check and diff of every resource, nothing to update). Then the portal is read straight
// from the emulator, past the proxy.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { resourceProviders } from "../../provider/resources";
import { NetworkProxy, type Profile } from "../support/toxiproxy";

type Kind = keyof typeof resourceProviders;
type Inputs = Record<string, unknown>;

const USER = "dev_admin";
/** One representative seed in `npm test` (~25 s a seed); `npm run bench fault-seeds` sweeps ten (bench/fault-seeds.bench.ts). */
const SEEDS = (process.env.NETWORK_SEEDS ?? "21").split(",").map(Number);
/** The `up`s a resource may take before the run is called not converging. */
const MAX_UPS = 12;
/**
 * Under `flaky`, the chance toxics are drawn again on the open connections this often (ms;
 * NETWORK_REDRAW_MS, 0: never): the provider keeps its connections alive, and Toxiproxy draws a
 * connection's reset or stall once, so without this only a connection's first 400 ms are at risk.
 */
const REDRAW_MS = Number(process.env.NETWORK_REDRAW_MS ?? 1000);

const ROWS = 3000;
/** The upsert: rows UPSERT_FROM..UPSERT_TO; those up to ROWS are updated, the rest are new. */
const UPSERT_FROM = 2901;
const UPSERT_TO = 3200;

const CONTENT_TREE = [{ title: "Categories", categories: [{ title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }, { title: "Lakes" }] }, { title: "Land" }] }];
const MEMBER_TREE = [{ title: "Staff", categories: [{ title: "GIS", categories: [{ title: "Analysts" }] }, { title: "IT" }] }];
const MAPS = 4;

interface Decl {
  name: string;
  kind: Kind;
  /** The program's arguments, given the ids of what was made before (the engine resolves outputs first). */
  args: (id: (name: string) => string) => Inputs;
  /** The category trees read no URN (resources/organizationSchema.ts). */
  noUrn?: boolean;
}

const sid = (i: number) => `S${String(i).padStart(5, "0")}`;

/** The program, in the order the engine runs it (each declaration after the ones it uses). */
function program(files: { rows: string; upsert: string }, stations: string): Decl[] {
  const sourceInfo = { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } };
  const maps: Decl[] = Array.from({ length: MAPS }, (_, i) => ({
    name: `map-${i}`,
    kind: "portalItem",
    args: (id) => ({ type: "Web Map", title: `Net map ${i}`, text: { operationalLayers: [], version: "2.31", i }, tags: ["net"], folder: id("folder"), sharing: { access: "org", groups: [id("crews")] } }),
  }));
  return [
    { name: "content-categories", kind: "categorySchema", noUrn: true, args: () => ({ categorySchema: CONTENT_TREE }) },
    { name: "member-categories", kind: "memberCategorySchema", noUrn: true, args: () => ({ memberCategorySchema: MEMBER_TREE }) },
    { name: "folder", kind: "folder", args: () => ({ title: "Net field data" }) },
    { name: "crews", kind: "group", args: () => ({ title: "Net crews", access: "org", snippet: "field crews" }) },
    { name: "crews-members", kind: "groupMembership", args: (id) => ({ groupId: id("crews"), users: ["dev_user", "dev_viewer"], admins: ["dev_publisher"] }) },
    ...maps,
    {
      name: "service",
      kind: "portalItem",
      args: (id) => ({ type: "Feature Service", title: "Net service", url: "https://services.example.com/Net/FeatureServer", folder: id("folder"), sharing: { access: "org", groups: [id("crews")] }, relationship: { type: "Service2Data", destinationItemId: id("map-0") } }),
    },
    { name: "map-0-status", kind: "itemStatus", args: (id) => ({ itemId: id("map-0"), status: "org_authoritative" }) },
    { name: "map-1-status", kind: "itemStatus", args: (id) => ({ itemId: id("map-1"), status: "deprecated" }) },
    // Both appends are upserts on the unique station_id, as in test/reliability/support/allKinds.ts:
    // a plain append whose answer is lost after the portal ran it stops and leaves the decision to a
    // person (docs/recovery.md "LayerAppend"; spec.md#design-append-rerun), so it cannot converge
    // unattended under `flaky`. The load adds the CSV's rows; the second, run after it (dependsOn),
    // updates the last hundred and adds two hundred.
    { name: "stations-load", kind: "layerAppend", args: () => ({ layerUrl: stations, file: files.rows, appendSourceInfo: sourceInfo, upsert: true, upsertMatchingField: "station_id" }) },
    { name: "stations-upsert", kind: "layerAppend", args: () => ({ layerUrl: stations, file: files.upsert, appendSourceInfo: sourceInfo, upsert: true, upsertMatchingField: "station_id" }) },
  ];
}

const csvRow = (i: number, name: string, count: number) => `${sid(i)},${name},${count},${(i / 4).toFixed(2)},${(45 + (i % 1000) / 10000).toFixed(4)},${(-73 - (i % 500) / 10000).toFixed(4)}`;
const HEADER = "station_id,name,count,value,latitude,longitude";

interface Figures {
  /** create attempts per kind (one per create called, the first included) */
  attempts: Record<string, number>;
  /** failed creates and checks per kind, with the first line of each reason */
  failures: Record<string, string[]>;
  /** the `up`s run after every resource was made, until one passed with no change */
  settleUps: number;
  requests: number;
}

describe("network: every resource kind through Toxiproxy converges with nothing doubled or left partial (issue 28)", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let tmp: string;
  let files: { rows: string; upsert: string };

  before(async () => {
    emu = await startEmulator({ port: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "network-all-"));
    files = { rows: path.join(tmp, "stations.csv"), upsert: path.join(tmp, "stations-upsert.csv") };
    fs.writeFileSync(files.rows, [HEADER, ...Array.from({ length: ROWS }, (_, k) => csvRow(k + 1, `Station ${k + 1}`, k + 1))].join("\n") + "\n");
    fs.writeFileSync(files.upsert, [HEADER, ...Array.from({ length: UPSERT_TO - UPSERT_FROM + 1 }, (_, k) => csvRow(UPSERT_FROM + k, `Station ${UPSERT_FROM + k} v2`, 100_000 + UPSERT_FROM + k))].join("\n") + "\n");
  });
  after(async () => {
    delete process.env.PORTAL_APPEND_JOURNAL_DIR;
    await emu?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  // straight to the emulator, past the proxy
  const get = async (route: string, params: Record<string, string> = {}): Promise<any> => {
    const q = new URLSearchParams({ f: "json", token: emu.tokens[USER], ...params });
    return (await fetch(`${emu.sharingUrl}/${route}?${q}`)).json();
  };
  const queryLayer = async (params: Record<string, string>): Promise<any> => {
    const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_publisher, ...params });
    const json: any = await (await fetch(`${emu.serviceUrl}/Stations/FeatureServer/0/query?${q}`)).json();
    if (json.error) throw new Error(`query: ${JSON.stringify(json.error)}`);
    return json;
  };
  const itemsOf = async (): Promise<Array<{ id: string; title: string; ownerFolder?: string }>> => (await get("search", { q: `owner:${USER}`, num: "100" })).results;
  const groupsOf = async (): Promise<Array<{ id: string; title: string }>> => (await get("community/groups", { q: `owner:${USER}`, num: "100" })).results;
  const foldersOf = async (): Promise<Array<{ id: string; title: string }>> => (await get(`content/users/${USER}`)).folders;

  async function run(profile: Profile, seed: number): Promise<Figures> {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    // the project directory of this stack: the append journal lives there across `up`s
    const project = fs.mkdtempSync(path.join(tmp, `project-${profile}-${seed}-`));
    process.env.PORTAL_APPEND_JOURNAL_DIR = path.join(project, "appends");
    const before = { items: new Set((await itemsOf()).map((i) => i.id)), groups: new Set((await groupsOf()).map((g) => g.id)), folders: new Set((await foldersOf()).map((f) => f.id)) };
    await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });

    const proxy = new NetworkProxy(seed);
    await proxy.start(Number(new URL(emu.portalUrl).port), profile);
    const stopRedraws = profile === "flaky" && REDRAW_MS > 0 ? proxy.redrawFaults(profile, REDRAW_MS) : undefined;
    const figures: Figures = { attempts: {}, failures: {}, settleUps: 0, requests: 0 };
    const decls = program(files, `${proxy.origin}${new URL(emu.serviceUrl).pathname}/Stations/FeatureServer/0`);
    const state = new Map<string, { id: string; outs: Inputs; inputs: Inputs }>();
    try {
      const portalUrl = `${proxy.origin}${new URL(emu.portalUrl).pathname.replace(/\/$/, "")}`;
      const serviceUrl = `${proxy.origin}${new URL(emu.serviceUrl).pathname}`;
      const config: Record<string, string> = { "portal:url": portalUrl, "portal:token": emu.tokens[USER], "portal:serviceUrl": serviceUrl };
      /** A new `up`: the engine starts a new provider host, and configures each provider. */
      const newUp = async () => {
        for (const p of Object.values(resourceProviders)) await p.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } } as any);
      };
      const idOf = (name: string) => {
        const held = state.get(name);
        assert.ok(held, `${name} is used before it is made`);
        return held.id;
      };
      const newsOf = (d: Decl): Inputs => ({ ...(d.noUrn ? {} : { __urn: `urn:pulumi:net::all-kinds::pulumi-nodejs:dynamic/portal:${d.kind[0].toUpperCase()}${d.kind.slice(1)}::${d.name}` }), ...d.args(idOf) });
      const failed = (d: Decl, what: string, e: unknown) => {
        const reason = e instanceof Error ? e.message : typeof e === "string" ? e : JSON.stringify(e);
        (figures.failures[d.kind] ??= []).push(`${d.name} ${what}: ${reason.split("\n")[0].slice(0, 200)}`);
      };

      await newUp();
      for (const d of decls) {
        const p = resourceProviders[d.kind];
        for (let ups = 1; ; ups++) {
          assert.ok(ups <= MAX_UPS, `${d.name} did not converge in ${MAX_UPS} ups:\n${(figures.failures[d.kind] ?? []).join("\n")}`);
          if (ups > 1) await newUp();
          let checked: Inputs;
          try {
            const c = await p.check!({}, newsOf(d));
            if (c.failures && c.failures.length > 0) {
              failed(d, "check", c.failures.map((f) => `${f.property}: ${f.reason}`).join("; "));
              continue;
            }
            checked = c.inputs;
          } catch (e) {
            failed(d, "check", e);
            continue;
          }
          figures.attempts[d.kind] = (figures.attempts[d.kind] ?? 0) + 1;
          try {
            const made = await p.create(checked);
            state.set(d.name, { id: made.id!, outs: made.outs ?? {}, inputs: checked });
            break;
          } catch (e) {
            // a failed create leaves no state: the next `up` checks and creates again
            failed(d, "create", e);
          }
        }
      }

      // `up` again until one has nothing to do: every resource checked against its state and diffed;
      // a change is updated (as the engine would), a replace is a failure of this test
      for (let settled = false; !settled; ) {
        figures.settleUps++;
        assert.ok(figures.settleUps <= MAX_UPS, `no \`up\` without changes in ${MAX_UPS}:\n${Object.values(figures.failures).flat().slice(-10).join("\n")}`);
        await newUp();
        settled = true;
        for (const d of decls) {
          const p = resourceProviders[d.kind];
          const held = state.get(d.name)!;
          try {
            const c = await p.check!(held.inputs, newsOf(d));
            if (c.failures && c.failures.length > 0) {
              failed(d, "check (no-change up)", c.failures.map((f) => `${f.property}: ${f.reason}`).join("; "));
              settled = false;
              break;
            }
            const diff = await p.diff!(held.id, held.outs, c.inputs);
            assert.deepEqual(diff.replaces ?? [], [], `${d.name}: a replace after converging`);
            if (diff.changes) {
              settled = false;
              (figures.failures[d.kind] ??= []).push(`${d.name}: a change after converging (${JSON.stringify(diff)}); updated`);
              const u = await p.update!(held.id, held.outs, c.inputs);
              state.set(d.name, { id: held.id, outs: u.outs ?? {}, inputs: c.inputs });
            }
          } catch (e) {
            if (e instanceof assert.AssertionError) throw e;
            failed(d, "no-change up", e);
            settled = false;
            break;
          }
        }
      }
      figures.requests = ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: unknown[] }).requests.length;
    } finally {
      await stopRedraws?.();
      await proxy.stop();
    }

    // ---- the portal as the emulator answers it, past the proxy ----
    const id = (name: string) => state.get(name)!.id;
    const newOnly = <T extends { id: string }>(all: T[], old: Set<string>) => all.filter((x) => !old.has(x.id));

    const folders = newOnly(await foldersOf(), before.folders);
    assert.deepEqual(folders.map((f) => [f.id, f.title]), [[id("folder"), "Net field data"]], "the folder once");
    const groups = newOnly(await groupsOf(), before.groups);
    assert.deepEqual(groups.map((g) => [g.id, g.title]), [[id("crews"), "Net crews"]], "the group once");
    const roster = await get(`community/groups/${id("crews")}/users`);
    assert.deepEqual([...roster.users].sort(), ["dev_user", "dev_viewer"], "the group's members as declared");
    assert.deepEqual([...roster.admins].sort(), ["dev_admin", "dev_publisher"], "the group's admins as declared (the owner among them)");

    const items = newOnly(await itemsOf(), before.items);
    const declaredItems = decls.filter((d) => d.kind === "portalItem");
    assert.deepEqual(items.map((i) => i.title).sort(), declaredItems.map((d) => String(d.args(id).title)).sort(), "every item once");
    assert.deepEqual(items.map((i) => i.id).sort(), declaredItems.map((d) => id(d.name)).sort(), "the items are the ones in state");
    for (const item of items) {
      assert.equal(item.ownerFolder, id("folder"), `${item.title}: in the folder`);
      const status = await get(`content/users/${USER}/items/${item.id}/status`);
      assert.ok(status.status === undefined || status.status === "completed", `${item.title}: left ${status.status}`);
      const held = await get(`content/users/${USER}/items/${item.id}`);
      assert.deepEqual(held.sharing, { access: "org", groups: [id("crews")] }, `${item.title}: shared as declared`);
    }
    const related = await get(`content/items/${id("service")}/relatedItems`, { relationshipType: "Service2Data", direction: "forward" });
    assert.deepEqual(related.relatedItems.map((r: { id: string }) => r.id), [id("map-0")], "the relationship once");
    assert.equal((await get(`content/items/${id("map-0")}`)).contentStatus, "org_authoritative");
    assert.equal((await get(`content/items/${id("map-1")}`)).contentStatus, "deprecated");

    const org = (await get("portals/self")).id;
    const titles = (nodes: any[]): unknown => nodes.map((n) => ({ title: n.title, categories: titles(n.categories ?? []) }));
    assert.deepEqual(titles((await get(`portals/${org}/categorySchema`)).categorySchema), titles(CONTENT_TREE), "the content categories as declared");
    assert.deepEqual(titles((await get(`portals/${org}/memberCategorySchema`)).memberCategorySchema), titles(MEMBER_TREE), "the member categories as declared");
    assert.equal((await get(`portals/${org}/categorySchema`)).categorySchema[0].categories[0].description, "Hydrology");

    const expected = UPSERT_TO;
    assert.equal((await queryLayer({ where: "1=1", returnCountOnly: "true" })).count, expected, "the layer holds the CSV's rows and the upsert's new ones, no more");
    const rows: Array<Record<string, any>> = [];
    for (let offset = 0; ; offset += 2000) {
      const page = await queryLayer({ where: "1=1", outFields: "station_id,name,count", returnGeometry: "false", resultOffset: String(offset), resultRecordCount: "2000" });
      rows.push(...page.features.map((f: any) => f.attributes));
      if (!page.exceededTransferLimit) break;
    }
    const byId = new Map(rows.map((r) => [r.station_id, r]));
    assert.equal(rows.length, expected);
    assert.equal(byId.size, expected, "no doubled row");
    for (const i of [1, 2, 1500, UPSERT_FROM - 1, UPSERT_FROM, ROWS, ROWS + 1, UPSERT_TO]) {
      const upserted = i >= UPSERT_FROM;
      assert.deepEqual(byId.get(sid(i)), { station_id: sid(i), name: upserted ? `Station ${i} v2` : `Station ${i}`, count: upserted ? 100_000 + i : i }, sid(i));
    }
    return figures;
  }

  let wanRequests = 0;
  let flakyRequests = 0;
  const line = (f: Figures) =>
    `${Object.entries(f.attempts)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}; ${f.settleUps} no-change up(s); ${f.requests} requests reached the portal`;

  it("wan: every resource made in one attempt, the next up has nothing to do", async () => {
    const r = await run("wan", 1);
    const resources = program(files, "").length;
    assert.equal(Object.values(r.attempts).reduce((a, b) => a + b, 0), resources, JSON.stringify(r.failures));
    assert.equal(r.settleUps, 1);
    wanRequests = r.requests;
    console.log(`      wan: ${line(r)}`);
  });

  for (const seed of SEEDS) {
    it(`flaky (seed ${seed}): every kind converges; each object once, no doubled row, no partial item`, async () => {
      const r = await run("flaky", seed);
      flakyRequests += r.requests;
      console.log(`      flaky seed ${seed}: create attempts ${line(r)}`);
      for (const [kind, reasons] of Object.entries(r.failures)) console.log(`        ${kind}: ${reasons.length} failed: ${[...new Set(reasons.map((x) => x.replace(/^\S+ /, "").slice(0, 120)))].slice(0, 4).join(" | ")}`);
    });
  }

  it("the flaky runs did meet broken connections: more requests reached the portal than on wan", () => {
    assert.ok(wanRequests > 0);
    assert.ok(flakyRequests > wanRequests * SEEDS.length, `flaky ${flakyRequests} requests over ${SEEDS.length} runs, wan ${wanRequests} per run`);
  });
});
