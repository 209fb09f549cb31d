// The OAuth 2.0 authorization-code flow with PKCE (REST "Authorize" and "Token"; RFC 7636 S256,
// RFC 8252 loopback redirect): the authorize URL, a one-shot listener on 127.0.0.1 that takes the
// redirect, and the code's exchange for an access token and a refresh token.
import { createHash, randomBytes } from "node:crypto";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError, PortalClient, registerSecret } from "../provider";

export const OOB_REDIRECT = "urn:ietf:wg:oauth:2.0:oob";

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** A verifier of 43 base64url characters (32 random bytes) and its S256 challenge. */
export function pkcePair(): Pkce {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** `<sharing>/oauth2/authorize?client_id…&response_type=code&code_challenge…` */
export function authorizeUrl(sharingUrl: string, o: { clientId: string; redirectUri: string; challenge: string; state: string; expirationMinutes?: number }): string {
  const q = new URLSearchParams({ client_id: o.clientId, response_type: "code", redirect_uri: o.redirectUri, state: o.state, code_challenge: o.challenge, code_challenge_method: "S256" });
  if (o.expirationMinutes !== undefined) q.set("expiration", String(o.expirationMinutes));
  return `${sharingUrl}/oauth2/authorize?${q}`;
}

export interface Loopback {
  redirectUri: string;
  /** Resolves with the code of the first redirect carrying `state`; rejects on an error redirect or the timeout. */
  code: Promise<string>;
  close(): void;
}

/** Listens on 127.0.0.1:`port` (0: a free port) for the one redirect of this sign-in. */
export async function listenForRedirect(state: string, port: number, timeoutMs: number): Promise<Loopback> {
  let settle!: { resolve: (code: string) => void; reject: (e: Error) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      res.writeHead(404).end();
      return;
    }
    const page = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>pulumi-gis-portal login</title></head><body><p>${text}</p></body></html>`);
    };
    if (url.searchParams.get("state") !== state) {
      page(400, "This sign-in answer does not belong to the login command that is waiting; start the login again.");
      return;
    }
    const error = url.searchParams.get("error");
    if (error) {
      page(200, "Sign-in was not completed. You can close this window.");
      settle.reject(new Error(`the portal did not sign you in: ${error}${url.searchParams.get("error_description") ? ` (${url.searchParams.get("error_description")})` : ""}`));
      return;
    }
    const got = url.searchParams.get("code");
    if (!got) {
      page(400, "The redirect carried no code; start the login again.");
      return;
    }
    page(200, "Signed in. You can close this window and go back to the terminal.");
    settle.resolve(got);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const timer = setTimeout(() => settle.reject(new Error(`no sign-in within ${Math.round(timeoutMs / 1000)} s; run the login again (--timeout sets the wait)`)), timeoutMs);
  const close = () => {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  };
  return { redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, code, close };
}

export interface SignedIn {
  username: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms, when the portal said (refresh_token_expires_in). */
  refreshTokenExpires?: number;
}

/** POST oauth2/token grant_type=authorization_code with the PKCE verifier. */
export async function exchangeCode(sharingUrl: string, o: { clientId: string; code: string; redirectUri: string; verifier: string }): Promise<SignedIn> {
  const client = new PortalClient({ sharingUrl });
  try {
    const params = { grant_type: "authorization_code", client_id: o.clientId, code: o.code, redirect_uri: o.redirectUri, code_verifier: o.verifier };
    const a = await client.request<{ access_token?: string; refresh_token?: string; refresh_token_expires_in?: number; username?: string }>("oauth2/token", "oauth2/token", params, { authenticate: false });
    if (typeof a.access_token !== "string" || typeof a.refresh_token !== "string") {
      throw new ConfigError(`${sharingUrl}/oauth2/token gave no refresh token: the app ${o.clientId} must allow the authorization-code grant`, "portal:clientId");
    }
    registerSecret(a.access_token);
    registerSecret(a.refresh_token);
    const seconds = Number(a.refresh_token_expires_in);
    return { username: String(a.username ?? ""), accessToken: a.access_token, refreshToken: a.refresh_token, refreshTokenExpires: Number.isFinite(seconds) ? Date.now() + seconds * 1000 : undefined };
  } finally {
    await client.close();
  }
}

/** Who signed in and to what: portals/self read with the new access token. */
export async function whoSignedIn(sharingUrl: string, accessToken: string): Promise<{ username?: string; org?: string; urlKey?: string; orgUrl?: string }> {
  const client = new PortalClient({ sharingUrl, auth: { token: accessToken } });
  try {
    const self = (await client.self()) as { name?: unknown; urlKey?: unknown; customBaseUrl?: unknown; isPortal?: unknown; user?: { username?: unknown } | null };
    const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
    const urlKey = text(self.urlKey);
    // ArcGIS Online: the organization's own URL is <urlKey>.<customBaseUrl> (www.arcgis.com signs in to the same org)
    // (a base URL with a port is a host of its own, as the emulator's: no <urlKey>. prefix names the org there)
    const base = text(self.customBaseUrl)?.includes(":") ? undefined : text(self.customBaseUrl);
    const orgUrl = self.isPortal === false && urlKey && base ? `https://${urlKey}.${base}` : undefined;
    return { username: text(self.user?.username), org: text(self.name), urlKey, orgUrl };
  } finally {
    await client.close();
  }
}
