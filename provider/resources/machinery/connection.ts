// Preview checks the connection (issue 29 scope 1): once the program's inputs pass their rules, one
// read (`portals/self`) per provider host process tells whether portal:url reaches a portal and the
// credentials are taken; a failure is one message naming the config key to fix and what was found.
// A check whose inputs fail sends nothing at all.
import { isLoopbackHost } from "../../rest/url";
import { AuthError, ConfigError, NetworkError, NotFoundError, PortalError } from "../../rest/errors";
import type { PortalClient } from "../../rest/client";
import type { CheckFailure } from "../../rules/failures";
import { portalClient } from "./client";
import { credentialFix, credentialKey } from "../../ops/portal";

/** One answer per client: configure makes a new client from new config, and so a new check. */
const checked = new WeakMap<PortalClient, Promise<CheckFailure | undefined>>();

const causeCode = (e: unknown): string | undefined => {
  const cause = (e as { cause?: { code?: string; cause?: { code?: string } } }).cause;
  return cause?.code ?? cause?.cause?.code;
};

/** The one message of a connection problem: the config key to fix and what was found. */
export function connectionProblem(e: unknown, client: PortalClient | undefined): string {
  const url = client?.portalUrl ?? "portal:url";
  if (e instanceof ConfigError) return e.message;
  if (e instanceof AuthError) {
    const what = e.code === 499 ? "asked for a token and none was sent (499)" : `refused the credentials (${e.code}${e.messageCode ? ` ${e.messageCode}` : ""}: invalid or expired)`;
    return `the portal at ${url} ${what}; ${credentialFix(client)}`;
  }
  if (e instanceof NotFoundError || (e instanceof PortalError && (e.httpStatus === 404 || e.code === 404))) {
    return `${url} has no portal REST API (GET ${client?.sharingUrl ?? url}/portals/self answered 404); portal:url must be the portal's root, such as https://org.example.com or https://host/<web adaptor>`;
  }
  if (e instanceof NetworkError) {
    const code = causeCode(e) ?? (/network error: (\w+)/.exec(e.message)?.[1] ?? "no answer");
    if (/SSL|EPROTO|WRONG_VERSION/i.test(code) || /wrong version number|SSL/i.test(e.message)) {
      const host = (() => {
        try {
          return new URL(url).host;
        } catch {
          return url;
        }
      })();
      return `${url} answered with plain HTTP where HTTPS was expected; fix portal:url (use http:// only for a portal on this machine${isLoopbackHost(host.split(":")[0]) ? ", as here" : ""})`;
    }
    return `cannot reach the portal at ${url} (${code}); check portal:url and the network`;
  }
  if (e instanceof PortalError) return `the portal at ${url} answered portals/self with an error: ${e.message.split("\n")[0]}; check portal:url and the credentials`;
  return `cannot read the portal at ${url}: ${String((e as Error)?.message ?? e).split("\n")[0]}; check portal:url`;
}

/** The config key a connection problem is about. */
function keyOf(e: unknown, client?: PortalClient): string {
  if (e instanceof ConfigError) return e.key;
  if (e instanceof AuthError) return credentialKey(client);
  return "portal:url";
}

/**
 * The connection problem of the configured portal as a check failure on the config key to fix
 * (one line, no stack: the engine prints it like any other check failure), or undefined when the
 * portal answered. One read per client (configure makes a new client from new config).
 */
export async function connectionFailure(): Promise<CheckFailure | undefined> {
  let client: PortalClient;
  try {
    client = portalClient();
  } catch (e) {
    return { property: keyOf(e), reason: connectionProblem(e, undefined) };
  }
  let pending = checked.get(client);
  if (!pending) {
    // before the portal has answered once, a refused connection or an unknown host is not sent again (client.ts: issue 45)
    pending = client.portalId().then(
      () => undefined,
      (e) => {
        checked.delete(client);
        return { property: keyOf(e, client), reason: connectionProblem(e, client) };
      },
    );
    checked.set(client, pending);
  }
  return pending;
}
