// The functions run in the program process (spec.md#design-functions): they read the stack config
// there (portal:url, portal:token or portal:username + portal:password, PORTAL_* fallbacks) with
// the same resolution as the provider host, and close their client when done.
import { clientFromConfig, programConfigSource, type PortalClient, type rules } from "../../provider";

/** Runs `fn` with a client for the stack's portal, closed afterwards. */
export async function withProgramClient<T>(fn: (client: PortalClient) => Promise<T>): Promise<T> {
  const client = clientFromConfig(programConfigSource());
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

/** A failed argument check as one error naming every argument and why (no request was sent). */
export function assertArgs<T>(fn: string, checked: rules.Checked<T>): T {
  if (checked.ok) return checked.value;
  const failures = checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ");
  throw new Error(`${fn}: invalid arguments, nothing was sent: ${failures}`);
}
