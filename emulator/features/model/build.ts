// Turns the services fixture into hosted services: ids, editor-tracking fields, unique indexes,
// shared rows for views (spec.md#append-layer-view), and release gating of blob fields (spec.md#versions, 11.1).
import type { LayerFixture, ServiceFixture } from "./fixtures";
import { FeatureLayer, type LayerData, type LayerDef } from "./layer";
import { HostedService } from "./service";
import { RowStore } from "./store";
import { newGuid } from "./fields";
import { parseDomain } from "./domains";
import type { EditFieldsInfo, FieldDef, IndexDef } from "./types";

const EDITOR_FIELDS: EditFieldsInfo = { creationDateField: "CreationDate", creatorField: "Creator", editDateField: "EditDate", editorField: "Editor" };

function editorFieldDefs(info: EditFieldsInfo): FieldDef[] {
  return [
    { name: info.creationDateField, type: "esriFieldTypeDate", editable: false },
    { name: info.creatorField, type: "esriFieldTypeString", length: 128, editable: false },
    { name: info.editDateField, type: "esriFieldTypeDate", editable: false },
    { name: info.editorField, type: "esriFieldTypeString", length: 128, editable: false },
  ];
}

export function buildLayerDef(fx: LayerFixture, releaseAtLeast: (r: string) => boolean): LayerDef {
  const fields: FieldDef[] = fx.fields.map(({ domain, ...f }) => {
    const field: FieldDef = { nullable: true, editable: true, ...f };
    const parsed = parseDomain(domain, field, `services fixture: layer ${fx.name}`);
    return parsed ? { ...field, domain: parsed } : field;
  });
  if (!fields.some((f) => f.type === "esriFieldTypeOID")) fields.unshift({ name: "OBJECTID", type: "esriFieldTypeOID", nullable: false, editable: false });
  const blob = fields.find((f) => f.type === "esriFieldTypeBlob");
  if (blob && !releaseAtLeast("11.1")) throw new Error(`services fixture: layer ${fx.name} field ${blob.name}: blob fields need release 11.1`);
  const editFieldsInfo = fx.editorTracking ? EDITOR_FIELDS : undefined;
  if (editFieldsInfo) for (const f of editorFieldDefs(editFieldsInfo)) if (!fields.some((x) => x.name.toLowerCase() === f.name.toLowerCase())) fields.push(f);
  const objectIdField = fields.find((f) => f.type === "esriFieldTypeOID")!.name;
  const globalIdField = fields.find((f) => f.type === "esriFieldTypeGlobalID")?.name;
  const indexes: IndexDef[] = fx.indexes.map((i) => ({
    name: i.name ?? `${i.fields}_idx`,
    fields: i.fields,
    isAscending: i.isAscending ?? true,
    isUnique: i.isUnique ?? false,
    description: i.description ?? "",
  }));
  for (const i of indexes) {
    if (!fields.some((f) => f.name.toLowerCase() === i.fields.toLowerCase())) throw new Error(`services fixture: layer ${fx.name} index ${i.name} names unknown field ${i.fields}`);
  }
  return {
    id: fx.id,
    name: fx.name,
    geometryType: fx.geometryType,
    spatialReference: fx.spatialReference,
    fields,
    indexes,
    objectIdField,
    globalIdField,
    editFieldsInfo,
    ownershipBasedAccessControlForFeatures: fx.ownershipBasedAccessControlForFeatures,
    supportsAppend: fx.supportsAppend,
  };
}

function canonicalName(def: LayerDef, name: string): string {
  return def.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.name ?? name;
}

export function buildLayerData(def: LayerDef, rows: LayerFixture["rows"]): LayerData {
  const unique = def.indexes.filter((i) => i.isUnique).map((i) => canonicalName(def, i.fields));
  if (def.globalIdField) unique.push(def.globalIdField);
  const store = new RowStore(def.objectIdField, unique);
  for (const r of rows) {
    const attributes = { ...r.attributes };
    if (def.globalIdField && !attributes[def.globalIdField]) attributes[def.globalIdField] = newGuid();
    const oid = typeof attributes[def.objectIdField] === "number" ? (attributes[def.objectIdField] as number) : undefined;
    store.insert({ attributes, geometry: r.geometry ?? null }, undefined, oid);
  }
  return { store, lastEditDate: Date.now() };
}

/** A service from its fixture; a view reuses the layer data of `source`. */
export function buildService(fx: ServiceFixture, orgId: string, releaseAtLeast: (r: string) => boolean, source?: HostedService): HostedService {
  const capabilities = fx.capabilities.split(",").map((c) => c.trim()).filter(Boolean);
  let layers: FeatureLayer[];
  if (source) {
    const wanted = fx.layers.length > 0 ? fx.layers.map((l) => l.id) : source.layers.map((l) => l.id);
    layers = wanted.map((id) => {
      const src = source.layer(id);
      if (!src) throw new Error(`services fixture: view ${fx.name} names layer ${id}, which ${source.name} lacks`);
      return new FeatureLayer({ ...src.def }, src.data);
    });
  } else {
    layers = fx.layers.map((l) => {
      const def = buildLayerDef(l, releaseAtLeast);
      const layer = new FeatureLayer(def, buildLayerData(def, l.rows));
      layer.recomputeExtent();
      return layer;
    });
  }
  return new HostedService(fx.name, fx.title ?? fx.name, fx.owner, orgId, fx.store, capabilities, layers, source?.name);
}
