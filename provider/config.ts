// Config resolution (spec.md#design-credentials): one function for the provider host (`configure(req)` gives
// `req.config.get("portal:url")`) and for the program-side functions (`programConfigSource()`),
// so both read the same keys with the same environment fallbacks and the same errors.
import { type Credentials, PortalClient, type PortalClientOptions } from "./rest/client";
import { ConfigError } from "./rest/errors";
import { registerSecret } from "./rest/redact";
import { assertSecureUrl, toPortalUrl, toSharingUrl } from "./rest/url";

/** Anything with `get("portal:url")`: the host's ConfigureRequest.config, or programConfigSource(). */
export interface ConfigSource {
  get(key: string): unknown;
}

/** The stack config keys and their environment fallbacks. */
export const CONFIG_KEYS = {
  url: { key: "portal:url", env: "PORTAL_URL" },
  token: { key: "portal:token", env: "PORTAL_TOKEN" },
  username: { key: "portal:username", env: "PORTAL_USERNAME" },
  password: { key: "portal:password", env: "PORTAL_PASSWORD" },
  serviceUrl: { key: "portal:serviceUrl", env: "PORTAL_SERVICE_URL" },
} as const;

export interface PortalConfig {
  /** The portal's base URL, e.g. https://org.example.com or https://host/portal. */
  portalUrl: string;
  /** `<portalUrl>/sharing/rest`. */
  sharingUrl: string;
  /** `{service_url}` for feature services, when configured. */
  serviceUrl?: string;
  credentials: Credentials;
}

type Env = Record<string, string | undefined>;

function read(source: ConfigSource | undefined, env: Env, name: keyof typeof CONFIG_KEYS): string | undefined {
  const { key, env: envName } = CONFIG_KEYS[name];
  const fromConfig = source?.get(key);
  const value = fromConfig !== undefined && fromConfig !== null && fromConfig !== "" ? String(fromConfig) : env[envName];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * Resolves the portal settings: stack config first, then PORTAL_* environment variables.
 * Throws ConfigError naming the missing key and the command that sets it.
 */
export function resolvePortalConfig(source?: ConfigSource, env: Env = process.env): PortalConfig {
  const url = read(source, env, "url");
  if (url === undefined) {
    throw new ConfigError("portal:url is not set. Set it with: pulumi config set portal:url https://org.example.com (or the PORTAL_URL environment variable)", "portal:url");
  }
  assertSecureUrl(url, "portal:url");
  const sharingUrl = toSharingUrl(url);
  const serviceUrl = read(source, env, "serviceUrl");
  if (serviceUrl !== undefined) assertSecureUrl(serviceUrl, "portal:serviceUrl");
  return { portalUrl: toPortalUrl(sharingUrl), sharingUrl, serviceUrl: serviceUrl?.replace(/\/+$/, ""), credentials: resolveCredentials(source, env) };
}

function resolveCredentials(source: ConfigSource | undefined, env: Env): Credentials {
  const token = read(source, env, "token");
  const username = read(source, env, "username");
  const password = read(source, env, "password");
  registerSecret(token);
  registerSecret(password);
  if (token !== undefined) return { token };
  if (username !== undefined && password !== undefined) return { username, password };
  if (username !== undefined) {
    throw new ConfigError("portal:password is not set (portal:username is). Set it with: pulumi config set --secret portal:password <password> (or PORTAL_PASSWORD)", "portal:password");
  }
  if (password !== undefined) {
    throw new ConfigError("portal:username is not set (portal:password is). Set it with: pulumi config set portal:username <name> (or PORTAL_USERNAME)", "portal:username");
  }
  throw new ConfigError(
    "portal:token is not set. Set it with: pulumi config set --secret portal:token <token>, or set portal:username and portal:password (pulumi config set --secret portal:password <password>); environment fallbacks: PORTAL_TOKEN, PORTAL_USERNAME, PORTAL_PASSWORD",
    "portal:token",
  );
}

/**
 * The program-side source: reads the stack config through the Pulumi runtime (raw values, so a
 * secret key does not print the "use getSecret" warning). Loaded lazily to keep this module light.
 */
export function programConfigSource(): ConfigSource {
  const runtime = require("@pulumi/pulumi/runtime") as { getConfig(k: string): string | undefined };
  return { get: (key) => runtime.getConfig(key) };
}

/** A client for the resolved settings; `options` adds test seams (dispatcher, sleep, logger…). */
export function createPortalClient(config: PortalConfig, options: Partial<PortalClientOptions> = {}): PortalClient {
  return new PortalClient({ sharingUrl: config.sharingUrl, serviceUrl: config.serviceUrl, auth: config.credentials, ...options });
}

/** resolvePortalConfig + createPortalClient in one call (the provider's `configure`). */
export function clientFromConfig(source?: ConfigSource, env: Env = process.env, options: Partial<PortalClientOptions> = {}): PortalClient {
  return createPortalClient(resolvePortalConfig(source, env), options);
}
