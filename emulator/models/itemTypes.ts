// spec.md#item-fields "type": the list of supported item types is not shown; these are the public API's
// common types (unconfirmed, incomplete by design: add a type here when a test needs it).
export const ITEM_TYPES: readonly string[] = [
  "Web Map", "Web Scene", "Web Mapping Application", "Web Experience", "Dashboard", "StoryMap", "Form", "Notebook",
  "Feature Service", "Map Service", "Image Service", "Vector Tile Service", "Scene Service", "WMS", "WFS", "WMTS", "KML",
  "Feature Collection", "CSV", "Microsoft Excel", "GeoJson", "Shapefile", "File Geodatabase", "GeoPackage", "SQLite Geodatabase",
  "PDF", "Image", "Microsoft Word", "Microsoft PowerPoint", "Document Link", "Code Attachment", "Code Sample", "Application",
  "Desktop Application", "Map Package", "Mobile Map Package", "Project Package", "Tile Package", "Vector Tile Package",
  "Layer Package", "Scene Package", "Geoprocessing Package", "Style", "Web Style", "Desktop Style", "Layer", "Data Store",
  "Administrative Report", "Report Template", "Solution", "Hub Site Application", "Hub Page", "API Key",
];

/** spec.md#item-fields: serviceUsername/servicePassword are valid on these only. */
export const SECURED_SERVICE_TYPES: readonly string[] = ["Map Service", "Feature Service", "Image Service"];

/** spec.md#item-fields typeKeywords: "some keywords are added automatically from the type" (unconfirmed list). */
export const AUTO_TYPE_KEYWORDS: Record<string, readonly string[]> = {
  "Feature Service": ["Data", "Service", "Feature Service"],
  "Map Service": ["Data", "Service", "Map Service"],
  "Image Service": ["Data", "Service", "Image Service"],
  "Web Map": ["Web Map", "Map"],
  "Web Mapping Application": ["Map", "Mapping Site", "Online Map"],
  "Data Store": ["Data Store"],
};

/** The type of a multipart item before commit names one (by extension; unconfirmed). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  csv: "CSV", xlsx: "Microsoft Excel", xls: "Microsoft Excel", geojson: "GeoJson", json: "GeoJson", pdf: "PDF",
  png: "Image", jpg: "Image", jpeg: "Image", gif: "Image", gpkg: "GeoPackage", docx: "Microsoft Word", pptx: "Microsoft PowerPoint",
  mpkx: "Map Package", mmpk: "Mobile Map Package", ppkx: "Project Package", vtpk: "Vector Tile Package", tpkx: "Tile Package",
  lpkx: "Layer Package", gpkx: "Geoprocessing Package", spk: "Scene Package", slpk: "Scene Package", kml: "KML", kmz: "KML",
};

export function typeFromFileName(name: string): string {
  return TYPE_BY_EXTENSION[name.split(".").pop()?.toLowerCase() ?? ""] ?? "Code Attachment";
}
