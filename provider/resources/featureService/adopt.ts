// FeatureService adoption (docs/resources/feature-service.md#adopting-an-existing-service;
// docs/adopting.md): `adoptItemId` names the item of a hosted feature service that exists. Check
// reads the item, the service JSON and every layer definition (`<service>/layers`, one request) and
// refuses, at preview, an item that is missing, not a hosted feature service (or a view), or whose
// service is named otherwise, or whose spatial reference or a layer's geometry type or id fields
// differ (the portal cannot change those in place). The plan says "adopt" and lists only what
// differs, as an update would; create applies only that, and sends no write when nothing differs.
// `export` writes its FeatureService resources from the same reading (exportedService, through
// exported.ts).
import { getItem, type PortalItem } from "../../ops/items";
import { getLayersAndTables, type LayerDefinition } from "../../ops/serviceLayers";
import { getServiceInfo } from "../../ops/services";
import type { PortalClient } from "../../rest/client";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { portalClient } from "../machinery/client";
import { definedOnly } from "../machinery/definedOnly";
import type { RawInputs } from "../machinery/state";
import { fieldBody, geometryLabel, indexName, LAYER_NAME, oidName, replacedLayers, type FieldSpec, type IndexSpec, type Kind, type LayerMap, type LayerSpec } from "./schema";

const KINDS: Kind[] = ["layers", "tables"];
const ITEM_KEYS = ["title", "tags", "snippet", "description"] as const;
const SERVICE_KEYS = ["capabilities", "maxRecordCount", "allowGeometryUpdates"] as const;
const known = (v: unknown): v is string => typeof v === "string" && !isUnknown(v);
const lower = (s: string) => s.toLowerCase();
const mapOf = (v: unknown): LayerMap => (v && typeof v === "object" && !isUnknown(v) ? (v as LayerMap) : {});
const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split("\n")[0];

/** The type keyword a portal gives the item of a service it hosts, and the one of a view. */
export const HOSTED_KEYWORD = "Hosted Service";
const VIEW_KEYWORD = "View Service";

/** The service name in a FeatureServer URL (`…/rest/services[/<folder>]/<name>/FeatureServer`). */
export function serviceNameOf(url: unknown): string | undefined {
  const m = typeof url === "string" ? /\/rest\/services\/(?:[^/]+\/)?([^/]+)\/FeatureServer\/?$/i.exec(url) : null;
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** Why this item is not a hosted feature service a FeatureService can hold (undefined: it is one). */
export function notHostedService(item: Pick<PortalItem, "type"> & { typeKeywords?: unknown; url?: unknown }): string | undefined {
  const keywords = Array.isArray(item.typeKeywords) ? item.typeKeywords : [];
  if (item.type !== "Feature Service") return `a ${JSON.stringify(item.type)} item`;
  if (!keywords.includes(HOSTED_KEYWORD)) return `a feature service the portal does not host (no ${JSON.stringify(HOSTED_KEYWORD)} type keyword)`;
  if (keywords.includes(VIEW_KEYWORD)) return "a hosted feature layer view (createService cannot make one)";
  if (!serviceNameOf(item.url)) return `an item whose url ${JSON.stringify(item.url ?? null)} is not a FeatureServer URL`;
  return undefined;
}

/** A layer's JSON in the declared shape, what equals `was` kept as written (provider.ts readLayer). */
export type ReadLayer = (info: Record<string, unknown>, was: LayerSpec | undefined) => LayerSpec;

/** What adoption reuses of provider.ts, handed over by it (this file imports nothing of it: no import circle). */
export interface AdoptHooks {
  readLayer: ReadLayer;
  /** The plan lines of an update from `olds` to `inputs`; data-dropping removals counted, refused unless allowed. */
  updatePlan(olds: RawInputs, inputs: RawInputs, refs: Map<string, { id: number; url: string }>, failures: CheckFailure[]): Promise<string[]>;
  /** Puts each kept layer's id and url into the inputs (preview = apply). */
  keepLayerRefs(refs: Map<string, { id: number; url: string }>, inputs: RawInputs): void;
  /** The provider's update. */
  update(id: string, olds: RawInputs, news: RawInputs): Promise<{ outs?: unknown }>;
}

/** A hosted service as the portal holds it: its item, service JSON and layer and table definitions. */
export interface HeldService {
  item: PortalItem;
  serviceUrl: string;
  info: Record<string, unknown>;
  layers: LayerDefinition[];
  tables: LayerDefinition[];
}

/** Reads the service behind a hosted feature service item: the service JSON and `<service>/layers`. */
export async function readHeldService(client: PortalClient, item: PortalItem): Promise<HeldService> {
  const serviceUrl = String(item.url).replace(/\/+$/, "");
  const [info, all] = await Promise.all([getServiceInfo(client, serviceUrl), getLayersAndTables(client, serviceUrl)]);
  return { item, serviceUrl, info, ...all };
}

/**
 * A layer definition in the declared shape (readLayer), with the portal's own object-id and display
 * fields, and only the indexes a program can declare: one field of the layer, a plain name (a
 * portal's spatial index on its shape column, or one over several fields, is left to the portal).
 */
function heldLayer(def: LayerDefinition, was: LayerSpec | undefined, readLayer: ReadLayer): LayerSpec {
  const spec = readLayer(def, was);
  const oid = String(def.objectIdField ?? "OBJECTID");
  const names = new Set([...(spec.fields ?? []).map((f) => lower(f.name)), lower(oid), lower(spec.globalIdField ?? "")]);
  return definedOnly({
    ...spec,
    indexes: spec.indexes?.filter((i) => LAYER_NAME.test(indexName(i)) && LAYER_NAME.test(i.fields) && names.has(lower(i.fields))),
    displayField: typeof def.displayField === "string" && def.displayField !== "" ? def.displayField : undefined,
    objectIdField: was && oidName(was) === oid ? was.objectIdField : oid === "OBJECTID" ? undefined : oid,
  });
}

/**
 * The service as FeatureService inputs: what equals the declared spelling (`declared`, the
 * program's inputs) kept as written, each layer and table with its `id` and `url`.
 */
export function heldInputs(s: HeldService, readLayer: ReadLayer, declared: RawInputs = {}): RawInputs {
  const { item, info } = s;
  const wkid = (info.spatialReference as { wkid?: unknown } | undefined)?.wkid;
  const out: RawInputs = {
    name: serviceNameOf(s.serviceUrl),
    title: item.title,
    tags: Array.isArray(item.tags) && item.tags.length > 0 ? item.tags : undefined,
    snippet: typeof item.snippet === "string" && item.snippet !== "" ? item.snippet : undefined,
    description: typeof item.description === "string" && item.description !== "" ? item.description : undefined,
    capabilities: typeof info.capabilities === "string" ? info.capabilities : undefined,
    maxRecordCount: typeof info.maxRecordCount === "number" ? info.maxRecordCount : undefined,
    spatialReference: typeof wkid === "number" ? { wkid } : undefined,
    allowGeometryUpdates: typeof info.allowGeometryUpdates === "boolean" ? info.allowGeometryUpdates : undefined,
  };
  for (const kind of KINDS) {
    const want = mapOf(declared[kind]);
    if (s[kind].length > 0) out[kind] = Object.fromEntries(s[kind].map((l) => [l.name, { ...heldLayer(l, want[l.name], readLayer), id: l.id, url: `${s.serviceUrl}/${l.id}` }]));
  }
  return definedOnly(out);
}

/** A field as an export writes it: what fieldBody fills in by default left out. */
function exportedField(f: FieldSpec): FieldSpec {
  const defaults = fieldBody({ name: f.name, type: f.type });
  const out: Record<string, unknown> = { name: f.name, type: f.type };
  for (const [k, v] of Object.entries(f)) if (!(k in out) && JSON.stringify(defaults[k]) !== JSON.stringify(v)) out[k] = v;
  return out as unknown as FieldSpec;
}

/** An index as an export writes it: the default name, `isUnique: false` and `isAscending: true` left out. */
function exportedIndex(i: IndexSpec): IndexSpec {
  return definedOnly({ name: i.name === indexName({ ...i, name: undefined }) ? undefined : i.name, fields: i.fields, isUnique: i.isUnique ? true : undefined, isAscending: i.isAscending === false ? false : undefined });
}

/** The FeatureService arguments `export` writes for a service: the shape that previews as an adopt with no change. */
export function exportedService(s: HeldService, readLayer: ReadLayer): RawInputs {
  const held = heldInputs(s, readLayer);
  for (const kind of KINDS) {
    if (held[kind] === undefined) continue;
    held[kind] = Object.fromEntries(Object.entries(mapOf(held[kind])).map(([n, l]) => {
      const { id: _id, url: _url, fields, indexes, ...rest } = l;
      return [n, definedOnly({ ...rest, fields: fields && fields.length > 0 ? fields.map(exportedField) : undefined, indexes: indexes && indexes.length > 0 ? indexes.map(exportedIndex) : undefined })];
    }));
  }
  return held;
}

/** Does this step adopt? A known adoptItemId that is not already the resource's item. */
export function adopting(olds: RawInputs, inputs: RawInputs): boolean {
  if (!known(inputs.adoptItemId)) return false;
  return Object.keys(olds).length === 0 || (olds.adoptItemId ?? olds.itemId) !== inputs.adoptItemId;
}

/** The diff's part: another item named (not the one the resource holds) replaces; removing adoptItemId changes nothing. */
export function adoptReplaces(olds: RawInputs, news: RawInputs): boolean {
  return news.adoptItemId !== undefined && news.adoptItemId !== (olds.itemId ?? olds.adoptItemId);
}

/** The held inputs of what the program sets (an unset item field, service property or kind is not compared). */
function compared(held: RawInputs, inputs: RawInputs): RawInputs {
  const out = { ...held };
  for (const k of [...ITEM_KEYS, ...SERVICE_KEYS, ...KINDS]) if (inputs[k] === undefined) delete out[k];
  return out;
}

function layerShape(l: LayerSpec | undefined): string {
  return `${geometryLabel(l?.geometryType)}, object-id field ${oidName(l ?? {})}${l?.globalIdField ? `, global-id field ${l.globalIdField}` : ""}`;
}

/** Reads the service the item names and compares it with the program; failures when it cannot be adopted. */
async function lookUp(client: PortalClient, inputs: RawInputs, readLayer: ReadLayer): Promise<{ s: HeldService; held: RawInputs } | CheckFailure[]> {
  const id = String(inputs.adoptItemId);
  let item: PortalItem;
  try {
    item = await getItem(client, id);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    return [{ property: "adoptItemId", reason: `no item ${id} in the portal ${client.portalUrl} (or the configured user cannot read it); give the id of a hosted feature service's item, or remove adoptItemId to create a new service` }];
  }
  const why = notHostedService(item);
  if (why) return [{ property: "adoptItemId", reason: `item ${id} ${JSON.stringify(item.title)} is ${why}; FeatureService adopts the item of a hosted feature service (type "Feature Service", type keyword "${HOSTED_KEYWORD}")` }];
  const name = serviceNameOf(item.url)!;
  if (known(inputs.name) && name !== inputs.name) return [{ property: "name", reason: `item ${id}'s service is named ${name}, not ${inputs.name}, and the portal cannot rename a service; set name: ${JSON.stringify(name)} to adopt it` }];
  const s = await readHeldService(client, item);
  if (s.info.isView === true) return [{ property: "adoptItemId", reason: `item ${id} is a hosted feature layer view (createService cannot make one); adopt it as a PortalItem instead` }];
  const held = heldInputs(s, readLayer, inputs);
  const failures: CheckFailure[] = [];
  const want = (inputs.spatialReference as { wkid?: number } | undefined)?.wkid;
  const have = (held.spatialReference as { wkid?: number } | undefined)?.wkid;
  if (want !== undefined && have !== undefined && want !== have) failures.push({ property: "spatialReference", reason: `service ${name} has spatial reference ${have}, not ${want}, and the portal cannot change it in place; set spatialReference: { wkid: ${have} } to adopt it` });
  for (const kind of KINDS) {
    const declared = mapOf(inputs[kind]);
    for (const n of replacedLayers(mapOf(held[kind]), declared)) {
      failures.push({ property: kind, reason: `${kind}.${n}: the service holds it as ${layerShape(mapOf(held[kind])[n])}, the program declares ${layerShape(declared[n])}; the portal cannot change these in place: declare them as the service holds them to adopt it` });
    }
  }
  return failures.length > 0 ? failures : { s, held: compared(held, inputs) };
}

/**
 * Check's part (reads only): undefined when the step adopts nothing, else the plan lines — one
 * "adopt" line, then those an update from the held service would show (with the counts of what a
 * removal drops, refused unless allowDataLoss lists it). The kept layers' ids and urls go into the
 * inputs, so what reads them (a LayerAppend) sees them at preview.
 */
export async function checkAdopt(olds: RawInputs, inputs: RawInputs, failures: CheckFailure[], hooks: AdoptHooks, replacing: boolean): Promise<string[] | undefined> {
  if (!adopting(olds, inputs)) {
    // a replacement creates a service: with adoptItemId kept, its create would adopt the one it replaces
    if (replacing && known(inputs.adoptItemId)) failures.push({ property: "adoptItemId", reason: `this change replaces the adopted service ${String(olds.name)}, and a replacement creates a new service: remove adoptItemId (removing it changes nothing), then preview again` });
    return undefined;
  }
  let found: Awaited<ReturnType<typeof lookUp>>;
  try {
    found = await lookUp(portalClient(), inputs, hooks.readLayer);
  } catch (e) {
    failures.push({ property: "adoptItemId", reason: `item ${String(inputs.adoptItemId)} could not be read: ${firstLine(e)}` });
    return [];
  }
  if (Array.isArray(found)) {
    failures.push(...found);
    return [];
  }
  const refs = new Map<string, { id: number; url: string }>();
  for (const kind of KINDS) for (const l of found.s[kind]) refs.set(`${kind}.${l.name}`, { id: l.id, url: `${found.s.serviceUrl}/${l.id}` });
  const lines = await hooks.updatePlan(found.held, inputs, refs, failures);
  hooks.keepLayerRefs(refs, inputs);
  inputs.itemId = found.s.item.id;
  inputs.serviceUrl = found.s.serviceUrl;
  return [`= adopt feature service ${String(inputs.name)} (${found.s.item.id})${lines.length === 0 ? ": no change" : ""}`, ...lines];
}

/** Create's part: applies only what differs from the held service (nothing differs: no write); the item id and outputs. */
export async function adoptService(inputs: RawInputs, hooks: AdoptHooks): Promise<{ id: string; outs: RawInputs }> {
  const client = portalClient();
  const found = await lookUp(client, inputs, hooks.readLayer);
  if (Array.isArray(found)) throw new Error(`FeatureService: cannot adopt item ${String(inputs.adoptItemId)}: ${found.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
  // the update from the held service (its layers carry their ids) to the program
  const { outs } = await hooks.update(found.s.item.id, { ...found.held, serviceUrl: found.s.serviceUrl }, inputs);
  return { id: found.s.item.id, outs: outs as RawInputs };
}
