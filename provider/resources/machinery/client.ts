// The portal client of the provider host (spec.md#design-credentials): built from the stack config handed to
// `configure` (portal:url, portal:token or portal:username + portal:password), with the PORTAL_*
// environment fallbacks of config.ts. One client per host process, shared by every resource.
import { createHash } from "node:crypto";
import type { ConfigSource } from "../../config";
import { clientFromConfig, CONFIG_KEYS } from "../../config";
import type { PortalClient } from "../../rest/client";
import { reportProgress, reportRetry } from "../../progress";
import { credentialKey } from "../../ops/portal";
import { forgetDeclaredMemberTree } from "./declaredTrees";

let source: ConfigSource | undefined;
let client: PortalClient | undefined;

/** The providers configured in this process, and a digest of the settings the client was made for. */
const configured = new WeakSet<object>();
let settings: string | undefined;

/** A digest of the portal settings of a config (never the values themselves: a token is a secret). */
function digestOf(config: ConfigSource): string {
  const values = Object.values(CONFIG_KEYS).map(({ key }) => config.get(key) ?? null);
  return createHash("sha256").update(JSON.stringify(values)).digest("hex");
}

/**
 * ResourceProvider.configure: remembers the stack config; the client is made at first use. The
 * engine configures each resource type's provider once per run, when its first resource comes
 * (the dynamic provider host): the first configure of another type with the same settings keeps
 * the client and the reads it shares (issue 24: a run's bulk listings); a provider configured again
 * (a new run in the same process, a test) or other settings start a new client.
 */
export async function configurePortal(this: unknown, req: { config: ConfigSource }): Promise<void> {
  const digest = digestOf(req.config);
  const provider = typeof this === "object" && this !== null ? this : undefined;
  const again = provider === undefined || configured.has(provider);
  if (provider) configured.add(provider);
  source = req.config;
  if (!again && client !== undefined && digest === settings) return;
  if (settings !== undefined && digest !== settings) forgetDeclaredMemberTree(); // another deployment's plan
  settings = digest;
  client = undefined;
  sweep = undefined;
}

/** The refresh reads since the shared reads were last dropped: the resources read, and the client's writes then. */
let sweep: { read: Set<string>; writes: number } | undefined;

/**
 * A refresh asks the portal, never a read shared earlier in the run (rest/readCache.ts). Within one
 * refresh the reads of its resources share their answers (a listing page answers a hundred items,
 * issue 24): the shared reads are dropped when a refresh begins, that is when `resource` (kind and
 * id) was already read since they were last dropped (each resource is read once per refresh), or
 * when the client wrote since; `resource` undefined always drops them.
 */
export function freshReads(resource?: string): void {
  const client = portalClient();
  if (resource !== undefined && sweep && !sweep.read.has(resource) && sweep.writes === client.writes) {
    sweep.read.add(resource);
    return;
  }
  client.forgetReads();
  sweep = { read: new Set(resource === undefined ? [] : [resource]), writes: client.writes };
}

/** The ids of `kind`'s resources read since the shared reads were last dropped (so far in this refresh). */
export function readInThisRefresh(kind: string): string[] {
  const prefix = `${kind} `;
  return [...(sweep?.read ?? [])].filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
}

/** The client for the configured portal (check never calls this: it sends no request). */
export function portalClient(): PortalClient {
  // each retry is a line on the row of the resource it was for (progress.ts reportRetry)
  // each renewal of a short-lived access token is one line, kept in the run's Diagnostics (the count a user or test reads)
  const onTokenRenewed = (n: number) => void reportProgress(`portal: access token renewed from ${credentialKey(client)} (${n} ${n === 1 ? "renewal" : "renewals"} so far)`, { final: true, ephemeral: false });
  // the services root found in the portal when portal:serviceUrl is unset: one line per run
  const onServiceRootDiscovered = (root: string, from: string) => void reportProgress(`portal: services root ${root} discovered from ${from} (portal:serviceUrl is not set)`, { final: true, ephemeral: false });
  client ??= clientFromConfig(source, process.env, { onRetry: (r) => void reportRetry(r), onTokenRenewed, onServiceRootDiscovered });
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
