// Preview checks the signed-in user's privileges (issue 29 scope 1): a resource that will be
// created needs its owner to hold the privilege the portal asks for at the write (the public API's
// privilege names, as portals/self lists them under user.privileges; an administrator holds them
// all). Read from the one portals/self answer the connection check already has: no request more.
// An adoption may write nothing, so it is left to the portal; an app token (portals/self with no
// user) cannot do an administrator's operation at all.
import type { PortalClient } from "../../rest/client";
import type { CheckFailure } from "../../rules/failures";
import { appCredentialName, appPrivileges, credentialKey, type PortalSelf } from "../../ops/portal";
import { PLAN_KEY } from "./plan";

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

/** Does the check's answer plan a write of an existing resource (the schema checks list the tree changes they plan)? */
function plansWrite(checked: Record<string, unknown> | undefined): boolean {
  const lines = checked?.[PLAN_KEY];
  return Array.isArray(lines) && lines.length > 0;
}

/**
 * The missing privilege as a check failure on the credential's key, or undefined. Checked for a
 * resource to be created, and for a change of an administrator's resource (a schema assign writes
 * every time); an app token or API key (portals/self with no user) holds only what its appInfo lists.
 */
export async function privilegeFailure(
  need: CreatePrivilege | undefined,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  client: PortalClient,
  checked?: Record<string, unknown>,
): Promise<CheckFailure | undefined> {
  if (!need) return undefined;
  const creating = olds === undefined || Object.keys(olds).length === 0;
  if (!creating && !(need.adminOnly && plansWrite(checked))) return undefined;
  if (ADOPT_KEYS.some((k) => news[k] !== undefined && news[k] !== false)) return undefined;
  const self = (await client.self()) as PortalSelf;
  const key = credentialKey(client);
  const login = `npx pulumi-gis-portal login --url ${client.portalUrl} --client-id <app id>`;
  const user = typeof self.user === "object" && self.user !== null ? (self.user as { username?: unknown; role?: unknown; privileges?: unknown }) : undefined;
  if (!user) {
    const held = appPrivileges(self);
    if (held?.includes(need.privilege)) return undefined;
    if (held === undefined && !need.adminOnly) return undefined; // the portal does not say: it answers at up
    const what = appCredentialName(client, self);
    return {
      property: key,
      reason: `${what} cannot ${need.doing}: it acts as no user and does not hold the privilege ${need.privilege}${need.adminOnly ? " (an administrator's)" : ""}; sign in as ${need.adminOnly ? "an administrator" : "a user who holds it"} with \`${login}\` (or set portal:username and portal:password)`,
    };
  }
  if (user.role === "org_admin") return undefined;
  if (!Array.isArray(user.privileges)) return undefined; // an answer without the list: the portal says at up
  if (user.privileges.includes(need.privilege)) return undefined;
  return { property: key, reason: `${String(user.username)} (role ${String(user.role)}) may not ${need.doing}: it needs the privilege ${need.privilege} or the administrator role; sign in as a user who has it (\`${login}\`, portal:token, or portal:username and portal:password)` };
}
