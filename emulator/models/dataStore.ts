// spec.md#add-item-data-store: the text of a Data Store item.
import { badRequest } from "../errors";

export function checkDataStore(text: string): void {
  const v = JSON.parse(text) as Record<string, unknown>;
  const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);
  if (!isObject(v)) throw badRequest("A Data Store item's text must be a JSON object.");
  for (const key of ["type", "path", "provider"]) if (typeof v[key] !== "string") throw badRequest(`Data Store text: '${key}' must be a string.`);
  const info = v.info;
  if (!isObject(info)) throw badRequest("Data Store text: 'info' must be an object.");
  if (typeof info.isManaged !== "boolean") throw badRequest("Data Store text: 'info.isManaged' must be a boolean.");
  if (typeof info.objectStore !== "string") throw badRequest("Data Store text: 'info.objectStore' must be a string.");
  if (!isObject(info.connectionString)) throw badRequest("Data Store text: 'info.connectionString' must be an object.");
}
