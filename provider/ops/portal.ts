// Portal-level operations: the organization behind the token, and token generation.
import type { TokenResponse } from "../rest/auth";
import type { PortalClient } from "../rest/client";

/** spec-gaps.md "Portal self": `{id, name, urlKey, isPortal, currentVersion, access, user:{username, role, privileges}, …}`. */
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
 * GET portals/self (spec-gaps.md "Portal self"), cached per client: the organization picked by the
 * token. Its `id` goes into the category-schema paths (seed 4.2–4.4).
 * @example const { id } = await getPortalSelf(client);
 */
export async function getPortalSelf(client: PortalClient): Promise<PortalSelf> {
  return (await client.self()) as PortalSelf;
}

export interface GenerateTokenOptions {
  username: string;
  password: string;
  /** Token lifetime in minutes; default 60. */
  expirationMinutes?: number;
}

/**
 * POST generateToken (seed part 5 leaves token issue "not shown"; spec-gaps.md "generateToken"):
 * username, password, client=referer, referer, expiration → `{token, expires (epoch ms), ssl}`.
 * The client calls this itself for username + password configs; exposed for tests and tools.
 */
export function generateToken(client: PortalClient, o: GenerateTokenOptions): Promise<TokenResponse> {
  return client.generateToken(o.username, o.password, o.expirationMinutes ?? 60);
}
