// <svc>/FeatureServer/<layerId>/query: where (the subset of model/where.ts), outFields,
// returnGeometry, returnCountOnly, resultOffset, resultRecordCount, orderByFields (one field).
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../errors";
import type { FeatureLayer } from "../model/layer";
import type { Row } from "../model/types";
import { compileWhere } from "../model/where";
import type { FeatureState } from "../state";
import { boolParam, callerFor, featureRoute, layerOf, serviceOf } from "./context";
import { MAX_RECORD_COUNT } from "./render";

function intParam(fields: Record<string, string>, name: string): number | undefined {
  const v = fields[name];
  if (v === undefined || v === "") return undefined;
  if (!/^\d+$/.test(v)) throw badRequest(`Parameter '${name}' must be a non-negative integer.`);
  return Number(v);
}

export function queryLayer(layer: FeatureLayer, fields: Record<string, string>) {
  const def = layer.def;
  const names = def.fields.map((f) => f.name);
  const match = compileWhere(fields.where, names);
  if (boolParam(fields, "returnCountOnly", false)) {
    let count = 0;
    for (const r of layer.rows()) if (match(r.attributes)) count++;
    return { count };
  }
  const [orderField, orderDir] = (fields.orderByFields ?? def.objectIdField).trim().split(/\s+/);
  const order = def.fields.find((f) => f.name.toLowerCase() === orderField.toLowerCase())?.name ?? def.objectIdField;
  const sign = orderDir?.toUpperCase() === "DESC" ? -1 : 1;
  const offset = intParam(fields, "resultOffset") ?? 0;
  const count = Math.min(intParam(fields, "resultRecordCount") ?? MAX_RECORD_COUNT, MAX_RECORD_COUNT);
  const { page, more } = order === def.objectIdField && sign === 1 ? pageInIdOrder(layer, match, offset, count) : pageSorted(layer, match, order, sign, offset, count);
  const out = (fields.outFields ?? "*").split(",").map((s) => s.trim()).filter(Boolean);
  const wanted = out.includes("*") ? names : names.filter((n) => out.some((o) => o.toLowerCase() === n.toLowerCase()));
  const withGeometry = boolParam(fields, "returnGeometry", true) && def.geometryType !== undefined;
  return {
    objectIdFieldName: def.objectIdField,
    globalIdFieldName: def.globalIdField ?? "",
    geometryType: def.geometryType,
    spatialReference: def.spatialReference,
    fields: def.fields.filter((f) => wanted.includes(f.name)),
    exceededTransferLimit: more,
    features: page.map((r) => {
      const attributes: Record<string, unknown> = {};
      for (const n of wanted) attributes[n] = r.attributes[n] ?? null;
      return withGeometry ? { attributes, geometry: r.geometry } : { attributes };
    }),
  };
}

type Match = (attributes: Record<string, unknown>) => boolean;

/** Rows come in object id order (rowFile.ts): the page is read as it streams by, nothing else is held. */
function pageInIdOrder(layer: FeatureLayer, match: Match, offset: number, count: number): { page: Row[]; more: boolean } {
  const page: Row[] = [];
  let seen = 0;
  for (const r of layer.rows()) {
    if (!match(r.attributes)) continue;
    if (seen++ < offset) continue;
    if (page.length === count) return { page, more: true };
    page.push(r);
  }
  return { page, more: false };
}

/** Another order: only each match's sort value and id are held, then the page's rows are read. */
function pageSorted(layer: FeatureLayer, match: Match, order: string, sign: number, offset: number, count: number): { page: Row[]; more: boolean } {
  const oidField = layer.def.objectIdField;
  const keys: Array<{ value: any; oid: number }> = [];
  for (const r of layer.rows()) if (match(r.attributes)) keys.push({ value: r.attributes[order], oid: r.attributes[oidField] as number });
  keys.sort(({ value: x }, { value: y }) => (x === y ? 0 : x === null || x === undefined ? -sign : y === null || y === undefined ? sign : x < y ? -sign : sign));
  const page = keys.slice(offset, offset + count).map((k) => layer.data.store.rows.get(k.oid)!);
  return { page, more: offset + count < keys.length };
}

export function queryRoutes(app: FastifyInstance, state: FeatureState): void {
  featureRoute(app, state, { url: "/:svc/FeatureServer/:layerId/query" }, (ctx) => {
    const service = serviceOf(state, ctx);
    callerFor(ctx, service);
    return queryLayer(layerOf(service, ctx), ctx.params.fields);
  });
}
