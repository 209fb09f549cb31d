// The running emulator's context: options, URLs, the current state (replaced by reset) and the
// EmulatorHost that the feature side (emulator/features) builds on.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Caller, EmulatorHost, EmulatorUser, HostItem, ServiceCatalog } from "./host";
import type { Fixtures } from "./fixtures";
import { Portal } from "./models/portal";
import { Jobs } from "./jobs";
import { badRequest, tokenRequired } from "./errors";
import { createItemRecord } from "./models/itemRecord";
import { orgServiceRoot, type Flavor } from "./features/urls";

export interface Urls {
  origin: string;
  portalUrl: string;
  sharingUrl: string;
  serviceUrl: string;
  controlUrl: string;
}

export class Emu implements EmulatorHost {
  portal: Portal;
  readonly jobs: Jobs;
  urls!: Urls;
  readonly uploadDir: string;

  /** The fixtures the emulator started with (reset {initial:true} goes back to them). */
  readonly initialFixtures: Fixtures;

  constructor(
    public fixtures: Fixtures,
    readonly dataDir: string,
    readonly release: string,
    readonly httpErrors: boolean,
    jobDelayMs: number,
  ) {
    this.uploadDir = path.join(dataDir, "uploads");
    fs.mkdirSync(this.uploadDir, { recursive: true });
    this.jobs = new Jobs(jobDelayMs);
    this.portal = new Portal(fixtures, dataDir, release);
    this.initialFixtures = fixtures;
  }

  private readonly resetListeners: Array<(services?: unknown) => void> = [];

  /**
   * Control plane: back to (or on to) the given fixtures; jobs and item files are dropped. The
   * reset listeners (the feature side) get the new fixtures' services; if one refuses them, the
   * previous fixtures are restored and the error is thrown.
   */
  reset(fixtures: Fixtures): void {
    const previous = this.fixtures;
    this.load(fixtures);
    try {
      for (const listener of this.resetListeners) listener(fixtures.services);
    } catch (e) {
      this.load(previous);
      for (const listener of this.resetListeners) listener(previous.services);
      throw badRequest(`The fixtures were refused: ${(e as Error).message}`);
    }
  }

  private load(fixtures: Fixtures): void {
    this.fixtures = fixtures;
    this.jobs.close();
    this.jobs.reopen();
    this.portal = new Portal(fixtures, this.dataDir, this.release);
  }

  /** The listener is passed the new fixtures' `services` (extra to host.ts's signature). */
  onReset(listener: (services?: unknown) => void): void {
    this.resetListeners.push(listener);
  }

  getUser(username: string): EmulatorUser | undefined {
    return this.portal.directory.users.get(username);
  }

  /** spec.md#generate-url-report serverId: the org's federated servers (fixtures; default one hosting server, unconfirmed). */
  federatedServers(orgId: string): Array<{ id: string; url: string }> {
    const org = this.fixtures.orgs.find((o) => o.id === orgId);
    return (org?.federatedServers ?? [{ id: "hostingServer" }]).map((s) => ({ id: s.id, url: s.url ?? `${this.urls.origin}/${this.flavor === "enterprise" ? "server" : "arcgis"}` }));
  }

  get serviceUrl(): string {
    return this.urls.serviceUrl;
  }

  /** The deployment whose service URL forms are served (EmulatorOptions.flavor). */
  flavor: Flavor = "online";

  serviceRootFor(orgId: string): string {
    return orgServiceRoot(this.urls.origin, this.flavor, orgId, this.firstOrgId());
  }

  firstOrgId(): string {
    return this.fixtures.orgs[0]?.id ?? "";
  }

  releaseAtLeast(release: string): boolean {
    return this.portal.releaseAtLeast(release);
  }

  /** The caller of a request's token (read once with the request, params.ts readRequest). */
  authenticate(token: string | undefined, required = true): Caller | undefined {
    if (!token) {
      if (required) throw tokenRequired();
      return undefined;
    }
    return this.portal.directory.callerOf(token);
  }

  isOrgAdmin(user: EmulatorUser): boolean {
    return this.portal.isOrgAdmin(user);
  }

  getItem(itemId: string): HostItem | undefined {
    const item = this.portal.items.items.get(itemId);
    return item && item.addStatus === "completed" ? item : undefined;
  }

  /** The feature side's catalog (createService, isServiceNameAvailable); set when it registers. */
  services: ServiceCatalog | undefined;

  provideServices(catalog: ServiceCatalog): void {
    this.services = catalog;
  }

  registerServiceItem(owner: string, orgId: string, title: string, url: string): HostItem {
    const item = createItemRecord({ owner, orgId, title, type: "Feature Service", url });
    item.typeKeywords.push("Hosted Service");
    return this.portal.items.add(item);
  }
}
