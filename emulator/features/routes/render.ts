// The service and layer JSON (spec.md#layer-append-metadata metadata under the names of spec.md#gap-layer-metadata).
import type { FeatureLayer } from "../model/layer";
import { SUPPORTED_APPEND_FORMATS, SUPPORTED_APPEND_SOURCE_FILTER_FORMATS } from "../model/layer";
import type { HostedService } from "../model/service";

export const MAX_RECORD_COUNT = 2000;
const CURRENT_VERSION = 11.4;

/** currentVersion of the directory, a service and a layer for the emulator's release. */
export function serviceVersion(release: string): number {
  return Number(release) || CURRENT_VERSION;
}

export function serviceJson(service: HostedService, release: string) {
  const first = service.layers[0];
  const sr = service.props.spatialReference ?? first?.def.spatialReference ?? { wkid: 4326 };
  const extent = first?.data.extent ?? { xmin: 0, ymin: 0, xmax: 0, ymax: 0, spatialReference: sr };
  const isLayer = (l: FeatureLayer) => l.def.geometryType !== undefined;
  return {
    currentVersion: serviceVersion(release),
    serviceItemId: service.itemId,
    serviceDescription: service.props.serviceDescription,
    allowGeometryUpdates: service.props.allowGeometryUpdates,
    hasVersionedData: false,
    supportsDisconnectedEditing: service.hasCapability("Sync"),
    syncEnabled: service.hasCapability("Sync"),
    supportsApplyEditsWithGlobalIds: true,
    capabilities: service.capabilities.join(","),
    maxRecordCount: service.props.maxRecordCount ?? MAX_RECORD_COUNT,
    supportedQueryFormats: "JSON",
    spatialReference: sr,
    initialExtent: extent,
    fullExtent: extent,
    isView: service.viewOf !== undefined,
    isHostedService: true,
    dataStore: service.store,
    editingInfo: { lastEditDate: service.lastEditDate },
    changeTrackingInfo: service.hasCapability("ChangeTracking") ? { lastSyncDate: service.lastEditDate } : undefined,
    layers: service.layers.filter(isLayer).map((l) => ({ id: l.id, name: l.def.name, geometryType: l.def.geometryType })),
    tables: service.layers.filter((l) => !isLayer(l)).map((l) => ({ id: l.id, name: l.def.name })),
  };
}

export function layerJson(service: HostedService, layer: FeatureLayer, release: string) {
  const d = layer.def;
  return {
    currentVersion: serviceVersion(release),
    id: d.id,
    name: d.name,
    type: d.geometryType ? "Feature Layer" : "Table",
    serviceItemId: service.itemId,
    isView: service.viewOf !== undefined,
    geometryType: d.geometryType,
    spatialReference: d.spatialReference,
    extent: layer.data.extent ?? null,
    objectIdField: d.objectIdField,
    globalIdField: d.globalIdField ?? "",
    displayField: d.displayField ?? "",
    fields: d.fields,
    indexes: d.indexes,
    editFieldsInfo: d.editFieldsInfo ?? null,
    ownershipBasedAccessControlForFeatures: d.ownershipBasedAccessControlForFeatures ?? null,
    capabilities: service.capabilities.join(","),
    supportsAppend: d.supportsAppend,
    supportedAppendFormats: d.supportsAppend ? SUPPORTED_APPEND_FORMATS : "",
    supportedAppendSourceFilterFormats: d.supportsAppend ? SUPPORTED_APPEND_SOURCE_FILTER_FORMATS : "",
    hasAttachments: false,
    hasZ: d.geometryType === "esriGeometryMultiPatch",
    maxRecordCount: MAX_RECORD_COUNT,
    supportedQueryFormats: "JSON",
    editingInfo: { lastEditDate: layer.data.lastEditDate },
  };
}
