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
  refreshToken: { key: "portal:refreshToken", env: "PORTAL_REFRESH_TOKEN" },
  clientId: { key: "portal:clientId", env: "PORTAL_CLIENT_ID" },
  clientSecret: { key: "portal:clientSecret", env: "PORTAL_CLIENT_SECRET" },
  apiKey: { key: "portal:apiKey", env: "PORTAL_API_KEY" },
} as const;

/** The keys that hold a secret: registered for redaction as soon as they are read, set with --secret. */
export const SECRET_CONFIG_KEYS = ["token", "password", "refreshToken", "clientSecret", "apiKey"] as const;

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

type CredentialName = "token" | "username" | "password" | "refreshToken" | "clientId" | "clientSecret" | "apiKey";

/** The kinds of credential, each with the keys it needs (portal:clientId belongs to two). */
const KINDS: ReadonlyArray<{ name: string; keys: readonly CredentialName[]; marks: readonly CredentialName[] }> = [
  { name: "a token", keys: ["token"], marks: ["token"] },
  { name: "a login (refresh token)", keys: ["refreshToken", "clientId"], marks: ["refreshToken"] },
  { name: "app credentials", keys: ["clientId", "clientSecret"], marks: ["clientSecret"] },
  { name: "an API key", keys: ["apiKey"], marks: ["apiKey"] },
  { name: "a username and password", keys: ["username", "password"], marks: ["username", "password"] },
];

const HOW_TO_SET: Record<CredentialName, string> = {
  token: "pulumi config set --secret portal:token <token>",
  username: "pulumi config set portal:username <name>",
  password: "pulumi config set --secret portal:password <password>",
  refreshToken: "npx pulumi-gis-portal login --url <portal> --client-id <app id>",
  clientId: "pulumi config set portal:clientId <app id>",
  clientSecret: "pulumi config set --secret portal:clientSecret <secret>",
  apiKey: "pulumi config set --secret portal:apiKey <key>",
};

/** `portal:token (PORTAL_TOKEN)`: the key and the environment variable that can set it. */
const keyName = (n: CredentialName) => `${CONFIG_KEYS[n].key} (${CONFIG_KEYS[n].env})`;

/**
 * Exactly one kind of credential (no silent precedence): none, an incomplete kind, or two kinds
 * at once is a ConfigError naming the keys. Every secret value is registered for redaction first.
 */
function resolveCredentials(source: ConfigSource | undefined, env: Env): Credentials {
  const v = {} as Record<CredentialName, string | undefined>;
  for (const n of ["token", "username", "password", "refreshToken", "clientId", "clientSecret", "apiKey"] as const) v[n] = read(source, env, n);
  for (const n of SECRET_CONFIG_KEYS) registerSecret(v[n]);
  const set = (n: CredentialName) => v[n] !== undefined;
  const present = KINDS.filter((k) => k.marks.some(set));
  if (present.length > 1) {
    const keys = present.flatMap((k) => k.marks.filter(set)).map((n) => CONFIG_KEYS[n].key);
    throw new ConfigError(
      `two kinds of credential are set: ${present.map((k) => k.name).join(" and ")} (${keys.join(", ")}); set exactly one kind and remove the others (pulumi config rm <key>, or unset the environment variable)`,
      keys[0],
    );
  }
  const kind = present[0];
  if (kind === undefined) {
    if (set("clientId")) {
      throw new ConfigError(
        `portal:clientId is set but neither portal:refreshToken (sign in: ${HOW_TO_SET.refreshToken}) nor portal:clientSecret (app credentials: ${HOW_TO_SET.clientSecret}); environment fallbacks: PORTAL_REFRESH_TOKEN, PORTAL_CLIENT_SECRET`,
        "portal:refreshToken",
      );
    }
    throw new ConfigError(
      "portal:token is not set. Set it with: pulumi config set --secret portal:token <token>, or set portal:username and portal:password (pulumi config set --secret portal:password <password>), " +
        `or sign in with ${HOW_TO_SET.refreshToken}, or set portal:clientId and portal:clientSecret, or portal:apiKey; environment fallbacks: PORTAL_TOKEN, PORTAL_USERNAME, PORTAL_PASSWORD, PORTAL_REFRESH_TOKEN, PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET, PORTAL_API_KEY`,
      "portal:token",
    );
  }
  const missing = kind.keys.filter((n) => !set(n));
  if (missing.length > 0) {
    const have = kind.keys.filter(set).map((n) => CONFIG_KEYS[n].key);
    throw new ConfigError(`${missing.map(keyName).join(" and ")} is not set (${have.join(", ")} is: ${kind.name} needs ${kind.keys.map((n) => CONFIG_KEYS[n].key).join(" and ")}). Set it with: ${missing.map((n) => HOW_TO_SET[n]).join("; ")}`, CONFIG_KEYS[missing[0]].key);
  }
  if (set("token")) return { token: v.token! };
  if (set("apiKey")) return { apiKey: v.apiKey! };
  if (set("refreshToken")) return { refreshToken: v.refreshToken!, clientId: v.clientId! };
  if (set("clientSecret")) return { clientId: v.clientId!, clientSecret: v.clientSecret! };
  return { username: v.username!, password: v.password! };
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
