// spec.md#append `edits`: a literal feature collection. Accepts a feature collection
// ({layers:[{layerDefinition, featureSet}]}), a feature set ({features, geometryType, fields,
// spatialReference}) or a bare array of features.
import { esriGeometry } from "./geometry";
import { datasetOf, SourceError, type SourceDataset, type SourceRow, type SourceTable } from "./source";
import { FIELD_TYPES, type FieldType } from "../model/types";

type FeatureSet = { features?: unknown[]; geometryType?: string; fields?: { name: string; type?: string }[]; spatialReference?: { wkid?: number } };
type FcLayer = { layerDefinition?: { name?: string; geometryType?: string; fields?: { name: string; type?: string }[]; spatialReference?: { wkid?: number } }; featureSet?: FeatureSet };

/** Without declared fields, every attribute name any feature uses (features may omit some). */
export function attributeNames(features: unknown[], key = "attributes"): { name: string }[] {
  const names = new Set<string>();
  for (const f of features) for (const n of Object.keys(((f as Record<string, unknown>)?.[key] as object) ?? {})) names.add(n);
  return [...names].map((name) => ({ name }));
}

function tableOf(name: string, set: FeatureSet): SourceTable {
  const multipatch = set.geometryType === "esriGeometryMultiPatch";
  const features = Array.isArray(set.features) ? set.features : [];
  const wkid = set.spatialReference?.wkid;
  return {
    name,
    fields: set.fields?.map((f) => ({ name: f.name, type: (FIELD_TYPES as readonly string[]).includes(f.type ?? "") ? (f.type as FieldType) : undefined })) ?? attributeNames(features),
    spatialReference: typeof wkid === "number" ? { wkid } : undefined,
    async *rows(): AsyncIterable<SourceRow> {
      for (let i = 0; i < features.length; i++) {
        const f = (features[i] ?? {}) as { attributes?: Record<string, unknown>; geometry?: unknown };
        try {
          yield { row: i + 1, attributes: { ...(f.attributes ?? {}) }, geometry: esriGeometry(f.geometry, multipatch) };
        } catch (e) {
          yield { row: i + 1, attributes: {}, geometry: null, error: (e as Error).message };
        }
      }
    },
  };
}

export function openFeatureCollection(text: string): SourceDataset {
  let json: any;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SourceError(`edits is not valid JSON: ${(e as Error).message}`);
  }
  if (json && json.featureCollection) json = json.featureCollection;
  if (Array.isArray(json)) return datasetOf([tableOf("features", { features: json })]);
  if (json && Array.isArray(json.layers)) {
    const tables = (json.layers as FcLayer[]).map((l, i) =>
      tableOf(l.layerDefinition?.name ?? `layer${i}`, {
        ...l.featureSet,
        geometryType: l.featureSet?.geometryType ?? l.layerDefinition?.geometryType,
        fields: l.featureSet?.fields ?? l.layerDefinition?.fields,
        spatialReference: l.featureSet?.spatialReference ?? l.layerDefinition?.spatialReference,
      }),
    );
    return datasetOf(tables);
  }
  if (json && Array.isArray(json.features)) return datasetOf([tableOf("features", json as FeatureSet)]);
  throw new SourceError("edits must be a feature collection ({layers:[…]}), a feature set ({features:[…]}) or an array of features");
}
