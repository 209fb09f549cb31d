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

/** Every hosted service of the emulator, by case-insensitive name. */
export class ServiceRegistry {
  private readonly services = new Map<string, HostedService>();

  add(service: HostedService): void {
    const key = service.name.toLowerCase();
    if (this.services.has(key)) throw new Error(`services fixture: service ${service.name} is defined twice`);
    this.services.set(key, service);
  }

  get(name: string): HostedService | undefined {
    return this.services.get(name.toLowerCase());
  }

  all(): HostedService[] {
    return [...this.services.values()];
  }

  delete(name: string): void {
    this.services.delete(name.toLowerCase());
  }

  clear(): void {
    this.services.clear();
  }
}
