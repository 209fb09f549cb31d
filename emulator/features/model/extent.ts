// Extents of Esri JSON geometries (spec.md#append-last-edit: the layer extent is updated after an append).
import type { Extent, Geometry, Position, SpatialReference } from "./types";

function positions(g: Geometry): Position[] {
  if ("x" in g) return [[g.x, g.y]];
  if ("points" in g) return g.points;
  if ("paths" in g) return g.paths.flat();
  return g.rings.flat();
}

/** Grows `ext` (or starts one) to cover `g`. */
export function geometryExtent(g: Geometry | null, sr: SpatialReference, ext?: Extent): Extent | undefined {
  if (!g) return ext;
  let e = ext;
  for (const [x, y] of positions(g)) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (!e) e = { xmin: x, ymin: y, xmax: x, ymax: y, spatialReference: sr };
    else {
      if (x < e.xmin) e.xmin = x;
      if (y < e.ymin) e.ymin = y;
      if (x > e.xmax) e.xmax = x;
      if (y > e.ymax) e.ymax = y;
    }
  }
  return e;
}
