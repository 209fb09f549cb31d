// The contract between the emulator's sharing side (part 1: server, auth, items, control plane)
// and its feature-service side (part 2: emulator/features/). Part 1 implements EmulatorHost and
// calls registerFeatureServices(app, host) from emulator/features/index.ts; part 2 uses only
// what is declared here, so the two halves can change independently.
import type { FastifyInstance } from "fastify";
import type { Flavor } from "./features/urls";
import type { StoredData } from "./storedData";

export interface EmulatorOrg {
  id: string;
  name: string;
  urlKey: string;
  /** spec.md#status-transitions: the organization is public (access "public"). */
  public: boolean;
  /** spec.md#status-transitions: identity verified (no public field; a control-plane flag). */
  identityVerified: boolean;
}

export interface EmulatorUser {
  username: string;
  orgId: string;
  /** "org_admin", "org_publisher", "org_user" or a custom role name. */
  role: string;
  /** Privilege names as in spec.md#gap-privileges ("portal:admin:…", "portal:user:…", "features:user:edit"). */
  privileges: readonly string[];
  disabled?: boolean;
  /** A custom role's id (models/roles.ts); unset for the built-in roles. */
  roleId?: string;
  /** The user type id (`userLicenseTypeId`: "creatorUT", "viewerUT"…); unset: read from the role. */
  userType?: string;
  /** What `community/users/<u>/update` sets (fullName, description, tags, culture, region, units). */
  profile?: Record<string, unknown>;
}

/** An app token (client_credentials) or API key: acts for no user, with the privileges it was given. */
export interface AppIdentity {
  kind: "app" | "apiKey";
  /** The app's client id, or the API key's title. */
  id: string;
  privileges: readonly string[];
}

export interface Caller {
  /** For an app token or API key: its owner's name and org, role "app", the privileges it holds. */
  user: EmulatorUser;
  org: EmulatorOrg;
  /** Set when the token is an app token or API key, not a user's. */
  app?: AppIdentity;
}

/** A portal item as part 2 needs it (appendItemId sources, hosted feature service items). */
export interface HostItem {
  id: string;
  owner: string;
  orgId: string;
  type: string;
  title: string;
  url?: string;
  /** The item's stored file, for file items: read it only through storedData.ts readStoredData. */
  data?: StoredData;
  /** Original file name of the stored file, for format detection. */
  fileName?: string;
}

/** The async-work kinds of the emulator; each can be switched to manual stepping from the control plane. */
export type JobKind = "addItem" | "commit" | "dataUrl" | "append" | "urlReport";

export interface JobRunner {
  /**
   * Runs `steps` one after another: in "auto" mode each after a short delay, in "manual" mode each
   * when the control plane says `POST /__emulator/jobs/<id>/step` (or `/jobs/<kind>/step`).
   * A step that throws marks the job failed with its message.
   */
  start(kind: JobKind, id: string, steps: ReadonlyArray<() => void | Promise<void>>): void;
  mode(kind: JobKind): "auto" | "manual";
}

export interface EmulatorHost {
  /** Self-hosted release being emulated, e.g. "11.4" (spec.md#versions). */
  readonly release: string;
  releaseAtLeast(release: string): boolean;
  /**
   * Resolves the token of a request, as the one request reader found it (params.ts readRequest:
   * form field `token`, query `token`, or `Authorization: Bearer`/`X-Esri-Authorization`). Throws
   * the 499 envelope when `required` and no token is sent, and 498 for an unknown or expired token.
   */
  authenticate(token: string | undefined, required?: boolean): Caller | undefined;
  isOrgAdmin(user: EmulatorUser): boolean;
  getItem(itemId: string): HostItem | undefined;
  /** Optional (added by part 2): looks a user up by name, so a fixture service's owner gives its org. */
  getUser?(username: string): EmulatorUser | undefined;
  /**
   * Optional (added by part 2): called on control-plane reset with the new fixtures' `services`,
   * so the feature side reloads them; a listener that throws refuses the reset.
   */
  onReset?(listener: (services?: unknown) => void): void;
  /** Registers a hosted feature service as a portal item ("Feature Service") owned by `owner`. */
  registerServiceItem(owner: string, orgId: string, title: string, url: string): HostItem;
  /** Optional (added by the feature side): the catalog createService and isServiceNameAvailable use. */
  provideServices?(catalog: ServiceCatalog): void;
  jobs: JobRunner;
  /** A directory for uploaded and generated files, removed by close(). */
  readonly dataDir: string;
  /** Feature-service URL root, e.g. http://127.0.0.1:PORT/arcgis/rest/services. */
  readonly serviceUrl: string;
  /** The deployment whose service URL forms the emulator serves (features/urls.ts); default online. */
  readonly flavor?: Flavor;
  /** The services root of an organization's new services (features/urls.ts orgServiceRoot). */
  serviceRootFor?(orgId: string): string;
  /** The first organization of the fixtures (the one RunningEmulator.serviceUrl's services belong to). */
  firstOrgId?(): string;
}

/** createService's createParameters as the feature side keeps them. */
export interface CreateServiceParams {
  name: string;
  serviceDescription?: string;
  capabilities?: string;
  maxRecordCount?: number;
  spatialReference?: { wkid: number; latestWkid?: number };
  allowGeometryUpdates?: boolean;
}

/** What the sharing side's createService and isServiceNameAvailable ask the feature side. */
export interface ServiceCatalog {
  /** False when the org holds a hosted service of that name (case-insensitive). */
  isNameAvailable(orgId: string, name: string): boolean;
  /** Creates an empty hosted feature service and its item; throws the portal's envelope on bad parameters. */
  create(owner: string, orgId: string, params: CreateServiceParams): { name: string; url: string; itemId: string };
}

/** Implemented by emulator/features/index.ts. */
export type RegisterFeatureServices = (app: FastifyInstance, host: EmulatorHost, fixtures: unknown) => Promise<void>;
