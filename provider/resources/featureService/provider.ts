// FeatureService (docs/resources/feature-service.md; docs/dev/fidelity.md#hosted-feature-services): a
// hosted feature service, its layers, tables, fields and indexes as code. Create: createService, then
// one addToDefinition of the layers and tables. Update: the declared schema against the state, as
// admin addToDefinition / updateDefinition / deleteFromDefinition calls (schema.ts). A removal that
// drops data fails at preview with the count of values it would lose unless allowDataLoss lists it.
import type * as pulumi from "@pulumi/pulumi";
import { changeDefinition, countValues, createService, getServiceInfo, isServiceNameAvailable } from "../../ops/services";
import { serviceRoot } from "../../ops/serviceRoot";
import { featureServerUrl } from "../../ops/features";
import { deleteItem, getItem, updateItem } from "../../ops/items";
import type { PortalClient } from "../../rest/client";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { configurePortal, freshReads, portalClient } from "../machinery/client";
import { withoutPlan, withPlan } from "../machinery/plan";
import { rememberReplaced } from "../machinery/replacing";
import { assertReadableState, STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { carryHeldWhenUnset, checkByTable, diffByTable, isCreate } from "../machinery/tableResource";
import { definedOnly } from "../machinery/definedOnly";
import { FEATURE_SERVICE_TABLE } from "./table";
import { adopting, adoptReplaces, adoptService, checkAdopt, type AdoptHooks } from "./adopt";
import { assertItemInputs, itemPlan, normalItemInputs, readPlace, shareCreated, updatePlace } from "./item";
import { fieldBody, geometryLabel, indexName, layerProblems, replacedLayers, schemaChanges, type FieldSpec, type Kind, type LayerMap, type LayerSpec, type Step } from "./schema";

const KINDS: Kind[] = ["layers", "tables"];
const known = (v: unknown): v is string => typeof v === "string" && !isUnknown(v);
const mapOf = (v: unknown): LayerMap => (v && typeof v === "object" && !isUnknown(v) ? (v as LayerMap) : {});
/** The declared part of a layer map (the state's also holds each layer's name, id and url). */
const declared = (v: unknown): LayerMap => Object.fromEntries(Object.entries(mapOf(v)).map(([n, l]) => {
  const { name: _name, id: _id, url: _url, ...spec } = l;
  return [n, spec];
}));
const ITEM_KEYS = ["title", "tags", "snippet", "description"] as const;
const SERVICE_KEYS = ["capabilities", "maxRecordCount", "allowGeometryUpdates"] as const;
const count = (n: number) => n.toLocaleString("en-US");

/** The declared props with the state's layer maps stripped to what the program declares. */
const comparable = (props: RawInputs): RawInputs => ({ ...props, layers: props.layers === undefined ? undefined : declared(props.layers), tables: props.tables === undefined ? undefined : declared(props.tables) });

async function createPlan(inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  const lines = [`+ feature service ${String(inputs.name)}${inputs.capabilities ? ` (${String(inputs.capabilities)})` : ""}`];
  if (known(inputs.name)) {
    const { available } = await isServiceNameAvailable(portalClient(), inputs.name);
    if (!available) failures.push({ property: "name", reason: `a service named ${inputs.name} already exists in the organization (isServiceNameAvailable); choose another name or delete that service` });
  }
  lines.push(...(await itemPlan(portalClient, undefined, inputs, failures)));
  for (const kind of KINDS) lines.push(...schemaChanges(kind, {}, declared(inputs[kind])).lines);
  return lines;
}

/** The lines of a change in place; each removal that drops data counted, and refused unless allowed. */
async function updatePlan(olds: RawInputs, inputs: RawInputs, refs: Map<string, { id: number; url: string }>, failures: CheckFailure[]): Promise<string[]> {
  const lines: string[] = [];
  for (const k of [...ITEM_KEYS, ...SERVICE_KEYS]) {
    if (inputs[k] !== undefined && JSON.stringify(olds[k]) !== JSON.stringify(inputs[k])) lines.push(`~ ${k}: ${JSON.stringify(olds[k] ?? null)} → ${JSON.stringify(inputs[k])}`);
  }
  lines.push(...(await itemPlan(portalClient, olds, inputs, failures)));
  const allowed = new Set(Array.isArray(inputs.allowDataLoss) ? (inputs.allowDataLoss as string[]) : []);
  const client = portalClient();
  for (const kind of KINDS) {
    const change = schemaChanges(kind, declared(olds[kind]), declared(inputs[kind]));
    for (const loss of change.losses) {
      const url = refs.get(`${kind}.${loss.layer}`)?.url;
      const n = url ? await countValues(client, url, loss.field).catch(() => undefined) : undefined;
      const what = loss.field ? "values" : "rows";
      if (n !== undefined) change.lines[loss.line] += `: ${count(n)} ${what}`;
      if (!allowed.has(loss.path) && n !== 0) {
        failures.push({ property: "allowDataLoss", reason: `${loss.path}: this change drops ${n === undefined ? "the" : count(n)} ${what} it holds; to allow it, list "${loss.path}" in allowDataLoss` });
      }
    }
    lines.push(...change.lines);
  }
  return lines;
}

/** The service's layers and tables by name, each the declared spec with its name, id and URL. */
async function layersOut(client: PortalClient, serviceUrl: string, inputs: RawInputs): Promise<{ layers: LayerMap; tables: LayerMap }> {
  const info = await getServiceInfo(client, serviceUrl);
  const out = { layers: {} as LayerMap, tables: {} as LayerMap };
  for (const kind of KINDS) {
    const want = declared(inputs[kind]);
    for (const l of (info[kind] as Array<{ id: number; name: string }> | undefined) ?? []) {
      out[kind][l.name] = { ...(want[l.name] ?? {}), name: l.name, id: l.id, url: `${serviceUrl}/${l.id}` };
    }
  }
  return out;
}

async function outsOf(client: PortalClient, inputs: RawInputs, serviceUrl: string, itemId: string): Promise<RawInputs> {
  const { layers, tables } = await layersOut(client, serviceUrl, inputs);
  return definedOnly({ ...withoutPlan(inputs), layers: inputs.layers === undefined && Object.keys(layers).length === 0 ? undefined : layers, tables: inputs.tables === undefined && Object.keys(tables).length === 0 ? undefined : tables, serviceUrl, itemId, schemaVersion: STATE_LAYOUT_VERSION });
}

const itemFields = (p: RawInputs) => definedOnly({ title: p.title as string | undefined, tags: p.tags as string[] | undefined, snippet: p.snippet as string | undefined, description: p.description as string | undefined });

async function runSteps(client: PortalClient, serviceUrl: string, kind: Kind, steps: Step[], held: LayerMap): Promise<void> {
  for (const step of steps) {
    let layerId: number | undefined;
    if (step.layer !== undefined) {
      layerId = held[step.layer]?.id;
      if (layerId === undefined) throw new Error(`FeatureService: ${kind}.${step.layer} has no layer id in the state; run pulumi refresh`);
    }
    await changeDefinition(client, step.op, serviceUrl, step.body, layerId);
  }
}

/** What adopt.ts reuses of this file. */
const adoptHooks = (): AdoptHooks => ({ readLayer, updatePlan, keepLayerRefs, update: (id, olds, news) => featureService.update!(id, olds, news) });

export const featureService: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: RawInputs, news: RawInputs) {
    const { inputs, failures } = checkByTable(FEATURE_SERVICE_TABLE, news);
    if (failures.length === 0) carryHeldWhenUnset(FEATURE_SERVICE_TABLE, olds, inputs);
    normalItemInputs(inputs);
    for (const kind of KINDS) for (const [n, l] of Object.entries(declared(inputs[kind]))) for (const reason of layerProblems(kind, n, l)) failures.push({ property: kind, reason });
    const geometryless = Object.entries(declared(inputs.layers)).find(([, l]) => !l.geometryType);
    if (geometryless) failures.push({ property: "layers", reason: `layers.${geometryless[0]} has no geometryType; a layer without geometry goes in tables` });
    let lines: string[] = [];
    if (failures.length === 0) {
      const replacing = !isCreate(olds) && (olds.name !== inputs.name || JSON.stringify(olds.spatialReference) !== JSON.stringify(inputs.spatialReference) || KINDS.some((k) => replacedLayers(declared(olds[k]), declared(inputs[k])).length > 0));
      const adopted = await checkAdopt(olds, inputs, failures, adoptHooks(), replacing); // adopt.ts: an existing service, only what differs
      if (adopted) lines = adopted;
      else if (isCreate(olds) || replacing) {
        lines = await createPlan(inputs, failures);
        if (replacing) lines.unshift(`+- replace feature service ${String(olds.name)}: ${replaceReason(olds, inputs)}; its rows go with it`);
      } else {
        const refs = await heldRefs(olds);
        lines = await updatePlan(olds, inputs, refs, failures);
        keepLayerRefs(refs, inputs);
      }
    }
    nameLayers(inputs);
    const planned = withPlan(inputs, lines);
    return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
  },

  async diff(_id: string, olds: RawInputs, news: RawInputs) {
    assertReadableState(olds, "FeatureService");
    const { changes, replaces } = diffByTable(FEATURE_SERVICE_TABLE, comparable(olds), comparable(news));
    for (const kind of KINDS) if (replacedLayers(declared(olds[kind]), declared(news[kind])).length > 0 && !replaces.includes(kind)) replaces.push(kind);
    if (adoptReplaces(olds, news)) replaces.push("adoptItemId");
    if (replaces.length > 0) rememberReplaced(news.__urn, olds);
    return { changes: changes || replaces.length > 0, replaces, deleteBeforeReplace: olds.name === news.name };
  },

  async create(inputs: RawInputs) {
    if (adopting({}, inputs)) return adoptService(inputs, adoptHooks()); // adopt.ts
    const client = portalClient();
    const owner = await client.username();
    await assertItemInputs(client, inputs);
    const folder = typeof inputs.folder === "string" && inputs.folder ? inputs.folder : undefined;
    const made = await createService(client, owner, definedOnly({
      name: String(inputs.name),
      serviceDescription: typeof inputs.description === "string" ? inputs.description : undefined,
      capabilities: typeof inputs.capabilities === "string" ? inputs.capabilities : "Query",
      maxRecordCount: inputs.maxRecordCount as number | undefined,
      spatialReference: inputs.spatialReference as { wkid: number } | undefined,
      allowGeometryUpdates: inputs.allowGeometryUpdates as boolean | undefined,
    }) as { name: string }, folder);
    const serviceUrl = made.serviceurl.replace(/\/+$/, "");
    const body: Record<string, unknown> = {};
    for (const kind of KINDS) {
      const add = schemaChanges(kind, {}, declared(inputs[kind])).steps.find((s) => s.op === "addToDefinition");
      if (add) Object.assign(body, add.body);
    }
    if (Object.keys(body).length > 0) await changeDefinition(client, "addToDefinition", serviceUrl, body);
    const fields = itemFields(inputs);
    if (Object.keys(fields).length > 0) await updateItem(client, { owner, itemId: made.itemId, item: fields });
    await shareCreated(client, { owner, itemId: made.itemId, folder }, inputs);
    return { id: made.itemId, outs: await outsOf(client, inputs, serviceUrl, made.itemId) };
  },

  async read(id: string, props: RawInputs) {
    freshReads(`FeatureService ${id}`);
    assertReadableState(props, "FeatureService");
    const client = portalClient();
    const serviceUrl = String(props.serviceUrl);
    const info = await getServiceInfo(client, serviceUrl).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
    if (!info || (info as { error?: unknown }).error) return {};
    const inputs: RawInputs = { ...withoutPlan(comparable(props)) };
    for (const k of ["serviceUrl", "itemId"]) delete inputs[k];
    inputs.schemaVersion = STATE_LAYOUT_VERSION;
    if (typeof info.capabilities === "string" && props.capabilities !== undefined) inputs.capabilities = info.capabilities;
    if (typeof info.maxRecordCount === "number" && props.maxRecordCount !== undefined) inputs.maxRecordCount = info.maxRecordCount;
    for (const kind of KINDS) {
      const was = declared(props[kind]);
      const now: LayerMap = {};
      for (const l of (info[kind] as Array<{ id: number; name: string }> | undefined) ?? []) now[l.name] = readLayer(await getServiceInfo(client, `${serviceUrl}/${l.id}`), was[l.name]);
      if (props[kind] !== undefined || Object.keys(now).length > 0) inputs[kind] = now;
    }
    await readPlace(client, id, props, inputs);
    return { id, props: await outsOf(client, inputs, serviceUrl, id), inputs: definedOnly(inputs) }; // a service without tables: no undefined key
  },

  async update(id: string, olds: RawInputs, news: RawInputs) {
    const client = portalClient();
    const serviceUrl = String(olds.serviceUrl);
    const props: Record<string, unknown> = {};
    for (const k of SERVICE_KEYS) if (news[k] !== undefined && JSON.stringify(olds[k]) !== JSON.stringify(news[k])) props[k] = news[k];
    if (Object.keys(props).length > 0) await changeDefinition(client, "updateDefinition", serviceUrl, props);
    for (const kind of KINDS) {
      const { steps } = schemaChanges(kind, mapOf(olds[kind]), declared(news[kind])); // the old map keeps each layer's id
      // removals first (a field retyped is dropped, then added), then additions, then updates
      const order = { deleteFromDefinition: 0, addToDefinition: 1, updateDefinition: 2 };
      await runSteps(client, serviceUrl, kind, [...steps].sort((a, b) => order[a.op] - order[b.op]), mapOf(olds[kind]));
    }
    if (ITEM_KEYS.some((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]))) {
      const item = await getItem(client, id);
      await updateItem(client, { owner: item.owner, itemId: id, item: { title: (news.title as string | undefined) ?? String(news.name), tags: (news.tags as string[] | undefined) ?? [], snippet: (news.snippet as string | undefined) ?? "", description: (news.description as string | undefined) ?? "" } });
    }
    await updatePlace(client, id, olds, news);
    return { outs: await outsOf(client, news, serviceUrl, id) };
  },

  async delete(id: string) {
    const client = portalClient();
    try {
      const item = await getItem(client, id);
      await deleteItem(client, { owner: item.owner, itemId: id });
    } catch (e) {
      if (isNotFound(e)) return; // gone is done
      throw e;
    }
  },
};

/** The service's layers and tables as `<kind>.<name>` → {id, url}, found under the services root (check sees old inputs, not outputs). */
async function heldRefs(olds: RawInputs): Promise<Map<string, { id: number; url: string }>> {
  const refs = new Map<string, { id: number; url: string }>();
  for (const kind of KINDS) for (const [n, l] of Object.entries(mapOf(olds[kind]))) if (l.url !== undefined && l.id !== undefined) refs.set(`${kind}.${n}`, { id: l.id, url: l.url });
  const client = portalClient();
  const found = known(olds.name) ? await serviceRoot(client).catch(() => undefined) : undefined;
  if (found === undefined) return refs;
  // a discovered root may spell the service's URL otherwise than the URL it was created at: the held one, else its item's
  const held = found.discoveredFrom ? [...refs.values()][0]?.url : undefined;
  let serviceUrl = held ? featureServerUrl(held) : `${found.root}/${encodeURIComponent(olds.name as string)}/FeatureServer`;
  const info = await getServiceInfo(client, serviceUrl).catch(() => undefined);
  const itemId = found.discoveredFrom && !held ? info?.serviceItemId : undefined;
  const itemUrl: unknown = typeof itemId === "string" ? (await getItem(client, itemId).catch(() => undefined))?.url : undefined;
  if (typeof itemUrl === "string" && itemUrl !== "") serviceUrl = itemUrl.replace(/\/+$/, "");
  for (const kind of KINDS) for (const l of (info?.[kind] as Array<{ id: number; name: string }> | undefined) ?? []) refs.set(`${kind}.${l.name}`, { id: l.id, url: `${serviceUrl}/${l.id}` });
  return refs;
}

/**
 * Preview = apply: a kept layer's id and url stay known to what reads them (a LayerAppend's layerUrl);
 * without a services root (portal:serviceUrl, or discovered) they are absent from the preview until the update answers.
 */
function keepLayerRefs(refs: Map<string, { id: number; url: string }>, inputs: RawInputs): void {
  for (const kind of KINDS) {
    if (inputs[kind] === undefined) continue;
    inputs[kind] = Object.fromEntries(Object.entries(mapOf(inputs[kind])).map(([n, l]) => {
      const ref = refs.get(`${kind}.${n}`);
      return [n, ref === undefined ? l : { ...l, ...ref }];
    }));
  }
}

/** Each layer and table carries its name, as the outputs do: what reads `service.layers["x"]` at preview sees it. */
function nameLayers(inputs: RawInputs): void {
  for (const kind of KINDS) {
    if (inputs[kind] === undefined || isUnknown(inputs[kind])) continue;
    inputs[kind] = Object.fromEntries(Object.entries(mapOf(inputs[kind])).map(([n, l]) => [n, l && typeof l === "object" && !isUnknown(l) ? { ...l, name: n } : l]));
  }
}

function replaceReason(olds: RawInputs, news: RawInputs): string {
  if (olds.name !== news.name) return `the name changes (${String(olds.name)} → ${String(news.name)}) and the portal cannot rename a service`;
  if (JSON.stringify(olds.spatialReference) !== JSON.stringify(news.spatialReference)) return "the spatial reference changes";
  const kind = KINDS.find((k) => replacedLayers(declared(olds[k]), declared(news[k])).length > 0)!;
  const n = replacedLayers(declared(olds[kind]), declared(news[kind]))[0]!;
  return `${kind}.${n}'s geometry type or id fields change (${geometryLabel(declared(olds[kind])[n]!.geometryType)} → ${geometryLabel(declared(news[kind])[n]!.geometryType)})`;
}

/** A layer as the portal holds it, in the declared shape: what equals the declared spec is kept as written. */
export function readLayer(info: Record<string, unknown>, was: LayerSpec | undefined): LayerSpec {
  const oid = String(info.objectIdField ?? "OBJECTID");
  const gid = typeof info.globalIdField === "string" && info.globalIdField ? info.globalIdField : undefined;
  const wasFields = new Map((was?.fields ?? []).map((f) => [f.name.toLowerCase(), f]));
  const fields = ((info.fields as Array<Record<string, unknown>> | undefined) ?? [])
    .filter((f) => f.name !== oid && (gid === undefined || f.name !== gid || wasFields.has(gid.toLowerCase())))
    .map((f) => {
      const held = definedOnly({ name: String(f.name), type: String(f.type), alias: f.alias as string | undefined, length: f.length as number | undefined, nullable: f.nullable as boolean | undefined, editable: f.editable as boolean | undefined, defaultValue: f.defaultValue ?? undefined, domain: (f.domain as FieldSpec["domain"]) ?? undefined });
      const prior = wasFields.get(held.name.toLowerCase());
      return prior && JSON.stringify(fieldBody(prior)) === JSON.stringify(fieldBody(held)) ? prior : held;
    });
  const wasIndexes = was?.indexes ?? [];
  const indexes = ((info.indexes as Array<Record<string, unknown>> | undefined) ?? []).map((i) => {
    const held = { name: String(i.name), fields: String(i.fields), isUnique: i.isUnique === true, isAscending: i.isAscending !== false };
    const prior = wasIndexes.find((p) => indexName(p) === held.name && p.fields.toLowerCase() === held.fields.toLowerCase() && (p.isUnique ?? false) === held.isUnique && (p.isAscending ?? true) === held.isAscending);
    return prior ?? held;
  });
  return definedOnly({
    geometryType: typeof info.geometryType === "string" ? info.geometryType : undefined,
    fields: was && was.fields === undefined && fields.length === 0 ? undefined : fields, // none declared, none held: as written
    indexes: was && was.indexes === undefined && indexes.length === 0 ? undefined : indexes,
    displayField: typeof info.displayField === "string" && info.displayField ? info.displayField : was?.displayField,
    objectIdField: was?.objectIdField ?? (oid === "OBJECTID" ? undefined : oid),
    globalIdField: gid,
  });
}
