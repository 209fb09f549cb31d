// What every feature route needs: its registration (the emulator's one, route.ts, with a feature
// service's reading), the service and layer named in the path, and the caller (hosted services are
// private to their organization in the emulator).
import * as path from "node:path";
import type { FastifyInstance } from "fastify";
import { EmulatorError, forbidden } from "../../errors";
import { readBool, readJson, type ReadRules } from "../../params";
import { route, SERVICE_READING, type RouteContext } from "../../route";
import type { Caller } from "../../host";
import type { FeatureLayer } from "../model/layer";
import type { HostedService } from "../model/service";
import type { FeatureState } from "../state";

export type FeatureContext = RouteContext;

export interface FeatureRouteSpec {
  url: string;
  /** GET and POST unless said. */
  methods?: Array<"GET" | "POST">;
  /** "required": anything but multipart/form-data is a 400 (uploads). */
  multipart?: ReadRules["multipart"];
}

/**
 * A feature route: the request read once (parameters, files streamed to the data dir, token); the
 * handler names the service first and authenticates through `callerFor` (a missing service is a 400
 * before a missing token is a 499).
 */
export function featureRoute(app: FastifyInstance, state: FeatureState, spec: FeatureRouteSpec, handler: (ctx: FeatureContext) => unknown): void {
  const uploadDir = path.join(state.host.dataDir, "feature-uploads", "incoming");
  const reading = { ...SERVICE_READING, multipart: spec.multipart ?? SERVICE_READING.multipart };
  route(app, state.host, uploadDir, { url: spec.url, methods: spec.methods, auth: "handler", reading }, handler);
}

export function serviceOf(state: FeatureState, ctx: FeatureContext): HostedService {
  const svc = ctx.path.svc;
  // a path with an organization (Online's <orgId>/arcgis/rest/services) names its service; one without, by name
  const orgId = ctx.path.orgId;
  const service = orgId !== undefined ? state.service(orgId, svc) : state.serviceNamed(svc, () => ctx.authenticate(false)?.org.id);
  if (!service) throw new EmulatorError(400, `Service ${svc}/FeatureServer not found.`, undefined, []); // the platform answers 400 here (unconfirmed)
  return service;
}

export function layerOf(service: HostedService, ctx: FeatureContext): FeatureLayer {
  const raw = ctx.path.layerId ?? "";
  const layer = /^\d+$/.test(raw) ? service.layer(Number(raw)) : undefined;
  if (!layer) throw new EmulatorError(400, `Invalid or missing input parameters: layer ${raw} does not exist in ${service.name}.`);
  return layer;
}

/** A caller of the service's organization (emulator simplification: hosted services are org-private). */
export function callerFor(ctx: FeatureContext, service: HostedService): Caller {
  const caller = ctx.authenticate(true)!;
  if (caller.org.id !== service.orgId) throw forbidden("You do not have permissions to access this resource or perform this operation.");
  return caller;
}

export function isOwnerOrAdmin(state: FeatureState, caller: Caller, service: HostedService): boolean {
  return caller.user.username === service.owner || state.host.isOrgAdmin(caller.user);
}

export const jsonParam = <T>(fields: Record<string, string>, name: string): T | undefined => readJson(fields, name) as T | undefined;

export const boolParam = readBool;
