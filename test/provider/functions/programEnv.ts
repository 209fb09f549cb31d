// The functions read the stack config in the program process; outside an engine run the
// PORTAL_* environment fallbacks stand in for it (provider/config.ts). Sets and restores them.
import type { RunningEmulator } from "../../../emulator";

const KEYS = ["PORTAL_URL", "PORTAL_TOKEN", "PORTAL_USERNAME", "PORTAL_PASSWORD", "PORTAL_SERVICE_URL"] as const;

/** Points the program-side config at `emu` as `user` until the returned function is called. */
export function usePortalEnv(emu: RunningEmulator, user: string): () => void {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  for (const k of KEYS) delete process.env[k];
  process.env.PORTAL_URL = emu.portalUrl;
  process.env.PORTAL_TOKEN = emu.tokens[user];
  return () => {
    for (const k of KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  };
}
