// Content types of served item files, by extension.
import * as path from "node:path";

const TYPES: Record<string, string> = {
  ".json": "application/json", ".geojson": "application/geo+json", ".csv": "text/csv", ".txt": "text/plain",
  ".xml": "application/xml", ".html": "text/html", ".pdf": "application/pdf", ".zip": "application/zip",
  ".png": "image/png", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
}
