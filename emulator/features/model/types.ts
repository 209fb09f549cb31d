// Shapes of the feature side (spec.md#layer-append-metadata): fields, geometries and rows, in the platform's JSON names.

export const FIELD_TYPES = [
  "esriFieldTypeOID",
  "esriFieldTypeGlobalID",
  "esriFieldTypeGUID",
  "esriFieldTypeString",
  "esriFieldTypeSmallInteger",
  "esriFieldTypeInteger",
  "esriFieldTypeDouble",
  "esriFieldTypeSingle",
  "esriFieldTypeDate",
  "esriFieldTypeBlob",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldDef {
  name: string;
  type: FieldType;
  alias?: string;
  length?: number;
  nullable?: boolean;
  editable?: boolean;
  /** spec.md#append-field-defaults: applied when a row has no value (11.1+, relational store). */
  defaultValue?: unknown;
  /** Stored and returned; edits are not checked against it (emulator/features/model/domains.ts). */
  domain?: FieldDomain;
}

export type FieldDomain =
  | { type: "codedValue"; name: string; codedValues: Array<{ name: string; code: string | number }> }
  | { type: "range"; name: string; range: [number, number] };

export interface IndexDef {
  name: string;
  fields: string;
  isAscending: boolean;
  isUnique: boolean;
  description: string;
}

export const GEOMETRY_TYPES = ["esriGeometryPoint", "esriGeometryMultipoint", "esriGeometryPolyline", "esriGeometryPolygon", "esriGeometryMultiPatch"] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

export interface SpatialReference {
  wkid: number;
  latestWkid?: number;
}

export type Position = number[];
/** Esri JSON geometries; a multipatch is kept as `{rings, hasZ}` flagged with `multipatch: true`. */
export type Geometry =
  | { x: number; y: number; z?: number }
  | { points: Position[] }
  | { paths: Position[][] }
  | { rings: Position[][]; multipatch?: boolean; hasZ?: boolean };

export type Attributes = Record<string, unknown>;

export interface Row {
  attributes: Attributes;
  geometry: Geometry | null;
}

export interface Extent {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
  spatialReference: SpatialReference;
}

export interface EditFieldsInfo {
  creationDateField: string;
  creatorField: string;
  editDateField: string;
  editorField: string;
}

/** The platform's layer property; only allowOthersToUpdate changes append (spec.md#append-ownership). */
export interface OwnershipAccessControl {
  allowOthersToQuery: boolean;
  allowOthersToUpdate: boolean;
  allowOthersToDelete: boolean;
  allowAnonymousToQuery?: boolean;
  allowAnonymousToUpdate?: boolean;
  allowAnonymousToDelete?: boolean;
}

/** The geometry type an Esri JSON geometry has. */
export function geometryTypeOf(g: Geometry): GeometryType {
  if ("x" in g) return "esriGeometryPoint";
  if ("points" in g) return "esriGeometryMultipoint";
  if ("paths" in g) return "esriGeometryPolyline";
  return g.multipatch ? "esriGeometryMultiPatch" : "esriGeometryPolygon";
}
