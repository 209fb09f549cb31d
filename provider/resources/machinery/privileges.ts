// Preview checks the signed-in user's privileges (issue 29 scope 1): a resource that will be
// created needs its owner to hold the privilege the portal asks for at the write (the public API's
// privilege names, as portals/self lists them under user.privileges; an administrator holds them
// all). Read from the one portals/self answer the connection check already has: no request more.
// An adoption may write nothing, so it is left to the portal; an app token (portals/self with no
// user) cannot do an administrator's operation at all.
import type { PortalClient } from "../../rest/client";
import type { CheckFailure } from "../../rules/failures";

/** What creating a resource needs (a resource definition's `privilege`; none: left to the portal). */
export interface CreatePrivilege {
  /** The privilege's name, as portals/self lists it. */
  privilege: string;
  /** What it lets the user do, for the message. */
  doing: string;
  /** Only an administrator's role has it. */
  adminOnly?: true;
}

const ADOPT_KEYS = ["adopt", "adoptItemId", "adoptGroupId", "adoptFolderId", "adoptRoleId"];

/** The missing privilege as a check failure on portal:token, or undefined. */
export async function privilegeFailure(
  need: CreatePrivilege | undefined,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  client: PortalClient,
): Promise<CheckFailure | undefined> {
  if (!need) return undefined;
  const creating = olds === undefined || Object.keys(olds).length === 0;
  if (!creating || ADOPT_KEYS.some((k) => news[k] !== undefined && news[k] !== false)) return undefined;
  const self = await client.self();
  const user = typeof self.user === "object" && self.user !== null ? (self.user as { username?: unknown; role?: unknown; privileges?: unknown }) : undefined;
  if (!user) {
    if (!need.adminOnly) return undefined;
    return { property: "portal:token", reason: `the token signs in no user (an API key or an app's token): it cannot ${need.doing}, an administrator's operation; set portal:token to a user's token, or portal:username and portal:password` };
  }
  if (user.role === "org_admin") return undefined;
  if (!Array.isArray(user.privileges)) return undefined; // an answer without the list: the portal says at up
  if (user.privileges.includes(need.privilege)) return undefined;
  return { property: "portal:token", reason: `${String(user.username)} (role ${String(user.role)}) may not ${need.doing}: it needs the privilege ${need.privilege} or the administrator role; sign in as a user who has it (portal:token, or portal:username and portal:password)` };
}
