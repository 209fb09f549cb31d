// CSV upsert with pulumi-gis-portal: data/stations.csv is the source of truth for the layer's
// stations. Editing the file changes its SHA-256, so the next preview shows the LayerAppend
// replaced, and `pulumi up` appends it again as an upsert on station_id: changed rows are updated
// in place, new rows inserted, nothing duplicated. Destroy leaves the rows in the layer.
import * as pulumi from "@pulumi/pulumi";
import * as portal from "pulumi-gis-portal";

const config = new pulumi.Config();

const stations = new portal.LayerAppend("stations-csv", {
  // resolved against portal:serviceUrl: {serviceUrl}/<serviceName>/FeatureServer/<layerId>
  serviceName: config.require("serviceName"),
  layerId: config.requireNumber("layerId"),
  // relative to this directory (the program's), so the state does not depend on the checkout path
  file: "data/stations.csv",
  appendUploadFormat: "csv",
  appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } },
  // upsert: rows are matched on a field with a unique index, so running it again updates instead of duplicating
  upsert: true,
  upsertMatchingField: "station_id",
  timeoutSeconds: 300,
});

/** Rows written by the last append job, and the job itself. */
export const recordCount = stations.recordCount;
export const jobId = stations.jobId;
/** The fingerprint of the CSV that was loaded. */
export const csvSha256 = stations.fileSha256;
