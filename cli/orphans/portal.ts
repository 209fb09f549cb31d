// The portal the orphans command asks: the stack's config as the provider reads it, else PORTAL_*.
import { ConfigError, CONFIG_KEYS, type ConfigSource, createPortalClient, resolvePortalConfig, type PortalClient } from "../../provider";
import { UsageError, type OrphansIo } from "./io";
import type { Options } from "./options";

/** The stack's config (`pulumi config --json --show-secrets`), as the provider reads it; undefined when the CLI cannot give it. */
async function stackConfig(io: OrphansIo, stack: string): Promise<ConfigSource | undefined> {
  const r = await io.pulumi(["config", "--json", "--show-secrets", "--stack", stack], io.cwd, io.env).catch(() => undefined);
  if (!r || r.code !== 0) return undefined;
  let doc: Record<string, { value?: unknown }>;
  try {
    doc = JSON.parse(r.stdout);
  } catch {
    return undefined;
  }
  return { get: (key) => doc?.[key]?.value };
}

/**
 * The portal client: the stack's config (portal:url, portal:token …) first, then the PORTAL_*
 * environment variables, as the provider resolves them (provider/config.ts). With --state-file the
 * stack config is not read (the command may run outside the project).
 */
export async function portalClientFor(o: Options, io: OrphansIo, stack: string): Promise<PortalClient> {
  const source = o.stateFile === undefined ? await stackConfig(io, stack) : undefined;
  const env = io.env;
  const has = (name: keyof typeof CONFIG_KEYS) => String(source?.get(CONFIG_KEYS[name].key) ?? env[CONFIG_KEYS[name].env] ?? "").trim() !== "";
  const where = source ? "the stack config or the environment" : "the environment";
  if (!has("url")) throw new UsageError(`${CONFIG_KEYS.url.key} (${CONFIG_KEYS.url.env}) is not set in ${where}; set it to the portal's URL (https://org.example.com)`);
  if (!(["token", "username", "password", "refreshToken", "clientId", "clientSecret", "apiKey"] as const).some(has)) {
    throw new UsageError(`set ${CONFIG_KEYS.token.key} (${CONFIG_KEYS.token.env}), or ${CONFIG_KEYS.username.key} and ${CONFIG_KEYS.password.key} (${CONFIG_KEYS.username.env}, ${CONFIG_KEYS.password.env}), or sign in with pulumi-gis-portal login (portal:refreshToken), or set portal:clientId and portal:clientSecret, or portal:apiKey, to sign in to the portal`);
  }
  try {
    return createPortalClient(resolvePortalConfig(source, env), io.clientOptions);
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(source ? e.message : e.message.replace(/\bportal:url\b/g, CONFIG_KEYS.url.env));
    throw e;
  }
}
