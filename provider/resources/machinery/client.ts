// The portal client of the provider host (spec.md#design-credentials): built from the stack config handed to
// `configure` (portal:url, portal:token or portal:username + portal:password), with the PORTAL_*
// environment fallbacks of config.ts. One client per host process, shared by every resource.
import type { ConfigSource } from "../../config";
import { clientFromConfig } from "../../config";
import type { PortalClient } from "../../rest/client";

let source: ConfigSource | undefined;
let client: PortalClient | undefined;

/** ResourceProvider.configure: remembers the stack config; the client is made at first use. */
export async function configurePortal(req: { config: ConfigSource }): Promise<void> {
  source = req.config;
  client = undefined;
}

/** A refresh asks the portal, never a read shared earlier in the run (rest/readCache.ts). */
export function freshReads(): void {
  client?.forgetReads();
}

/** The client for the configured portal (check never calls this: it sends no request). */
export function portalClient(): PortalClient {
  client ??= clientFromConfig(source);
  return client;
}

/**
 * The organization behind the configured token must be the one the resource belongs to: a stack
 * whose portal:url or token changed must not delete or overwrite another org's schema.
 */
export async function assertSamePortal(resourcePortalId: string, what: string): Promise<void> {
  const current = await portalClient().portalId();
  if (current !== resourcePortalId) {
    throw new Error(
      `${what} belongs to portal ${resourcePortalId}, but the stack config (portal:url / portal:token) now reaches portal ${current}. ` +
        "Point the config back at that portal, or remove the resource from this stack's state (pulumi state delete <urn>) before switching portals.",
    );
  }
}
