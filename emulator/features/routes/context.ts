// What every feature route needs: form fields, the service and layer named in the path, and the
// caller (hosted services are private to their organization in the emulator).
import type { FastifyRequest } from "fastify";
import { EmulatorError, forbidden } from "../../errors";
import { fieldsOf, readBool, readJson } from "../../params";
import type { Caller } from "../../host";
import type { FeatureLayer } from "../model/layer";
import type { HostedService } from "../model/service";
import type { FeatureState } from "../state";

export type PathParams = { svc: string; layerId?: string; jobId?: string; uploadId?: string };

/** Query string and form body merged, the body winning; every value as text (the emulator's one reader, emulator/params.ts). */
export function formFields(req: FastifyRequest): Record<string, string> {
  return fieldsOf(req.query, req.body);
}

export function serviceOf(state: FeatureState, req: FastifyRequest): HostedService {
  const { svc } = req.params as PathParams;
  const service = state.registry.get(svc);
  if (!service) throw new EmulatorError(400, `Service ${svc}/FeatureServer not found.`, undefined, []); // the platform answers 400 here (unconfirmed)
  return service;
}

export function layerOf(service: HostedService, req: FastifyRequest): FeatureLayer {
  const raw = (req.params as PathParams).layerId ?? "";
  const layer = /^\d+$/.test(raw) ? service.layer(Number(raw)) : undefined;
  if (!layer) throw new EmulatorError(400, `Invalid or missing input parameters: layer ${raw} does not exist in ${service.name}.`);
  return layer;
}

/** A caller of the service's organization (emulator simplification: hosted services are org-private). */
export function callerFor(state: FeatureState, req: FastifyRequest, service: HostedService): Caller {
  const caller = state.host.authenticate(req, true)!;
  if (caller.org.id !== service.orgId) throw forbidden("You do not have permissions to access this resource or perform this operation.");
  return caller;
}

export function isOwnerOrAdmin(state: FeatureState, caller: Caller, service: HostedService): boolean {
  return caller.user.username === service.owner || state.host.isOrgAdmin(caller.user);
}

export const jsonParam = <T>(fields: Record<string, string>, name: string): T | undefined => readJson(fields, name) as T | undefined;

export const boolParam = readBool;
