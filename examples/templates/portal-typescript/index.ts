// A GIS portal organization as code: the content categories in trees/categories.yaml, a folder, and a
// web map filed in that folder under a category. `pulumi preview --diff` shows what would change in
// the portal; `pulumi up` applies it. The resources and their options: the pulumi-gis-portal docs.
import * as path from "node:path";
import * as portal from "pulumi-gis-portal";

const categories = new portal.CategorySchema("categories", {
  categorySchema: portal.loadCategoryTree(path.join(__dirname, "trees", "categories.yaml")),
});

const maps = new portal.Folder("maps", { title: "Maps" });

const overview = new portal.PortalItem("overview-map", {
  type: "Web Map",
  title: "Overview map",
  tags: ["overview"],
  snippet: "The organization's area at a glance.",
  folder: maps.folderId,
  categories: ["/Categories/Basemaps"],
  text: { operationalLayers: [], baseMap: { title: "Topographic", baseMapLayers: [] }, version: "2.31" },
}, { dependsOn: [categories] });

export const contentCategories = categories.outline;
export const overviewMapItemId = overview.itemId;
