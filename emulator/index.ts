// startEmulator: a local portal on loopback (spec.md#design-emulator), for tests, demos and CI.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { loadFixtures, type Fixtures } from "./fixtures";
import { Emu } from "./context";
import { buildServer } from "./server";
import { defaultServiceRoot, FLAVORS, type Flavor } from "./features/urls";

export { defaultFixtures, rosterFixtures, ROSTER_MEMBER_TREE } from "./fixtures";
export type { Fixtures, FixtureOrg, FixtureUser, ClassificationSchema } from "./fixtures";

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A fixtures object or the path of a JSON file; default defaultFixtures(). */
  fixtures?: Fixtures | string;
  /** Self-hosted release emulated (spec.md#versions); default "11.4". */
  release?: string;
  /** Web-adaptor path segment, e.g. "portal": the sharing root becomes {origin}/portal/sharing/rest. */
  webAdaptor?: string;
  /** false (default): errors are HTTP 200 with the envelope, like a real portal. */
  httpErrors?: boolean;
  /** Delay of each step of an async job in auto mode; default 20 ms. */
  jobDelayMs?: number;
  /**
   * Wall-clock bound of one request, counted from when its body has arrived: a route that has not
   * answered by then is answered with a 504 in the envelope. Default 60,000 ms; 0 turns it off.
   */
  requestTimeoutMs?: number;
  /**
   * The deployment whose hosted feature service URLs are served (features/urls.ts): "online"
   * (default; `<orgId>/arcgis/rest/services/<name>/FeatureServer`, names unique per organization) or
   * "enterprise" (`server/rest/services/Hosted/<name>/FeatureServer`, one namespace).
   */
  flavor?: Flavor;
}

export interface RunningEmulator {
  url: string;
  portalUrl: string;
  sharingUrl: string;
  serviceUrl: string;
  controlUrl: string;
  portalId: string;
  /** The deployment whose service URL forms are served. */
  flavor: Flavor;
  /** Each organization's `serviceUrl`: the services root its new services are created under. */
  orgs: Record<string, { id: string; urlKey: string; admin: string; serviceUrl: string }>;
  tokens: Record<string, string>;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const fixtures = loadFixtures(options.fixtures);
  const release = options.release ?? "11.4";
  if (options.requestTimeoutMs !== undefined && !(Number.isFinite(options.requestTimeoutMs) && options.requestTimeoutMs >= 0)) throw new Error(`requestTimeoutMs must be a number of milliseconds, 0 or more; got ${options.requestTimeoutMs}`);
  if (!/^\d+(\.\d+)*$/.test(release)) throw new Error(`release ${JSON.stringify(release)} must look like 11.4 or 10.8.1`);
  const flavor = options.flavor ?? "online";
  if (!(FLAVORS as readonly string[]).includes(flavor)) throw new Error(`flavor ${JSON.stringify(flavor)} must be one of ${FLAVORS.join(", ")}`);
  const webAdaptor = options.webAdaptor?.replace(/^\/+|\/+$/g, "") || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-emulator-"));
  const emu = new Emu(fixtures, dataDir, release, options.httpErrors ?? false, options.jobDelayMs ?? 20);
  emu.flavor = flavor;
  const host = options.host ?? "127.0.0.1";
  const httpServer = http.createServer();
  let app;
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = httpServer.address() as AddressInfo;
    const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    const portalUrl = webAdaptor ? `${origin}/${webAdaptor}` : origin;
    emu.urls = { origin, portalUrl, sharingUrl: `${portalUrl}/sharing/rest`, serviceUrl: defaultServiceRoot(origin, flavor), controlUrl: `${origin}/__emulator` };
    app = (await buildServer(emu, webAdaptor, httpServer, options.requestTimeoutMs)).app;
    await app.ready();
  } catch (e) {
    httpServer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const { origin, portalUrl } = emu.urls;
  return {
    url: origin,
    portalUrl,
    sharingUrl: emu.urls.sharingUrl,
    serviceUrl: emu.urls.serviceUrl,
    controlUrl: emu.urls.controlUrl,
    portalId: fixtures.orgs[0].id,
    flavor,
    orgs: Object.fromEntries(fixtures.orgs.map((o) => [o.id, { id: o.id, urlKey: o.urlKey, admin: o.users.find((u) => u.role === "org_admin")?.username ?? "", serviceUrl: emu.serviceRootFor(o.id) }])),
    tokens: { ...emu.portal.directory.fixtureTokens },
    close: async () => {
      emu.jobs.close();
      await app.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => (httpServer.listening ? httpServer.close(() => resolve()) : resolve()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
