// Where a CSV or Excel row is (spec.md#append-geocode, spec.md#append-csv-no-geometry): coordinate columns, nothing, or an address
// geocoded on a hosted deployment. Returns the geometry, null, or an error message for the row.
import type { Geometry } from "../model/types";
import type { AppendSourceInfo } from "./source";

const LAT_NAMES = ["latitude", "lat", "y", "point_y", "ycoord"];
const LON_NAMES = ["longitude", "lon", "long", "lng", "x", "point_x", "xcoord"];

type Locate = (record: Record<string, unknown>) => Geometry | null | string;

function findColumn(columns: string[], wanted: string | undefined, names: string[]): string | undefined {
  if (wanted) return columns.find((c) => c.toLowerCase() === wanted.toLowerCase());
  return columns.find((c) => names.includes(c.toLowerCase()));
}

export function locator(columns: string[], info: AppendSourceInfo, geocode?: (address: string) => Geometry | undefined): Locate {
  const type = info.locationType?.toLowerCase();
  if (type === "none") return () => null;
  if (type === "address") return addressLocator(columns, info, geocode);
  const c = coordinateColumns(columns, info);
  if (!c) return () => null; // spec.md#append-csv-no-geometry: a CSV without geometry
  return (record) => coordinates(record[c.lat], record[c.lon], c);
}

/**
 * `locator` for records given as their values in `header`'s order (csv-parse's record object from
 * them takes a repeated name's last value); undefined for an address, which needs the record.
 */
export function valuesLocator(header: readonly string[], info: AppendSourceInfo): ((values: readonly string[]) => Geometry | null | string) | undefined {
  const type = info.locationType?.toLowerCase();
  if (type === "address") return undefined;
  if (type === "none") return () => null;
  const c = coordinateColumns(columnsOf(header), info);
  if (!c) return () => null;
  const y = header.lastIndexOf(c.lat), x = header.lastIndexOf(c.lon);
  return (values) => coordinates(values[y], values[x], c);
}

/** The names of a record made from `header` (Object.keys of it: a repeated name once, integer-like names first). */
export function columnsOf(header: readonly string[]): string[] {
  const record: Record<string, string> = {};
  for (const h of header) record[h] = "";
  return Object.keys(record);
}

/** The latitude and longitude columns, or undefined for a source without them. */
function coordinateColumns(columns: string[], info: AppendSourceInfo): { lat: string; lon: string } | undefined {
  const lat = findColumn(columns, info.latitudeFieldName, LAT_NAMES);
  const lon = findColumn(columns, info.longitudeFieldName, LON_NAMES);
  if (lat && lon) return { lat, lon };
  if (info.locationType?.toLowerCase() === "coordinates") throw new Error(`coordinate columns not found (latitudeFieldName '${info.latitudeFieldName ?? "?"}', longitudeFieldName '${info.longitudeFieldName ?? "?"}')`);
  return undefined;
}

function coordinates(y: unknown, x: unknown, { lat, lon }: { lat: string; lon: string }): Geometry | null | string {
  if ((y === "" || y === null || y === undefined) && (x === "" || x === null || x === undefined)) return null;
  const ny = Number(y), nx = Number(x);
  if (!Number.isFinite(ny) || !Number.isFinite(nx)) return `coordinates ${JSON.stringify(x)}, ${JSON.stringify(y)} in '${lon}', '${lat}' are not numbers`;
  return { x: nx, y: ny };
}

function addressLocator(columns: string[], info: AppendSourceInfo, geocode?: (address: string) => Geometry | undefined): Locate {
  if (!geocode) throw new Error("locationType 'address' needs geocoding, available on a hosted deployment only");
  const single = info.singleLineAddressFieldName ? findColumn(columns, info.singleLineAddressFieldName, []) : undefined;
  if (!single && !info.addressTemplate) throw new Error("locationType 'address' needs singleLineAddressFieldName or addressTemplate");
  return (record) => {
    const address = single ? String(record[single] ?? "") : info.addressTemplate!.replace(/\{([^}]+)\}/g, (_, k: string) => String(record[k] ?? ""));
    return geocode(address) ?? `address ${JSON.stringify(address)} could not be geocoded`;
  };
}
