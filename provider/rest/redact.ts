// Secrets never appear in messages, URLs or log lines (spec.md#design-transport; common rules).
// Two layers: patterns that catch any credential-shaped text (token=…, "password":"…",
// Authorization headers), and the exact values the process knows to be secret (registered by the
// client when it receives a token or password), so a secret echoed in any other shape is caught too.

export const REDACTED = "[REDACTED]";

/** Known secret values; shorter strings are not registered, they would redact ordinary words. */
const knownSecrets = new Set<string>();
const MIN_SECRET_LENGTH = 4;

/** Registers a token or password so every later `redact()` removes it, in any encoding. */
export function registerSecret(value: string | undefined): void {
  if (typeof value !== "string" || value.length < MIN_SECRET_LENGTH) return;
  knownSecrets.add(value);
  knownSecrets.add(encodeURIComponent(value));
  knownSecrets.add(new URLSearchParams({ v: value }).toString().slice(2));
  knownSecrets.add(JSON.stringify(value).slice(1, -1));
}

const SECRET_KEYS = "token|password|access_token|refresh_token|client_secret|servicePassword|secretAccessKey";

const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // query strings and form bodies: token=abc&… (also URL-encoded keys)
  [new RegExp(`\\b(${SECRET_KEYS})=([^&\\s"',;]+)`, "gi"), `$1=${REDACTED}`],
  // JSON: "token": "abc"
  [new RegExp(`"(${SECRET_KEYS})"\\s*:\\s*"(?:[^"\\\\]|\\\\.)*"`, "gi"), `"$1":"${REDACTED}"`],
  // object inspection: token: 'abc'
  [new RegExp(`\\b(${SECRET_KEYS})\\s*:\\s*'(?:[^'\\\\]|\\\\.)*'`, "gi"), `$1: '${REDACTED}'`],
  // headers: Authorization: Bearer abc / X-Esri-Authorization: Bearer abc
  [/\b((?:x-esri-)?authorization)(["']?\s*[:=]\s*["']?)(?:bearer\s+|basic\s+)?[^\s"',;]+/gi, `$1$2${REDACTED}`],
];

/** Returns `text` with every credential replaced by `[REDACTED]`. */
export function redact(text: string): string {
  let out = String(text);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  // longest first, so a secret that contains another is removed whole
  const values = [...knownSecrets].sort((a, b) => b.length - a.length);
  for (const value of values) out = out.split(value).join(REDACTED);
  return out;
}

/** Redacts a URL for messages and logs: query parameters named like credentials, and known values. */
export function redactUrl(url: string): string {
  return redact(url);
}

/** For tests: forget every registered secret. */
export function clearRegisteredSecrets(): void {
  knownSecrets.clear();
}

/** `redact()` applied to every string inside a JSON-like value (error details from the server). */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redact(value) as T;
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, depth + 1)])) as T;
}
