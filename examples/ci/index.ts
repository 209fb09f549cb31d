// The program the workflows preview and apply: the organization's content categories, kept in
// trees/categories.yaml, and a web map filed under one of them and shared with the organization.
// Replace it with your own; the workflows need only Pulumi.yaml, package.json, package-lock.json
// and policy.json at the repository root.
import * as path from "node:path";
import * as portal from "pulumi-gis-portal";

const tree = portal.loadCategoryTree(path.join(__dirname, "trees", "categories.yaml"));
const categories = new portal.CategorySchema("org-categories", { categorySchema: tree });

const cityMap = new portal.PortalItem("city-map", {
  type: "Web Map",
  title: "City map",
  tags: ["city", "planning"],
  snippet: "Zoning and parcels for the planning department.",
  categories: ["/Categories/Planning/Zoning"],
  text: { operationalLayers: [], baseMap: { title: "Topographic", baseMapLayers: [] }, version: "2.31" },
  sharing: { access: "org" },
}, { dependsOn: [categories] });

/** Every content category by path → its description, as the portal stored it. */
export const contentCategories = categories.outline;
export const cityMapItemId = cityMap.itemId;
