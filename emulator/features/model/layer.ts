// A hosted feature layer (spec.md#layer-append-metadata): its definition, its rows (shared with its views) and the
// append metadata the platform exposes under the names of spec.md#gap-layer-metadata.
import type { RowStore } from "./store";
import type { EditFieldsInfo, Extent, FieldDef, GeometryType, IndexDef, OwnershipAccessControl, Row, SpatialReference } from "./types";
import { geometryExtent } from "./extent";

/** spec.md#gap-layer-metadata: the formats a layer that supports append lists (spec.md#layer-append-metadata). */
export const SUPPORTED_APPEND_FORMATS = "sqlite,geoPackage,shapefile,filegdb,featureCollection,geojson,csv,excel,featureService";
/** Source formats that accept a source filter (unconfirmed: docs/spec.md does not list them). */
export const SUPPORTED_APPEND_SOURCE_FILTER_FORMATS = "featureService";

export interface LayerDef {
  id: number;
  name: string;
  /** Absent for a table. */
  geometryType?: GeometryType;
  spatialReference: SpatialReference;
  fields: FieldDef[];
  indexes: IndexDef[];
  objectIdField: string;
  globalIdField?: string;
  /** The field a client labels a row with (addToDefinition / updateDefinition). */
  displayField?: string;
  editFieldsInfo?: EditFieldsInfo;
  ownershipBasedAccessControlForFeatures?: OwnershipAccessControl;
  /** spec.md#layer-append-metadata: absent or false means Append can be neither added nor used. */
  supportsAppend: boolean;
}

/** Layer data shared between a layer and the views over it (spec.md#append-layer-view). */
export interface LayerData {
  store: RowStore;
  extent?: Extent;
  lastEditDate: number;
}

export class FeatureLayer {
  private readonly byLower: Map<string, FieldDef>;

  constructor(readonly def: LayerDef, readonly data: LayerData) {
    this.byLower = new Map(def.fields.map((f) => [f.name.toLowerCase(), f]));
  }

  get id(): number {
    return this.def.id;
  }

  field(name: string): FieldDef | undefined {
    return this.byLower.get(name.toLowerCase());
  }

  /** spec.md#layer-append-metadata: fields marked with a unique index, plus object id and global id. */
  isUniqueField(name: string): boolean {
    const f = this.field(name);
    if (!f) return false;
    if (f.name === this.def.objectIdField || f.name === this.def.globalIdField) return true;
    return this.def.indexes.some((i) => i.isUnique && i.fields.toLowerCase() === f.name.toLowerCase());
  }

  /** spec.md#append-last-edit: the extent follows the data (recomputed over every row). */
  recomputeExtent(): void {
    let ext: Extent | undefined;
    for (const row of this.data.store.rows.values()) ext = geometryExtent(row.geometry, this.def.spatialReference, ext);
    this.data.extent = ext;
  }

  rows(): IterableIterator<Row> {
    return this.data.store.rows.values();
  }
}
