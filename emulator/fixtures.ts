// The fixtures: organizations, users (roles, privileges, passwords, fixed tokens), optional
// starting category schemas, classification schemas (spec.md#item-fields, 11.4) and the feature side's
// services. Loaded from an object or a JSON file; defaultFixtures() gives two orgs, dev and prod.
import * as fs from "node:fs";

export interface FixtureUser {
  username: string;
  /** "org_admin", "org_publisher", "org_user", "viewer" or a custom role name. */
  role: string;
  /** Overrides the role's privileges (models/privileges.ts). */
  privileges?: string[];
  password?: string;
  /** A fixed token that never expires. */
  token?: string;
  disabled?: boolean;
  /** The user type id ("creatorUT", "viewerUT"…); default: read from the role. */
  userType?: string;
  /** Member category paths ("/Categories/Department/Sales"), checked against the org's member category schema. */
  categories?: string[];
  /** The user's folders at start (issue 23). */
  folders?: Array<{ id?: string; title: string }>;
}

/** An app registered in an organization (fixtures `orgs[].apps`). */
export interface FixtureApp {
  clientId: string;
  /** Confidential apps have one: client_credentials needs it. */
  clientSecret?: string;
  title?: string;
  /** The member who registered the app; an app token acts for no user but is counted as this owner's. */
  owner: string;
  /** Allowed redirect URIs; `urn:ietf:wg:oauth:2.0:oob` is always allowed. A loopback http URI matches any port (RFC 8252 7.3). */
  redirectUris: string[];
  /** Privileges of the app's tokens (client_credentials); default none. */
  privileges?: string[];
}

/** An API key (fixtures `orgs[].apiKeys`): sent where a token goes, with the privileges it was given. */
export interface FixtureApiKey {
  key: string;
  owner: string;
  privileges?: string[];
  title?: string;
}

/** A group at start (issue 23): owned by one of the org's users, who is always one of its admins. */
export interface FixtureGroup {
  id?: string;
  title: string;
  owner: string;
  access?: "private" | "org" | "public";
  members?: string[];
  admins?: string[];
  isInvitationOnly?: boolean;
  isViewOnly?: boolean;
  /** A shared-update group (capabilities updateitemcontrol). */
  sharedUpdate?: boolean;
}

/** spec.md#item-fields classification (11.4): allowed values of each property of the item's classification. */
export interface ClassificationSchema {
  classification: string[];
  banner: string[];
  distribution: string[];
}

export interface FixtureOrg {
  id: string;
  name: string;
  urlKey: string;
  public?: boolean;
  identityVerified?: boolean;
  users: FixtureUser[];
  categorySchema?: unknown[];
  memberCategorySchema?: unknown[];
  classificationSchema?: ClassificationSchema;
  groups?: FixtureGroup[];
  /** spec.md#generate-url-report serverId values; url defaults to {origin}/arcgis. Default: one server "hostingServer". */
  federatedServers?: Array<{ id: string; url?: string }>;
  /** Registered OAuth apps with their redirect URIs (models/oauth.ts). */
  apps?: FixtureApp[];
  /** API keys with the privileges they were given. */
  apiKeys?: FixtureApiKey[];
}

export interface Fixtures {
  orgs: FixtureOrg[];
  /** The vendor prefix of package info folders (`<vendor>info`, spec.md#item-fields). Default "esri". */
  vendor?: string;
  /** Passed untouched to the feature side (emulator/features). */
  services?: unknown;
}

export const DEV_ORG_ID = "0123456789ABCDEFdevorg0000000001";
export const PROD_ORG_ID = "0123456789ABCDEFprodorg000000002";

function orgUsers(org: string): FixtureUser[] {
  const user = (suffix: string, role: string): FixtureUser => ({
    username: `${org}_${suffix}`,
    role,
    password: `${org}_${suffix}-password`,
    token: `tok-${org}_${suffix}`,
  });
  return [user("admin", "org_admin"), user("publisher", "org_publisher"), user("user", "org_user"), user("viewer", "viewer")];
}

/**
 * Each org's apps: `<org>-cli` (a public app for `pulumi-gis-portal login`: loopback and oob
 * redirects), `<org>-ci` (a confidential app for client_credentials, its tokens given createItem)
 * and one API key with createItem.
 */
function orgApps(org: string): Pick<FixtureOrg, "apps" | "apiKeys"> {
  return {
    apps: [
      { clientId: `${org}-cli`, title: "pulumi-gis-portal login", owner: `${org}_admin`, redirectUris: ["http://127.0.0.1/callback", "http://localhost/callback", "https://app.example.com/callback"] },
      { clientId: `${org}-ci`, clientSecret: `${org}-ci-secret-value`, title: "CI", owner: `${org}_admin`, redirectUris: [], privileges: ["portal:user:createItem"] },
    ],
    apiKeys: [{ key: `apikey-${org}-0000000000000000`, owner: `${org}_admin`, title: "API key", privileges: ["portal:user:createItem"] }],
  };
}

const DEFAULT_CLASSIFICATION: ClassificationSchema = {
  classification: ["UNCLASSIFIED", "CONFIDENTIAL", "SECRET"],
  banner: ["UNCLASSIFIED", "CONFIDENTIAL", "SECRET"],
  distribution: ["PUBLIC", "INTERNAL", "RESTRICTED"],
};

export function defaultFixtures(): Fixtures {
  return {
    vendor: "esri",
    orgs: [
      { id: DEV_ORG_ID, name: "Dev Organization", urlKey: "dev", users: orgUsers("dev"), classificationSchema: DEFAULT_CLASSIFICATION, ...orgApps("dev") },
      { id: PROD_ORG_ID, name: "Prod Organization", urlKey: "prod", users: orgUsers("prod"), classificationSchema: DEFAULT_CLASSIFICATION, ...orgApps("prod") },
    ],
  };
}

/** Accepts a fixtures object or the path of a JSON file; checks the shape the emulator relies on. */
export function loadFixtures(source: Fixtures | string | undefined): Fixtures {
  const fixtures: Fixtures = source === undefined ? defaultFixtures() : typeof source === "string" ? JSON.parse(fs.readFileSync(source, "utf8")) : source;
  if (!fixtures || !Array.isArray(fixtures.orgs) || fixtures.orgs.length === 0) throw new Error("fixtures: `orgs` must be a non-empty array");
  const usernames = new Set<string>();
  for (const org of fixtures.orgs) {
    if (typeof org.id !== "string" || !/^[A-Za-z0-9]{32}$/.test(org.id)) throw new Error(`fixtures: org id ${JSON.stringify(org.id)} must be 32 alphanumerics`);
    if (!Array.isArray(org.users)) throw new Error(`fixtures: org ${org.id} needs a users array`);
    for (const u of org.users) {
      if (typeof u.username !== "string" || usernames.has(u.username)) throw new Error(`fixtures: username ${JSON.stringify(u.username)} is missing or repeated`);
      usernames.add(u.username);
    }
  }
  const clientIds = new Set<string>();
  for (const org of fixtures.orgs) {
    for (const a of [...(org.apps ?? []), ...(org.apiKeys ?? [])]) {
      const id = "clientId" in a ? a.clientId : a.key;
      if (typeof id !== "string" || id === "" || clientIds.has(id)) throw new Error(`fixtures: app clientId / API key ${JSON.stringify(id)} is missing or repeated`);
      clientIds.add(id);
      if ("clientId" in a && !Array.isArray(a.redirectUris)) throw new Error(`fixtures: app ${JSON.stringify(id)} needs a redirectUris array`);
    }
  }
  return JSON.parse(JSON.stringify(fixtures)) as Fixtures;
}

/** The member category tree of rosterFixtures: departments and offices. */
export const ROSTER_MEMBER_TREE = [
  { title: "Department", categories: [{ title: "Sales" }, { title: "Consulting" }, { title: "Field Operations" }] },
  { title: "Office Location", categories: [{ title: "Europe", categories: [{ title: "Zurich" }, { title: "Edinburgh" }] }, { title: "USA", categories: [{ title: "Redlands" }] }] },
];

/**
 * The default fixtures with `count` more members in the dev org (`member001`…, for tests and
 * benchmarks of Member): every fifth a Viewer, every seventh a Publisher, the others Users, each in
 * one department and one office of ROSTER_MEMBER_TREE (the dev org's member category schema).
 */
export function rosterFixtures(count = 200): Fixtures {
  const f = defaultFixtures();
  const dev = f.orgs[0];
  const departments = ["Sales", "Consulting", "Field Operations"];
  const offices = ["Europe/Zurich", "Europe/Edinburgh", "USA/Redlands"];
  for (let i = 1; i <= count; i++) {
    const viewer = i % 5 === 0;
    const role = viewer ? "org_viewer" : i % 7 === 0 ? "org_publisher" : "org_user";
    const username = `member${String(i).padStart(3, "0")}`;
    const categories = [`/Categories/Department/${departments[i % 3]}`, `/Categories/Office Location/${offices[i % 3]}`];
    dev.users.push({ username, role, userType: viewer ? "viewerUT" : "creatorUT", categories, token: `tok-${username}` });
  }
  dev.memberCategorySchema = ROSTER_MEMBER_TREE;
  return f;
}
