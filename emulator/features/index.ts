// The feature-service side of the emulator (spec.md#operations, spec.md#layer-append-metadata, spec.md#append-job-record, spec.md#append-job-states, spec.md#append, spec.md#versions): hosted
// services from fixtures, layer JSON and query, uploads, append jobs, and the service
// definition update. Registered by the server through the contract of emulator/host.ts.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { EmulatorHost, RegisterFeatureServices } from "../host";
import { adminRoutes } from "./routes/admin";
import { appendRoutes } from "./routes/append";
import { queryRoutes } from "./routes/query";
import { catalogRoutes } from "./routes/catalog";
import { serviceRoutes } from "./routes/service";
import { uploadRoutes } from "./routes/uploads";
import { FeatureState } from "./state";
import { formFields } from "./routes/context";

export { FeatureState } from "./state";

const DEFAULT_ROOT = "/arcgis/rest/services";

/** The service root from the listening socket (the host learns its URLs only after listen). */
function serviceRootOf(app: FastifyInstance): string {
  const a = app.server.address() as AddressInfo;
  const host = a.family === "IPv6" ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}${DEFAULT_ROOT}`;
}

function serverInfo(serviceRoot: string, release: string) {
  const origin = new URL(serviceRoot).origin; // the portal answers at {origin}/sharing/rest in every deployment shape
  return { currentVersion: Number(release) || 11.4, owningSystemUrl: origin, authInfo: { isTokenBasedSecurity: true, tokenServicesUrl: `${origin}/sharing/rest/generateToken` } };
}

/** docs/spec.md conventions: f=pjson answers the same JSON, indented. */
function prettyJson(app: FastifyInstance): void {
  app.addHook("preSerialization", async (req, reply, payload) => {
    if (formFields(req).f === "pjson") reply.serializer((p: unknown) => JSON.stringify(p, null, 2));
    return payload;
  });
}

/** Body parsers only when the server has not registered them already. */
async function ensureParsers(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) await app.register(formbody);
  if (!app.hasContentTypeParser("multipart/form-data")) await app.register(multipart, { limits: { fileSize: Number.MAX_SAFE_INTEGER } });
}

export const registerFeatureServices: RegisterFeatureServices = async (app: FastifyInstance, host: EmulatorHost, fixtures: unknown) => {
  const state = new FeatureState(host, fixtures);
  app.addHook("onClose", async () => state.close());
  host.onReset?.((services) => {
    state.reload(services);
    state.registerItems(host.serviceUrl);
  });
  const root = DEFAULT_ROOT;
  if (host.serviceUrl) state.registerItems(host.serviceUrl);
  else app.server.once("listening", () => state.registerItems(serviceRootOf(app)));
  const adminRoot = root.replace(/\/services$/, "/admin/services");
  // the public API's <server>/rest/info: names the owning portal, so arcgis-rest-js can federate a portal sign-in
  app.route({ method: ["GET", "POST"], url: root.replace(/\/services$/, "/info"), handler: async () => serverInfo(host.serviceUrl || serviceRootOf(app), host.release) });
  await app.register(
    async (child) => {
      await ensureParsers(child);
      prettyJson(child);
      catalogRoutes(child, state);
      serviceRoutes(child, state);
      queryRoutes(child, state);
      appendRoutes(child, state);
      uploadRoutes(child, state);
    },
    { prefix: root },
  );
  await app.register(
    async (child) => {
      await ensureParsers(child);
      adminRoutes(child, state);
    },
    { prefix: adminRoot },
  );
};
