// An item catalogue with pulumi-gis-portal: items are declared here and reviewed in pull requests.
// The CSV lives in this repository; its SHA-256 is kept in state, so editing it is a diff.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as portal from "pulumi-gis-portal";

const config = new pulumi.Config();
// portal:serviceUrl is the feature services' root, https://host/server/rest/services (the same setting
// LayerAppend resolves a serviceName against); the service is <root>/<serviceName>/FeatureServer
const serviceUrl = new pulumi.Config("portal").require("serviceUrl").replace(/\/+$/, "");
const serviceName = config.get("serviceName") ?? "Streets";

/** The data behind the service: a CSV file uploaded from the repository. */
const streetsCsv = new portal.PortalItem("streets-csv", {
  type: "CSV",
  title: "Streets (source CSV)",
  file: path.join(__dirname, "data", "streets.csv"),
  tags: ["streets", "source"],
  snippet: "The street centreline table the Streets service is built from.",
});

/** The feature service, related to its data (Service2Data: the service is the origin). */
const streetsService = new portal.PortalItem("streets-service", {
  type: "Feature Service",
  title: "Streets",
  url: `${serviceUrl}/${serviceName}/FeatureServer`,
  tags: ["streets"],
  description: "Street centrelines, maintained by Public Works.",
  serviceUsername: config.get("serviceUsername"),
  servicePassword: config.getSecret("servicePassword"),
  relationship: { type: "Service2Data", destinationItemId: streetsCsv.itemId },
  protected: true, // delete protection: set false and run up before destroying it
});

/** A web map of the service, from JSON text. */
const streetsMap = new portal.PortalItem("streets-map", {
  type: "Web Map",
  title: "Streets map",
  tags: ["streets", "map"],
  text: pulumi.all([streetsService.url, streetsService.itemId]).apply(([url, itemId]) => ({
    operationalLayers: [{ id: "streets", title: "Streets", url: `${url}/0`, itemId, layerType: "ArcGISFeatureLayer" }],
    baseMap: { title: "Topographic", baseMapLayers: [] },
    spatialReference: { wkid: 102100 },
    version: "2.31",
  })),
});

export const csvItemId = streetsCsv.itemId;
export const serviceItemId = streetsService.itemId;
export const mapItemId = streetsMap.itemId;
export const serviceRelatedItems = streetsService.relatedItemIds;
