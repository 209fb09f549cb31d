// The feature side's state: hosted services from the fixture, uploads and append jobs. Reloaded
// from the fixture when the control plane resets the emulator.
import type { EmulatorHost } from "../host";
import { buildService } from "./model/build";
import { parseServicesFixture, type ServicesFixture } from "./model/fixtures";
import { HostedService, KNOWN_CAPABILITIES, ServiceRegistry } from "./model/service";
import type { CreateServiceParams } from "../host";
import { badRequest } from "../errors";
import type { Geometry } from "./model/types";
import { AppendJobs } from "./append/jobs";
import { Uploads } from "./uploads";
import type { Flavor } from "./urls";

export class FeatureState {
  registry = new ServiceRegistry();
  readonly uploads: Uploads;
  readonly jobs = new AppendJobs();
  private fixture: ServicesFixture;

  constructor(readonly host: EmulatorHost, fixtureInput: unknown) {
    this.fixture = parseServicesFixture(fixtureInput);
    this.uploads = new Uploads(host.dataDir);
    this.load();
  }

  get deployment(): "selfHosted" | "hosted" {
    return this.fixture.deployment;
  }

  /** spec.md#append-geocode: the stand-in geocoder, on a hosted deployment only. */
  get geocode(): ((address: string) => Geometry | undefined) | undefined {
    if (this.deployment !== "hosted") return undefined;
    const table = new Map(Object.entries(this.fixture.geocoder).map(([k, v]) => [k.trim().toLowerCase(), v]));
    return (address) => table.get(address.trim().toLowerCase());
  }

  get flavor(): Flavor {
    return this.host.flavor ?? "online";
  }

  serviceUrl(service: HostedService, root = this.host.serviceUrl): string {
    return service.url || `${root}/${service.name}/FeatureServer`;
  }

  /**
   * Registers each service as a portal item. The server's URL is known only once it listens, so
   * the caller passes the service root then (and again after a reset).
   */
  registerItems(serviceRoot: string): void {
    for (const service of this.registry.all()) {
      service.url = `${serviceRoot}/${service.name}/FeatureServer`;
      service.itemId = this.host.registerServiceItem(service.owner, service.orgId, service.title, service.url).id;
    }
  }

  /**
   * The service of that name in the organization, if its item still exists: a service created
   * through createService goes when its item is deleted (fixture services too, once registered).
   */
  service(orgId: string, name: string): HostedService | undefined {
    return this.alive(this.registry.get(orgId, name));
  }

  /**
   * The service a path names without an organization (the first organization's root on Online, the
   * server's on Enterprise): the only one of that name, else the caller's organization's, else the
   * first one's. `callerOrg` is asked only when several organizations hold the name.
   */
  serviceNamed(name: string, callerOrg: () => string | undefined): HostedService | undefined {
    const all = this.registry.named(name).filter((s) => this.alive(s));
    if (all.length <= 1) return all[0];
    const org = callerOrg();
    return all.find((s) => s.orgId === org) ?? all.find((s) => s.orgId === this.host.firstOrgId?.()) ?? all[0];
  }

  /** False when the name is taken: in the organization on Online, on the server on Enterprise. */
  isNameAvailable(orgId: string, name: string): boolean {
    return this.flavor === "enterprise" ? this.registry.named(name).every((s) => !this.alive(s)) : !this.service(orgId, name);
  }

  private alive(service: HostedService | undefined): HostedService | undefined {
    if (service?.itemId && !this.host.getItem(service.itemId)) {
      for (const layer of service.layers) if (!service.viewOf) layer.data.store.close();
      this.registry.delete(service);
      return undefined;
    }
    return service;
  }

  /** createService: an empty hosted service (layers come with addToDefinition) and its item. */
  createService(owner: string, orgId: string, params: CreateServiceParams): HostedService {
    const name = params.name;
    if (!/^[A-Za-z0-9_]{1,120}$/.test(name)) throw badRequest(`createParameters.name '${name.slice(0, 130)}' is invalid: letters, digits and underscores, 1 to 120 characters.`);
    if (!this.isNameAvailable(orgId, name)) throw badRequest(`Service name '${name}' already exists for '${orgId}'.`);
    const wanted = (params.capabilities ?? "Query").split(",").map((c) => c.trim()).filter(Boolean);
    const capabilities = wanted.map((c) => KNOWN_CAPABILITIES.find((k) => k.toLowerCase() === c.toLowerCase()) ?? c);
    const unknown = capabilities.find((c) => !(KNOWN_CAPABILITIES as readonly string[]).includes(c));
    if (unknown) throw badRequest(`createParameters.capabilities: unknown capability '${unknown}'; known: ${KNOWN_CAPABILITIES.join(", ")}.`);
    if (params.maxRecordCount !== undefined && (!Number.isInteger(params.maxRecordCount) || params.maxRecordCount < 1)) throw badRequest("createParameters.maxRecordCount must be a positive integer.");
    if (params.spatialReference !== undefined && !Number.isInteger(params.spatialReference?.wkid)) throw badRequest("createParameters.spatialReference needs an integer wkid.");
    const service = new HostedService(name, name, owner, orgId, "relational", [...new Set(capabilities)], [], undefined);
    service.props = {
      serviceDescription: typeof params.serviceDescription === "string" ? params.serviceDescription : "",
      maxRecordCount: params.maxRecordCount,
      spatialReference: params.spatialReference ? { wkid: params.spatialReference.wkid, latestWkid: params.spatialReference.latestWkid } : undefined,
      allowGeometryUpdates: params.allowGeometryUpdates !== false,
    };
    service.url = `${this.host.serviceRootFor?.(orgId) ?? this.host.serviceUrl}/${name}/FeatureServer`;
    service.itemId = this.host.registerServiceItem(owner, orgId, name, service.url).id;
    this.registry.add(service);
    return service;
  }

  /** Control-plane reset: the new fixture replaces the old one only if every service builds. */
  reload(fixtureInput: unknown): void {
    const fixture = parseServicesFixture(fixtureInput);
    const registry = this.build(fixture);
    this.fixture = fixture;
    this.close();
    this.registry = registry;
    this.jobs.clear();
    this.uploads.clear();
  }

  /** Frees every layer's row file (a spilled one holds an open file): reset and server close. */
  close(): void {
    for (const service of this.registry.all()) for (const layer of service.layers) layer.data.store.close();
  }

  load(): void {
    this.registry = this.build(this.fixture);
  }

  /** Builds every service; views after the services they show. */
  private build(fixture: ServicesFixture): ServiceRegistry {
    const registry = new ServiceRegistry();
    const ordered = [...fixture.services].sort((a, b) => Number(!!a.viewOf) - Number(!!b.viewOf));
    for (const fx of ordered) {
      const orgId = fx.orgId ?? this.host.getUser?.(fx.owner)?.orgId;
      if (!orgId) throw new Error(`services fixture: service ${fx.name}: owner ${fx.owner} is unknown (give orgId)`);
      const source = fx.viewOf ? registry.get(orgId, fx.viewOf) : undefined;
      if (fx.viewOf && !source) throw new Error(`services fixture: view ${fx.name} names unknown service ${fx.viewOf}`);
      registry.add(buildService(fx, orgId, (r) => this.host.releaseAtLeast(r), source));
    }
    return registry;
  }

}
