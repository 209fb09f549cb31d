// spec.md#append-projection: source data is projected to the layer's spatial reference with proj4.
// Known: 4326, 3857 (and its aliases 102100, 102113, 900913), 4269, WGS 84 UTM zones (326xx, 327xx);
// a source may also bring WKT (shapefile .prj, GeoPackage gpkg_spatial_ref_sys).
import proj4 from "proj4";
import type { Geometry, Position, SpatialReference } from "./model/types";

const WEB_MERCATOR = [3857, 102100, 102113, 900913];

/** The proj4 definition of a wkid, or undefined when the emulator does not know it. */
export function projDefOf(wkid: number): string | undefined {
  if (wkid === 4326) return "EPSG:4326";
  if (WEB_MERCATOR.includes(wkid)) return "EPSG:3857";
  if (wkid === 4269) return "EPSG:4269";
  if ((wkid > 32600 && wkid <= 32660) || (wkid > 32700 && wkid <= 32760)) {
    return `+proj=utm +zone=${wkid % 100}${wkid > 32700 ? " +south" : ""} +datum=WGS84 +units=m +no_defs`;
  }
  return undefined;
}

export function sameSpatialReference(a: number, b: number): boolean {
  return a === b || (WEB_MERCATOR.includes(a) && WEB_MERCATOR.includes(b));
}

export type Projector = (g: Geometry) => Geometry;

/** A source's spatial reference: a wkid, or WKT text read from the source. */
export type SourceSpatialReference = { wkid: number } | { wkt: string };

/** Builds the function that moves geometries from `source` into `target`; throws for an unknown reference. */
export function projector(source: SourceSpatialReference, target: SpatialReference): Projector {
  if ("wkid" in source && sameSpatialReference(source.wkid, target.wkid)) return (g) => g;
  const from = "wkid" in source ? projDefOf(source.wkid) : source.wkt;
  const to = projDefOf(target.wkid);
  if (!from) throw new Error(`spatial reference ${JSON.stringify(source)} is not supported by this emulator`);
  if (!to) throw new Error(`layer spatial reference ${target.wkid} is not supported by this emulator`);
  let convert: proj4.Converter;
  try {
    convert = proj4(from, to);
  } catch (e) {
    throw new Error(`spatial reference cannot be read: ${(e as Error).message}`);
  }
  const pos = (p: Position): Position => {
    const [x, y] = convert.forward([p[0], p[1]]);
    return p.length > 2 ? [x, y, ...p.slice(2)] : [x, y];
  };
  return (g) => {
    if ("x" in g) {
      const [x, y] = pos([g.x, g.y]);
      return g.z === undefined ? { x, y } : { x, y, z: g.z };
    }
    if ("points" in g) return { points: g.points.map(pos) };
    if ("paths" in g) return { paths: g.paths.map((p) => p.map(pos)) };
    return { ...g, rings: g.rings.map((r) => r.map(pos)) };
  };
}
