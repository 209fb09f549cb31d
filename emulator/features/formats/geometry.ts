// GeoJSON and WKB geometries into Esri JSON (the layer's storage form).
import * as wkx from "wkx";
import type { Geometry, Position } from "../model/types";

type GeoJson = { type: string; coordinates?: any; geometries?: GeoJson[] };

/** Throws for geometries the layer cannot store (GeometryCollection, unknown types). */
export function geojsonToEsri(g: GeoJson | null | undefined): Geometry | null {
  if (!g) return null;
  const c = g.coordinates;
  switch (g.type) {
    case "Point":
      if (!Array.isArray(c) || c.length < 2) return null;
      return c.length > 2 ? { x: c[0], y: c[1], z: c[2] } : { x: c[0], y: c[1] };
    case "MultiPoint":
      return { points: c as Position[] };
    case "LineString":
      return { paths: [c as Position[]] };
    case "MultiLineString":
      return { paths: c as Position[][] };
    case "Polygon":
      return { rings: c as Position[][] };
    case "MultiPolygon":
      return { rings: (c as Position[][][]).flat() };
    default:
      throw new Error(`geometry type ${g.type} is not supported`);
  }
}

/** WKB (or WKT text) into Esri JSON. */
export function wkbToEsri(value: Uint8Array | string): Geometry | null {
  const parsed = wkx.Geometry.parse(typeof value === "string" ? value : Buffer.from(value));
  return geojsonToEsri(parsed.toGeoJSON() as GeoJson);
}

/** Checks the shape of an Esri JSON geometry from a literal source. */
export function esriGeometry(g: unknown, multipatch: boolean): Geometry | null {
  if (g === null || g === undefined) return null;
  const o = g as Record<string, unknown>;
  if (typeof o.x === "number" && typeof o.y === "number") return { x: o.x, y: o.y, ...(typeof o.z === "number" ? { z: o.z } : {}) };
  if (Array.isArray(o.points)) return { points: o.points as Position[] };
  if (Array.isArray(o.paths)) return { paths: o.paths as Position[][] };
  if (Array.isArray(o.rings)) return multipatch ? { rings: o.rings as Position[][], hasZ: true, multipatch: true } : { rings: o.rings as Position[][] };
  throw new Error("geometry is not valid Esri JSON (x/y, points, paths or rings expected)");
}
