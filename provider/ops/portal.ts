// Portal-level operations: the organization behind the token, and token generation.
import type { TokenResponse } from "../rest/auth";
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
