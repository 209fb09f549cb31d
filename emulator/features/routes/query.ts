// <svc>/FeatureServer/<layerId>/query: where (the subset of model/where.ts), outFields,
// returnGeometry, returnCountOnly, resultOffset, resultRecordCount, orderByFields (one field).
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../errors";
import type { FeatureLayer } from "../model/layer";
import { compileWhere } from "../model/where";
import type { FeatureState } from "../state";
import { boolParam, callerFor, formFields, layerOf, serviceOf } from "./context";
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
  const rows = [...layer.rows()].filter((r) => match(r.attributes));
  if (boolParam(fields, "returnCountOnly", false)) return { count: rows.length };
  const [orderField, orderDir] = (fields.orderByFields ?? def.objectIdField).trim().split(/\s+/);
  const order = def.fields.find((f) => f.name.toLowerCase() === orderField.toLowerCase())?.name ?? def.objectIdField;
  const sign = orderDir?.toUpperCase() === "DESC" ? -1 : 1;
  rows.sort((a, b) => {
    const x = a.attributes[order] as any, y = b.attributes[order] as any;
    return x === y ? 0 : x === null || x === undefined ? -sign : y === null || y === undefined ? sign : x < y ? -sign : sign;
  });
  const offset = intParam(fields, "resultOffset") ?? 0;
  const count = Math.min(intParam(fields, "resultRecordCount") ?? MAX_RECORD_COUNT, MAX_RECORD_COUNT);
  const page = rows.slice(offset, offset + count);
  const out = (fields.outFields ?? "*").split(",").map((s) => s.trim()).filter(Boolean);
  const wanted = out.includes("*") ? names : names.filter((n) => out.some((o) => o.toLowerCase() === n.toLowerCase()));
  const withGeometry = boolParam(fields, "returnGeometry", true) && def.geometryType !== undefined;
  return {
    objectIdFieldName: def.objectIdField,
    globalIdFieldName: def.globalIdField ?? "",
    geometryType: def.geometryType,
    spatialReference: def.spatialReference,
    fields: def.fields.filter((f) => wanted.includes(f.name)),
    exceededTransferLimit: offset + count < rows.length,
    features: page.map((r) => {
      const attributes: Record<string, unknown> = {};
      for (const n of wanted) attributes[n] = r.attributes[n] ?? null;
      return withGeometry ? { attributes, geometry: r.geometry } : { attributes };
    }),
  };
}

export function queryRoutes(app: FastifyInstance, state: FeatureState): void {
  app.route({
    method: ["GET", "POST"],
    url: "/:svc/FeatureServer/:layerId/query",
    handler: async (req) => {
      const service = serviceOf(state, req);
      callerFor(state, req, service);
      return queryLayer(layerOf(service, req), formFields(req));
    },
  });
}
