// A FeatureService's declared layers and tables against the state: the admin definition calls that
// bring the portal there, the plan lines that say so, and the removals that drop data.
import { domainBody, domainChangeLine, domainLabel, domainProblems, type DomainSpec } from "./domains";
export const FIELD_TYPES = [
  "esriFieldTypeOID", "esriFieldTypeGlobalID", "esriFieldTypeGUID", "esriFieldTypeString", "esriFieldTypeSmallInteger",
  "esriFieldTypeInteger", "esriFieldTypeDouble", "esriFieldTypeSingle", "esriFieldTypeDate", "esriFieldTypeBlob",
] as const;
export const GEOMETRY_TYPES = ["esriGeometryPoint", "esriGeometryMultipoint", "esriGeometryPolyline", "esriGeometryPolygon", "esriGeometryMultiPatch"] as const;
export const LAYER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const SERVICE_NAME = /^[A-Za-z0-9_]{1,120}$/;

export interface FieldSpec { name: string; type: string; alias?: string; length?: number; nullable?: boolean; editable?: boolean; defaultValue?: unknown; domain?: DomainSpec | null }
export interface IndexSpec { name?: string; fields: string; isUnique?: boolean; isAscending?: boolean }
export interface LayerSpec {
  geometryType?: string;
  fields?: FieldSpec[];
  indexes?: IndexSpec[];
  displayField?: string;
  objectIdField?: string;
  globalIdField?: string;
  /** Outputs only: the layer's name (its key in the map), id and URL. */
  name?: string;
  id?: number;
  url?: string;
}
export type Kind = "layers" | "tables";
export type LayerMap = Record<string, LayerSpec>;

export type Definition = "addToDefinition" | "updateDefinition" | "deleteFromDefinition";
/** One admin call: at service level (no layer) or on the layer named. */
export interface Step { op: Definition; layer?: string; body: Record<string, unknown> }
/** A removal that drops data: its allowDataLoss path, the layer, and the field (none: the whole layer). */
export interface Loss { path: string; kind: Kind; layer: string; field?: string; /** The plan line that names it. */ line: number }

const lower = (s: string) => s.toLowerCase();
export const typeLabel = (t: string) => t.replace(/^esriFieldType/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
export const geometryLabel = (t: string | undefined) => (t ? t.replace(/^esriGeometry/, "").toLowerCase() : "table");
export const indexName = (i: IndexSpec) => i.name ?? `${i.fields}_${i.isUnique ? "uq" : "idx"}`;
const indexLine = (i: IndexSpec) => `${i.isUnique ? "unique " : ""}index on ${i.fields}${i.isAscending === false ? " (descending)" : ""}`;
export const oidName = (l: LayerSpec) => l.objectIdField ?? "OBJECTID";

/** A field as the admin API takes it, defaults written out. */
export function fieldBody(f: FieldSpec): Record<string, unknown> {
  const out: Record<string, unknown> = { name: f.name, type: f.type, alias: f.alias ?? f.name, nullable: f.nullable ?? true, editable: f.editable ?? true };
  if (f.length !== undefined) out.length = f.length;
  else if (f.type === "esriFieldTypeString") out.length = 256;
  if (f.defaultValue !== undefined) out.defaultValue = f.defaultValue;
  if (f.domain) out.domain = domainBody(f.domain);
  return out;
}

const indexBody = (i: IndexSpec) => ({ name: indexName(i), fields: i.fields, isUnique: i.isUnique ?? false, isAscending: i.isAscending ?? true, description: "" });

/** A new layer or table as service-level addToDefinition takes it. */
export function layerBody(name: string, l: LayerSpec, kind: Kind): Record<string, unknown> {
  const declared = l.fields ?? [];
  const oid = declared.find((f) => f.type === "esriFieldTypeOID") ? [] : [{ name: oidName(l), type: "esriFieldTypeOID", alias: oidName(l), nullable: false, editable: false }];
  const gid = l.globalIdField && !declared.some((f) => lower(f.name) === lower(l.globalIdField!))
    ? [{ name: l.globalIdField, type: "esriFieldTypeGlobalID", alias: l.globalIdField, nullable: false, editable: false }]
    : [];
  return {
    name,
    type: kind === "layers" ? "Feature Layer" : "Table",
    ...(kind === "layers" ? { geometryType: l.geometryType } : {}),
    objectIdField: oidName(l),
    ...(l.globalIdField ? { globalIdField: l.globalIdField } : {}),
    ...(l.displayField ? { displayField: l.displayField } : {}),
    fields: [...oid, ...gid, ...declared.map(fieldBody)],
    indexes: (l.indexes ?? []).map(indexBody),
  };
}

/** Checks a declared layer on its own: field names unique, index and display fields present. */
export function layerProblems(kind: Kind, name: string, l: LayerSpec): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const f of l.fields ?? []) {
    if (names.has(lower(f.name))) problems.push(`${kind}.${name}: field ${f.name} is declared twice`);
    problems.push(...domainProblems(`${kind}.${name}`, f));
    names.add(lower(f.name));
  }
  names.add(lower(oidName(l)));
  if (l.globalIdField) names.add(lower(l.globalIdField));
  for (const i of l.indexes ?? []) if (!names.has(lower(i.fields))) problems.push(`${kind}.${name}: index ${indexName(i)} is on field ${i.fields}, which the layer does not declare`);
  if (l.displayField && !names.has(lower(l.displayField))) problems.push(`${kind}.${name}: displayField ${l.displayField} is not one of its fields`);
  return problems;
}

function same(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const shownValue = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));

/** The lines, calls and data-dropping removals that turn `olds` into `news` (one kind: layers or tables). */
export function schemaChanges(kind: Kind, olds: LayerMap, news: LayerMap): { lines: string[]; steps: Step[]; losses: Loss[] } {
  const lines: string[] = [];
  const steps: Step[] = [];
  const losses: Loss[] = [];
  const what = kind === "layers" ? "layer" : "table";
  const added = Object.keys(news).filter((n) => !(n in olds));
  for (const n of Object.keys(olds).filter((n) => !(n in news))) {
    lines.push(`- ${what} ${n} (${geometryLabel(olds[n]!.geometryType)}) and its rows`);
    losses.push({ path: `${kind}.${n}`, kind, layer: n, line: lines.length - 1 });
    steps.push({ op: "deleteFromDefinition", body: { [kind]: [{ id: olds[n]!.id }] } });
  }
  if (added.length > 0) {
    for (const n of added) {
      const l = news[n]!;
      lines.push(`+ ${what} ${n} (${geometryLabel(l.geometryType)}, ${(l.fields ?? []).length} fields)`);
      for (const i of l.indexes ?? []) lines.push(`+ ${indexLine(i)}`);
    }
    steps.push({ op: "addToDefinition", body: { [kind]: added.map((n) => layerBody(n, news[n]!, kind)) } });
  }
  for (const n of Object.keys(news).filter((n) => n in olds)) {
    const o = olds[n]!;
    const l = news[n]!;
    const before = lines.length;
    const oldFields = new Map((o.fields ?? []).map((f) => [lower(f.name), f]));
    const newFields = new Map((l.fields ?? []).map((f) => [lower(f.name), f]));
    const dropped = [...oldFields.values()].filter((f) => !newFields.has(lower(f.name)) || newFields.get(lower(f.name))!.type !== f.type);
    const fresh = [...newFields.values()].filter((f) => !oldFields.has(lower(f.name)) || oldFields.get(lower(f.name))!.type !== f.type);
    const oldIndexes = new Map((o.indexes ?? []).map((i) => [indexName(i), i]));
    const newIndexes = new Map((l.indexes ?? []).map((i) => [indexName(i), i]));
    const goneIndexes = [...oldIndexes.entries()].filter(([k, i]) => !newIndexes.has(k) || !same(indexBody(i), indexBody(newIndexes.get(k)!))).map(([, i]) => i);
    const newIdx = [...newIndexes.entries()].filter(([k, i]) => !oldIndexes.has(k) || !same(indexBody(i), indexBody(oldIndexes.get(k)!))).map(([, i]) => i);
    for (const i of goneIndexes) lines.push(`- ${indexLine(i)}`);
    for (const f of dropped) {
      const retyped = newFields.get(lower(f.name));
      lines.push(retyped ? `- field ${f.name} (${typeLabel(f.type)}): retyped to ${typeLabel(retyped.type)}, so dropped and added empty` : `- field ${f.name} (${typeLabel(f.type)})`);
      losses.push({ path: `${kind}.${n}.fields.${f.name}`, kind, layer: n, field: f.name, line: lines.length - 1 });
    }
    if (dropped.length > 0 || goneIndexes.length > 0) {
      steps.push({ op: "deleteFromDefinition", layer: n, body: { fields: dropped.map((f) => ({ name: f.name })), indexes: goneIndexes.map((i) => ({ name: indexName(i) })) } });
    }
    for (const f of fresh) lines.push(`+ field ${f.name} (${typeLabel(f.type)}${f.domain ? `, domain ${domainLabel(f.domain)}` : ""})`);
    for (const i of newIdx) lines.push(`+ ${indexLine(i)}`);
    if (fresh.length > 0 || newIdx.length > 0) steps.push({ op: "addToDefinition", layer: n, body: { fields: fresh.map(fieldBody), indexes: newIdx.map(indexBody) } });
    const updated: Array<Record<string, unknown>> = [];
    for (const f of newFields.values()) {
      const was = oldFields.get(lower(f.name));
      if (!was || was.type !== f.type) continue;
      const a = fieldBody(was);
      const b = fieldBody(f);
      const changed = Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
      for (const k of changed) lines.push(k === "domain" ? domainChangeLine(f.name, was.domain, f.domain) : `~ field ${f.name}: ${k} ${shownValue(a[k])} → ${shownValue(b[k])}`);
      // a domain removed is sent as null, which clears it
      if (changed.length > 0) updated.push(changed.includes("domain") && !f.domain ? { ...b, domain: null } : b);
    }
    const update: Record<string, unknown> = {};
    if (updated.length > 0) update.fields = updated;
    if ((o.displayField ?? "") !== (l.displayField ?? "") && l.displayField) {
      lines.push(`~ displayField: ${shownValue(o.displayField)} → ${shownValue(l.displayField)}`);
      update.displayField = l.displayField;
    }
    if (Object.keys(update).length > 0) steps.push({ op: "updateDefinition", layer: n, body: update });
    if (lines.length > before) {
      lines.splice(before, 0, `~ ${what} ${n}`);
      for (const loss of losses) if (loss.line >= before && loss.layer === n) loss.line++;
    }
  }
  return { lines, steps, losses };
}

/** The geometry type, object-id or global-id field of a kept layer changed: the portal cannot change them in place. */
export function replacedLayers(olds: LayerMap, news: LayerMap): string[] {
  return Object.keys(news).filter((n) => {
    const o = olds[n];
    const l = news[n]!;
    return o !== undefined && (o.geometryType !== l.geometryType || oidName(o) !== oidName(l) || (o.globalIdField ?? "") !== (l.globalIdField ?? ""));
  });
}
