// URL rules of the transport (spec.md#design-transport): https everywhere, http:// only on loopback
// hosts; the sharing root is the portal URL followed by /sharing/rest (spec.md#conventions).
import { ConfigError } from "./errors";
import { redactUrl } from "./redact";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "::1", "localhost"]);

/** True for 127.0.0.1, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Parses `url` and refuses anything but https, or http on a loopback host.
 * `key` names the setting the URL came from, for the error message.
 */
export function assertSecureUrl(url: string, key: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`${key} is not a valid URL: "${redactUrl(url)}". Set it with: pulumi config set ${key} https://org.example.com`, key);
  }
  if (parsed.protocol === "https:") return parsed;
  if (parsed.protocol === "http:" && isLoopbackHost(parsed.hostname)) return parsed;
  if (parsed.protocol === "http:") {
    throw new ConfigError(`${key} uses http:// on ${parsed.hostname}; only https is allowed (http only for 127.0.0.1, ::1 and localhost)`, key);
  }
  throw new ConfigError(`${key} must be an https:// URL, got ${parsed.protocol}//`, key);
}

/** The sharing root: `<portal url>/sharing/rest`, unless the URL already ends with it. */
export function toSharingUrl(portalUrl: string): string {
  const trimmed = portalUrl.replace(/\/+$/, "");
  return /\/sharing\/rest$/i.test(trimmed) ? trimmed : `${trimmed}/sharing/rest`;
}

/** The portal URL without /sharing/rest (for messages and the generateToken referer). */
export function toPortalUrl(sharingUrl: string): string {
  return sharingUrl.replace(/\/+$/, "").replace(/\/sharing\/rest$/i, "");
}

/** Joins a base URL and a relative path with exactly one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** Encodes one path segment (an item id, a username, a folder id). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
