// A hosted feature service (spec.md#layer-append-metadata): owner, store, capabilities (Append, Sync, ChangeTracking)
// and its layers. A view (spec.md#append-layer-view) has its own capabilities over its source's rows.
import type { FeatureLayer } from "./layer";

export type DataStore = "relational" | "spatiotemporal";

export const KNOWN_CAPABILITIES = ["Query", "Create", "Update", "Delete", "Editing", "Uploads", "Sync", "ChangeTracking", "Extract", "Append"] as const;

/** Service properties set by createService and the service-level updateDefinition. */
export interface ServiceProps {
  serviceDescription: string;
  maxRecordCount?: number;
  spatialReference?: { wkid: number; latestWkid?: number };
  allowGeometryUpdates: boolean;
}

export class HostedService {
  props: ServiceProps = { serviceDescription: "", allowGeometryUpdates: true };

  constructor(
    readonly name: string,
    readonly title: string,
    readonly owner: string,
    readonly orgId: string,
    readonly store: DataStore,
    public capabilities: string[],
    readonly layers: FeatureLayer[],
    /** Name of the service this one is a view of (spec.md#append-layer-view). */
    readonly viewOf: string | undefined,
    public itemId = "",
  ) {}

  /** The FeatureServer URL its item holds (set when the item is registered). */
  url = "";

  hasCapability(name: string): boolean {
    return this.capabilities.some((c) => c.toLowerCase() === name.toLowerCase());
  }

  /** spec.md#append-sync-tracking: sync or change tracking. */
  get tracksChanges(): boolean {
    return this.hasCapability("Sync") || this.hasCapability("ChangeTracking");
  }

  layer(id: number): FeatureLayer | undefined {
    return this.layers.find((l) => l.id === id);
  }

  /** spec.md#append-last-edit: the service's last-edit time is the newest of its layers'. */
  get lastEditDate(): number {
    return Math.max(0, ...this.layers.map((l) => l.data.lastEditDate));
  }
}

/**
 * Every hosted service of the emulator, by organization and case-insensitive name: on ArcGIS Online
 * service names are unique per organization (two organizations may each hold a "Stations").
 */
export class ServiceRegistry {
  private readonly services = new Map<string, HostedService>();

  private static key(orgId: string, name: string): string {
    return `${orgId}\u0000${name.toLowerCase()}`;
  }

  add(service: HostedService): void {
    const key = ServiceRegistry.key(service.orgId, service.name);
    if (this.services.has(key)) throw new Error(`services fixture: service ${service.name} is defined twice`);
    this.services.set(key, service);
  }

  /** The organization's service of that name. */
  get(orgId: string, name: string): HostedService | undefined {
    return this.services.get(ServiceRegistry.key(orgId, name));
  }

  /** Every organization's service of that name. */
  named(name: string): HostedService[] {
    return this.all().filter((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  all(): HostedService[] {
    return [...this.services.values()];
  }

  delete(service: HostedService): void {
    this.services.delete(ServiceRegistry.key(service.orgId, service.name));
  }

  clear(): void {
    this.services.clear();
  }
}
