// Portal-level operations: the organization behind the token, and token generation.
import type { CredentialKind, TokenResponse } from "../rest/auth";
import type { PortalClient } from "../rest/client";
import { compareReleases, RELEASES } from "../../spec/limits";

/** spec.md#gap-portal-self: `{id, name, urlKey, isPortal, currentVersion, access, user:{username, role, privileges}, …}`. */
export interface PortalSelf {
  id: string;
  name?: string;
  urlKey?: string;
  isPortal?: boolean;
  currentVersion?: string;
  access?: "public" | "private" | string;
  user?: { username: string; role?: string; privileges?: string[] };
  [key: string]: unknown;
}

/**
 * GET portals/self (spec.md#gap-portal-self), cached per client: the organization picked by the
 * token. Its `id` goes into the category-schema paths (spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema).
 * @example const { id } = await getPortalSelf(client);
 */
export async function getPortalSelf(client: PortalClient): Promise<PortalSelf> {
  return (await client.self()) as PortalSelf;
}

/**
 * Does the portal take `itemIdToCreate` (spec.md#versions: self-hosted release 10.8.1)? Read from portals/self
 * `currentVersion`, which on a real portal is the sharing API's version, not the release
 * (unconfirmed table, kept here only):
 * - below 10: the numbering of Portal 10.x, where 8.2 is release 10.8.1 (8.1 is 10.8, 7.x is 10.7);
 * - 2000 and above: year versions (ArcGIS Online, recent Enterprise), all later than 10.8.1;
 * - 10 to 1999: a release number as the emulator reports it ("10.8", "11.4"). Real Enterprise 11.x
 *   reports 10.3 or 11.x here, so only 10.4 up to 10.8.0 (which a real portal never reports) reads
 *   as a release before 10.8.1.
 * A missing or unreadable version answers false: the marker search works on every portal.
 * @example itemIdToCreateSupported("10.8") === false; itemIdToCreateSupported("2024.1") === true
 */
export function itemIdToCreateSupported(currentVersion: unknown): boolean {
  const v = typeof currentVersion === "number" ? String(currentVersion) : currentVersion;
  if (typeof v !== "string" || !/^\d+(\.\d+)*$/.test(v.trim())) return false;
  const version = v.trim();
  const major = Number(version.split(".")[0]);
  if (major >= 2000) return true;
  if (major < 10) return compareReleases(version, "8.2") >= 0;
  return compareReleases(version, "10.4") < 0 || compareReleases(version, RELEASES.itemIdToCreate) >= 0;
}

/** itemIdToCreateSupported for the portal behind the client (portals/self is cached per client). */
export async function portalTakesItemIdToCreate(client: PortalClient): Promise<boolean> {
  return itemIdToCreateSupported((await getPortalSelf(client)).currentVersion);
}

export interface GenerateTokenOptions {
  username: string;
  password: string;
  /** Token lifetime in minutes; default 60. */
  expirationMinutes?: number;
}

/**
 * POST generateToken (spec.md#authentication leaves token issue "not shown"; spec.md#gap-generate-token):
 * username, password, client=referer, referer, expiration → `{token, expires (epoch ms), ssl}`.
 * The client calls this itself for username + password configs; exposed for tests and tools.
 */
export function generateToken(client: PortalClient, o: GenerateTokenOptions): Promise<TokenResponse> {
  return client.generateToken(o.username, o.password, o.expirationMinutes ?? 60);
}

/** The config key that holds each kind of credential (what a check failure names). */
const CREDENTIAL_KEYS: Record<CredentialKind, string> = {
  token: "portal:token",
  password: "portal:username",
  refreshToken: "portal:refreshToken",
  appCredentials: "portal:clientSecret",
  apiKey: "portal:apiKey",
};

/** The key to name for the client's credential (portal:token when unknown). */
export function credentialKey(client: Pick<PortalClient, "credentialKind"> | undefined): string {
  return client?.credentialKind ? CREDENTIAL_KEYS[client.credentialKind] : "portal:token";
}

/** How to fix a refused credential of the client's kind, in one clause. */
export function credentialFix(client: Pick<PortalClient, "credentialKind" | "portalUrl"> | undefined): string {
  const login = `npx pulumi-gis-portal login --url ${client?.portalUrl ?? "<portal>"} --client-id <app id>`;
  switch (client?.credentialKind) {
    case "refreshToken":
      return `sign in again: ${login} (portal:refreshToken expired or was revoked)`;
    case "appCredentials":
      return "check portal:clientId and portal:clientSecret (the app's credentials in the portal)";
    case "apiKey":
      return "set portal:apiKey to a valid key (pulumi config set --secret portal:apiKey <key>, or PORTAL_API_KEY)";
    case "password":
      return "check portal:username and portal:password";
    default:
      return `set portal:token (pulumi config set --secret portal:token <token>, or PORTAL_TOKEN), or sign in: ${login}`;
  }
}

/** What the credential is when it signs in no user: "an app token", "an API key". */
export function appCredentialName(client: Pick<PortalClient, "credentialKind">, self: PortalSelf): string {
  if (client.credentialKind === "apiKey") return "an API key";
  if (client.credentialKind === "appCredentials") return "an app token";
  const type = (self.appInfo as { appType?: unknown } | undefined)?.appType;
  return type === "apiKey" ? "an API key (portal:token)" : "an app token (portal:token)";
}

/** The privileges an app token or API key holds (portals/self appInfo), or undefined when the portal does not say. */
export function appPrivileges(self: PortalSelf): string[] | undefined {
  const p = (self.appInfo as { privileges?: unknown } | undefined)?.privileges;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === "string") : undefined;
}
