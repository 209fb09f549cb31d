// Shared setup of the operation tests: one emulator per file (port 0), clients per user, closed in
// after hooks. Not a test file.
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { resolvePortalConfig, createPortalClient } from "../../../provider/config";
import type { PortalClient, PortalClientOptions } from "../../../provider/rest/client";

export interface OpsEnv {
  emu: RunningEmulator;
  /** A client with the fixture token of `username` (default dev_admin). */
  client(username?: string, options?: Partial<PortalClientOptions>): PortalClient;
  /** Every log line of every client made here. */
  log: string[];
}

export function useEmulator(): OpsEnv {
  const clients: PortalClient[] = [];
  const env = { log: [] as string[] } as OpsEnv;
  before(async () => {
    env.emu = await startEmulator();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await env.emu?.close();
  });
  env.client = (username = "dev_admin", options = {}) => {
    const config = resolvePortalConfig({ get: (k) => ({ "portal:url": env.emu.portalUrl, "portal:token": env.emu.tokens[username], "portal:serviceUrl": env.emu.serviceUrl })[k] }, {});
    const c = createPortalClient(config, { logger: (l) => env.log.push(l), ...options });
    clients.push(c);
    return c;
  };
  return env;
}

/** A fresh 32-character item id (spec.md#item-fields itemIdToCreate). */
export function newItemId(): string {
  return require("node:crypto").randomBytes(16).toString("hex");
}
