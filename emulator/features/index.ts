// The feature-service side of the emulator (spec.md#operations, spec.md#layer-append-metadata, spec.md#append-job-record, spec.md#append-job-states, spec.md#append, spec.md#versions): hosted
// services from fixtures, layer JSON and query, uploads, append jobs, and the service
// definition update. Registered by the server through the contract of emulator/host.ts.
import type { AddressInfo } from "node:net";
import * as path from "node:path";
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
import { route, SERVICE_READING } from "../route";
import { serviceMounts, type ServiceMount } from "./urls";

export { FeatureState } from "./state";

/** The service root from the listening socket (the host learns its URLs only after listen). */
function serviceRootOf(app: FastifyInstance, root: string): string {
  const a = app.server.address() as AddressInfo;
  const host = a.family === "IPv6" ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}${root}`;
}

function serverInfo(serviceRoot: string, release: string) {
  const origin = new URL(serviceRoot).origin; // the portal answers at {origin}/sharing/rest in every deployment shape
  return { currentVersion: Number(release) || 11.4, owningSystemUrl: origin, authInfo: { isTokenBasedSecurity: true, tokenServicesUrl: `${origin}/sharing/rest/generateToken` } };
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
  host.provideServices?.({
    isNameAvailable: (orgId, name) => state.isNameAvailable(orgId, name), // per organization on Online (urls.ts)
    create: (owner, orgId, params) => {
      const service = state.createService(owner, orgId, params);
      return { name: service.name, url: state.serviceUrl(service), itemId: service.itemId };
    },
  });
  const mounts = serviceMounts(state.flavor);
  const defaultRoot = mounts[0]!.services;
  if (host.serviceUrl) state.registerItems(host.serviceUrl);
  else app.server.once("listening", () => state.registerItems(serviceRootOf(app, defaultRoot)));
  const infoAt = (m: ServiceMount) => m.admin.replace(/\/admin\/services.*$/, "/info");
  for (const m of mounts) {
    // the public API's <server>/rest/info: names the owning portal, so arcgis-rest-js can federate a portal sign-in
    route(app, host, path.join(host.dataDir, "feature-uploads", "incoming"), { url: infoAt(m), auth: "handler", reading: SERVICE_READING }, () => serverInfo(host.serviceUrl || serviceRootOf(app, defaultRoot), host.release));
    await app.register(
      async (child) => {
        await ensureParsers(child);
        serviceRoutes(child, state);
        queryRoutes(child, state);
        appendRoutes(child, state);
        uploadRoutes(child, state);
        if (m.catalog === m.services) catalogRoutes(child, state, m.folder);
      },
      { prefix: m.services },
    );
    if (m.catalog !== m.services) {
      await app.register(
        async (child) => {
          await ensureParsers(child);
          catalogRoutes(child, state, m.folder);
        },
        { prefix: m.catalog },
      );
    }
    await app.register(
      async (child) => {
        await ensureParsers(child);
        adminRoutes(child, state);
      },
      { prefix: m.admin },
    );
  }
};
