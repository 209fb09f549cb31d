// Recorded previews (issue 11, "golden tests for render-plan over recorded previews of every resource
// kind"): one stack of a fixture project, driven through the real Pulumi CLI against an in-process
// emulator, previewed as `pulumi preview --json` at each step of a short story:
//
//   create     an empty stack: every kind created (CategorySchema, MemberCategorySchema, PortalItem
//              from text, url and file with a relationship, ItemStatus, LayerAppend from a CSV and
//              from edits)
//   (up)
//   no-change  the same program again
//   update     tree edits (rename, move, add, remove, describe, reorder) with items filed under the
//              categories, member tree edits, an item's title, text and file, a status transition
//   replace    an item's type changed (a replace; a new folder or owner is a move or a reassign, not a replace) and the upsert CSV edited (a new load)
//   delete     the app, the status, the one-off load and the member schema removed from the program
//
// A preview writes nothing, so every preview after the one `up` starts from the same state. The JSON
// is normalized (project dir, emulator port, item ids, timestamps, duration) so a recording is
// stable, and written to test/fixtures/previews/<name>.json; render-plan's Markdown of each is the
// golden <name>.md beside it (test/unit/render-plan-goldens.test.ts). scripts/record-previews
// writes them; test/e2e/recorded-previews.test.ts re-records and checks the fixtures are current.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { parsePreview, renderPlan } from "../../cli/renderPlan";
import { createFixtureProject, fixtureStack, pulumiBinDir, type FixtureProject } from "./pulumi";
import { portalPost } from "../provider/resources/portalCalls";

const root = path.resolve(__dirname, "..", "..");
export const PREVIEWS_DIR = path.join(root, "test", "fixtures", "previews");
export const REVIEW_DOC = path.join(root, "docs", "review.md");
/** The project name of the recordings: part of every URN, so it must not change. */
const PROJECT = "previews";

export const PREVIEW_NAMES = ["create", "no-change", "update", "replace", "delete"] as const;
export type PreviewName = (typeof PREVIEW_NAMES)[number];

const tree = [
  { title: "Categories", categories: [
    { title: "Land", categories: [{ title: "Soils" }, { title: "Geology" }] },
    { title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }, { title: "Lakes" }] },
    { title: "Imagery" },
    { title: "Transport", categories: [{ title: "Roads" }, { title: "Rail" }] },
  ] },
];
// rename Soils → Soil types, move Imagery under Land, add Air, remove Lakes, describe Water, reorder Transport
const treeEdited = [
  { title: "Categories", categories: [
    { title: "Land", categories: [{ title: "Soil types" }, { title: "Geology" }, { title: "Imagery" }] },
    { title: "Water", description: "Rivers, lakes and wetlands", categories: [{ title: "Rivers" }] },
    { title: "Transport", categories: [{ title: "Rail" }, { title: "Roads" }] },
    { title: "Air" },
  ] },
];
const members = [{ title: "Departments", categories: [{ title: "Planning" }, { title: "Parks" }] }];
const membersEdited = [{ title: "Departments", categories: [{ title: "Urban planning" }, { title: "Parks" }, { title: "Transit" }] }];

const webMap = (layers: number) => ({
  operationalLayers: Array.from({ length: layers }, (_, i) => ({ id: `layer-${i}`, title: `Layer ${i}`, url: `https://services.example.com/arcgis/rest/services/L${i}/FeatureServer/0` })),
  baseMap: { title: "Topographic", baseMapLayers: [] },
  version: "2.31",
});

const boundariesV1 = JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { name: "North" }, geometry: { type: "Point", coordinates: [-73.6, 45.5] } }] });
const boundariesV2 = JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { name: "North" }, geometry: { type: "Point", coordinates: [-73.6, 45.5] } }, { type: "Feature", properties: { name: "South" }, geometry: { type: "Point", coordinates: [-73.7, 45.4] } }] });
const csvV1 = "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta,2,45.6,-73.5\n";
const csvV2 = "station_id,name,count,latitude,longitude\nA1,Alpha,1,45.5,-73.6\nB2,Beta renamed,20,45.6,-73.5\nC3,Gamma,3,45.7,-73.4\n";

interface Variant {
  categories: unknown;
  members?: unknown;
  title: string;
  layers: number;
  type?: string;
  status?: string;
  app: boolean;
  oneOff: boolean;
  boundaries: string;
  csv: string;
}

const base: Variant = { categories: tree, members, title: "Streets", layers: 1, status: "org_authoritative", app: true, oneOff: true, boundaries: boundariesV1, csv: csvV1 };
const VARIANTS: Record<PreviewName, Variant> = {
  create: base,
  "no-change": base,
  update: { ...base, categories: treeEdited, members: membersEdited, title: "Streets v2", layers: 4, status: "deprecated", boundaries: boundariesV2 },
  replace: { ...base, type: "Feature Collection", csv: csvV2 },
  delete: { ...base, members: undefined, status: undefined, app: false, oneOff: false },
};

function program(v: Variant): string {
  return [
    `const portal = require("pulumi-gis-portal");`,
    `new portal.CategorySchema("org-categories", { categorySchema: ${JSON.stringify(v.categories)} });`,
    v.members ? `new portal.MemberCategorySchema("member-categories", { memberCategorySchema: ${JSON.stringify(v.members)} });` : "",
    `const map = new portal.PortalItem("map", { type: "Web Map", title: ${JSON.stringify(v.title)}, tags: ["streets"], text: ${JSON.stringify(webMap(v.layers))} });`,
    v.app ? `new portal.PortalItem("app", { type: "Web Mapping Application", title: "Streets app", url: "https://apps.example.com/streets", relationship: { type: "Map2AppConfig", originItemId: map.itemId } });` : "",
    `new portal.PortalItem("boundaries", { type: ${JSON.stringify(v.type ?? "GeoJson")}, title: "Boundaries", file: "data/boundaries.geojson" });`,
    v.status ? `new portal.ItemStatus("map-status", { itemId: map.itemId, status: ${JSON.stringify(v.status)} });` : "",
    `new portal.LayerAppend("stations-upsert", { serviceName: "Stations", layerId: 0, file: "data/stations.csv", appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } }, upsert: true, upsertMatchingField: "station_id" });`,
    v.oneOff ? `new portal.LayerAppend("one-off", { serviceName: "Stations", layerId: 0, edits: { features: [{ attributes: { station_id: "Z9", name: "One-off" } }] } });` : "",
    `exports.mapId = map.itemId;`,
    "",
  ].filter((l) => l !== "").join("\n");
}

function writeVariant(project: FixtureProject, v: Variant): void {
  fs.mkdirSync(path.join(project.dir, "data"), { recursive: true });
  fs.writeFileSync(path.join(project.dir, "index.js"), program(v));
  fs.writeFileSync(path.join(project.dir, "data", "boundaries.geojson"), v.boundaries);
  fs.writeFileSync(path.join(project.dir, "data", "stations.csv"), v.csv);
}

interface Context {
  projectDir: string;
  emu: RunningEmulator;
  /** A random id (item, job, upload) → its label, e.g. "map.itemId", from the stack's state and the steps. */
  itemIds: Map<string, string>;
}

const TIMESTAMP_KEYS = /^(created|modified|lastModified|time|timestamp)$|(Time|At|Date)$/;
/** The portal's ids: 32 letters and digits (item ids, job ids, upload ids). */
const RANDOM_ID = { test: (v: string) => /^[0-9A-Za-z]{32}$/.test(v) && /\d/.test(v) && /[a-z]/i.test(v) };

/** Replaces what changes from one recording to the next; the rest of the engine's JSON stays as it was. */
export function normalizePreview(doc: any, ctx: Context): any {
  let text = JSON.stringify(doc);
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  text = text.replace(new RegExp(literal(fs.realpathSync(ctx.projectDir)), "g"), "<project>").replace(new RegExp(literal(ctx.projectDir), "g"), "<project>");
  text = text.replace(/(https?:\/\/(?:127\.0\.0\.1|localhost)):\d+/g, "$1:<port>");
  for (const [id, label] of ctx.itemIds) text = text.replace(new RegExp(literal(id), "g"), `<${label}>`);
  for (const org of Object.values(ctx.emu.orgs)) text = text.replace(new RegExp(literal(org.id), "g"), `<portalId:${org.urlKey}>`);
  // the default provider's reference (urn::id) is a new UUID per stack (the engine's unknown value,
  // 04da6b54-…, elsewhere stays as it is); source positions follow every edit of resources/*.ts
  text = text.replace(/(pulumi:providers:[\w-]+::[\w-]+::)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "$1<provider-id>");
  text = text.replace(/("sourcePosition":"[^"#]*)#\d+,\d+"/g, '$1"');
  // any other 32-character id (none expected): numbered in order of appearance
  const others = new Map<string, string>();
  text = text.replace(/(?<![0-9A-Za-z])[0-9a-zA-Z]{32}(?![0-9A-Za-z])/g, (id) => {
    if (!/\d/.test(id) || !/[a-z]/i.test(id)) return id;
    if (!others.has(id)) others.set(id, `<id-${others.size + 1}>`);
    return others.get(id)!;
  });
  const out = JSON.parse(text);
  const walk = (v: any): any => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, TIMESTAMP_KEYS.test(k) && (typeof x === "number" || typeof x === "string") ? "<time>" : walk(x)]));
  };
  const normalized = walk(out);
  if ("duration" in normalized) normalized.duration = 0;
  return normalized;
}

/** What a recording says, without the engine's bookkeeping: the content the e2e compares. */
export function semanticContent(doc: any): unknown {
  const steps = (doc.steps ?? []).map((s: any) => ({
    op: s.op,
    urn: s.urn,
    type: s.newState?.type ?? s.oldState?.type ?? s.type,
    plannedChanges: s.newState?.inputs?.plannedChanges ?? null,
    diffReasons: [...(s.diffReasons ?? [])].sort(),
    replaceReasons: [...(s.replaceReasons ?? [])].sort(),
  }));
  steps.sort((a: any, b: any) => `${a.urn} ${a.op}`.localeCompare(`${b.urn} ${b.op}`));
  const diagnostics = (doc.diagnostics ?? []).filter((d: any) => d.severity === "error" || d.severity === "warning").map((d: any) => `${d.severity}: ${String(d.message).trim()}`).sort();
  return { changeSummary: doc.changeSummary, steps, diagnostics };
}

/**
 * The engine emits independent steps, and their diagnostics, in the order they finish: the recording
 * sorts steps by URN and diagnostics by resource (a resource's own lines keep their order).
 */
export function sortSteps(doc: any): any {
  const order = (s: any) => `${s.urn} ${s.op}`;
  const source = (d: any) => `${d.urn ?? ""}\u0000${String(d.message ?? "").split(":")[0]}`;
  const out = { ...doc, steps: [...(doc.steps ?? [])].sort((a: any, b: any) => order(a).localeCompare(order(b))) };
  if (Array.isArray(doc.diagnostics)) out.diagnostics = [...doc.diagnostics].sort((a: any, b: any) => source(a).localeCompare(source(b)));
  return out;
}

export interface RecordOptions {
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** Runs the story through the real CLI and returns each preview's normalized JSON. */
export async function recordPreviews(opts: RecordOptions = {}): Promise<Record<PreviewName, any>> {
  const log = opts.log ?? (() => undefined);
  const emu = await startEmulator({ port: 0 });
  let project: FixtureProject | undefined;
  try {
    project = createFixtureProject(PROJECT, program(base));
    const p = project;
    writeVariant(p, base);
    await fixtureStack(p, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:serviceUrl": { value: emu.serviceUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
    const pulumi = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: p.dir, env: { ...process.env, ...p.env }, maxBuffer: 1e8 }, (e, stdout, stderr) =>
          resolve({ code: e ? ((e as any).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const itemIds = new Map<string, string>();
    const orgIds = new Set(Object.values(emu.orgs).map((o) => o.id));
    const raw: Partial<Record<PreviewName, any>> = {};
    const preview = async (name: PreviewName) => {
      writeVariant(p, VARIANTS[name]);
      const started = Date.now();
      const r = await pulumi(["preview", "--json"]);
      if (r.code !== 0) throw new Error(`preview ${name} exited ${r.code}: ${r.stderr}\n${r.stdout.slice(0, 4000)}`);
      raw[name] = JSON.parse(r.stdout);
      log(`preview ${name}: ${Date.now() - started} ms`);
    };

    await preview("create");
    writeVariant(p, base);
    const started = Date.now();
    const up = await pulumi(["up", "--yes", "--skip-preview"]);
    if (up.code !== 0) throw new Error(`up exited ${up.code}: ${up.stdout}\n${up.stderr}`);
    log(`up: ${Date.now() - started} ms`);
    // items filed under categories the update renames, moves and removes (read-only impact counts)
    for (const categories of ["/Categories/Land/Soils", "/Categories/Water/Lakes,/Categories/Land/Soils", "/Categories/Imagery"]) {
      await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Filed", type: "Web Map", text: "{}", categories });
    }
    const state = await pulumi(["stack", "export"]);
    const resources: any[] = JSON.parse(state.stdout).deployment.resources ?? [];
    // items by their resource first (an ItemStatus holds its item's id too), then any other random id of an output
    for (const r of resources) {
      if (typeof r.type === "string" && r.type.endsWith("portal:PortalItem") && typeof r.outputs?.itemId === "string") itemIds.set(r.outputs.itemId, `${nameOf(r.urn)}.itemId`);
    }
    for (const r of resources) {
      for (const [key, value] of Object.entries(r.outputs ?? {})) {
        if (typeof value === "string" && RANDOM_ID.test(value) && !itemIds.has(value) && !orgIds.has(value)) itemIds.set(value, `${nameOf(r.urn)}.${key}`);
      }
    }
    for (const name of PREVIEW_NAMES.slice(1)) await preview(name);

    // the ids a preview generated for items not created yet (itemIdToCreate of a create or replace)
    for (const doc of Object.values(raw)) {
      for (const s of doc.steps ?? []) {
        const id = s.newState?.inputs?.itemIdToCreate;
        if (typeof id === "string" && !itemIds.has(id)) itemIds.set(id, `${nameOf(s.urn)}${s.op === "create" ? "" : ".new"}.itemId`);
      }
    }
    const ctx: Context = { projectDir: p.dir, emu, itemIds };
    return Object.fromEntries(PREVIEW_NAMES.map((n) => [n, sortSteps(normalizePreview(raw[n], ctx))])) as Record<PreviewName, any>;
  } finally {
    await emu.close();
    project?.remove();
  }
}

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

export const fixtureFile = (name: string, ext: "json" | "md") => path.join(PREVIEWS_DIR, `${name}.${ext}`);

/** The recorded fixtures on disk (every *.json of the folder). */
export function recordedNames(): string[] {
  return fs.readdirSync(PREVIEWS_DIR).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
}

/** render-plan's Markdown of a recorded fixture. */
export function renderFixture(name: string): string {
  return renderPlan(parsePreview(fs.readFileSync(fixtureFile(name, "json"), "utf8")));
}

const DOC_BLOCK = /(<!-- render-plan:begin fixture=([\w-]+) -->\n)([\s\S]*?)(<!-- render-plan:end -->)/g;

/**
 * docs/review.md with every render-plan block replaced by render-plan's output for its fixture, as
 * the Markdown source of the comment in a four-backtick fence (the comment holds ``` fences).
 */
export function reviewDocRendered(doc: string): string {
  return doc.replace(DOC_BLOCK, (_all, begin: string, name: string, _old: string, end: string) => `${begin}\n\`\`\`\`markdown\n${renderFixture(name).trimEnd()}\n\`\`\`\`\n\n${end}`);
}

/** The fixtures the doc's render-plan blocks show. */
export function reviewDocFixtures(doc: string): string[] {
  return [...doc.matchAll(DOC_BLOCK)].map((m) => m[2]);
}

/** Writes the recordings, then the golden Markdown and the doc's blocks from them. */
export function writeRecordings(recorded: Record<string, unknown>): void {
  fs.mkdirSync(PREVIEWS_DIR, { recursive: true });
  for (const [name, doc] of Object.entries(recorded)) fs.writeFileSync(fixtureFile(name, "json"), `${JSON.stringify(doc, null, 2)}\n`);
  writeGoldens();
}

/** Rewrites every golden .md and the doc's blocks from the recorded JSON (UPDATE_GOLDENS=1). */
export function writeGoldens(): void {
  for (const name of recordedNames()) fs.writeFileSync(fixtureFile(name, "md"), renderFixture(name));
  fs.writeFileSync(REVIEW_DOC, reviewDocRendered(fs.readFileSync(REVIEW_DOC, "utf8")));
}
