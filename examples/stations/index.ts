// Bike stations with pulumi-gis-portal: the hosted feature service and its layer (fields and the
// unique index on station_id) are declared here, and data/stations.csv is upserted into that layer.
// The LayerAppend names its target by reference, `layer: service.layers["stations"]`, so:
// - `pulumi preview` checks the upsert against the declared layer before anything exists: without a
//   unique index on station_id it fails and says which index to add;
// - `pulumi up` on an empty organization creates the service first, then appends into it;
// - the same program runs on dev and prod; only the stack config differs (Pulumi.<stack>.yaml).
import * as pulumi from "@pulumi/pulumi";
import * as portal from "pulumi-gis-portal";

const config = new pulumi.Config();

const service = new portal.FeatureService("stations", {
  // a service name is unique in an organization; each stack names its own (Pulumi.<stack>.yaml)
  name: config.require("serviceName"),
  title: config.get("title") ?? "Bike stations",
  tags: ["bike", "stations"],
  snippet: "Bike-share stations, loaded from data/stations.csv in git.",
  capabilities: "Query,Create,Update,Delete,Editing",
  spatialReference: { wkid: 4326 },
  layers: {
    stations: {
      geometryType: "esriGeometryPoint",
      fields: [
        { name: "station_id", type: "esriFieldTypeString", length: 20, nullable: false },
        { name: "name", type: "esriFieldTypeString", alias: "Station name" },
        { name: "capacity", type: "esriFieldTypeInteger", alias: "Docks" },
      ],
      // the upsert below matches rows on station_id: the portal needs a unique index on it
      indexes: [{ fields: "station_id", isUnique: true }],
      displayField: "name",
    },
  },
});

const load = new portal.LayerAppend("stations-csv", {
  // the declared layer: checked at preview, its URL known once the service exists
  layer: service.layers["stations"],
  // relative to this directory (the program's), so the state does not depend on the checkout path
  file: "data/stations.csv",
  appendSourceInfo: { type: "csv", locationType: "coordinates", latitudeFieldName: "latitude", longitudeFieldName: "longitude", sourceSR: { wkid: 4326 } },
  // an upsert: a row whose station_id is in the layer is updated, the others inserted; nothing is duplicated
  upsert: true,
  upsertMatchingField: "station_id",
  timeoutSeconds: 300,
});

/** The service and its layer. */
export const serviceUrl = service.serviceUrl;
export const stationsUrl = service.layers["stations"].url;
/** Rows written by the last load, and the fingerprint of the CSV it loaded. */
export const recordCount = load.recordCount;
export const csvSha256 = load.fileSha256;
