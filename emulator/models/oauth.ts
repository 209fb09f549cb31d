// OAuth 2.0 of the portal (REST "Authorize", "Token", "Revoke Token"): registered apps with their
// redirect URIs (fixtures), authorization codes (PKCE S256 or plain), refresh tokens, app tokens
// (client_credentials) and API keys with the privileges they were given. Access tokens live in the
// Directory's token table, like generateToken's; lifetimes are set per run by the control plane.
import { createHash, randomBytes } from "node:crypto";
import type { Directory } from "./directory";
import { EmulatorError } from "../errors";
import type { FixtureApiKey, FixtureApp } from "../fixtures";

export type { FixtureApiKey, FixtureApp };

export const OOB_REDIRECT = "urn:ietf:wg:oauth:2.0:oob";

/** Lifetimes, seconds (unconfirmed defaults from the public docs: 30 min access, 2 weeks refresh, 2 h app tokens). */
export interface Lifetimes {
  accessSeconds: number;
  refreshSeconds: number;
  appSeconds: number;
  /** An authorization code must be redeemed within this (unconfirmed: 5 minutes). */
  codeSeconds: number;
}

export const DEFAULT_LIFETIMES: Lifetimes = { accessSeconds: 1800, refreshSeconds: 14 * 24 * 3600, appSeconds: 7200, codeSeconds: 300 };

export type GrantType = "authorization_code" | "refresh_token" | "exchange_refresh_token" | "client_credentials";
export const GRANT_TYPES: readonly GrantType[] = ["authorization_code", "refresh_token", "exchange_refresh_token", "client_credentials"];

/**
 * An OAuth error in the portal's envelope (REST "Token" errors): `{error: {code, error,
 * error_description, message, details}}`. The description never repeats a token or secret.
 */
export class OAuthError extends EmulatorError {
  constructor(
    code: number,
    readonly oauthError: string,
    description: string,
  ) {
    super(code, description);
  }
  override toEnvelope() {
    return { error: { code: this.code, error: this.oauthError, error_description: this.message, message: this.message, details: [] } } as unknown as ReturnType<EmulatorError["toEnvelope"]>;
  }
}

const invalidRequest = (d: string) => new OAuthError(400, "invalid_request", d);
const invalidClient = (d = "Invalid client_id") => new OAuthError(400, "invalid_client", d);
const invalidGrant = (d: string) => new OAuthError(400, "invalid_grant", d);

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  username: string;
  challenge?: string;
  method?: "S256" | "plain";
  expires: number;
  /** Refresh token lifetime asked for at authorize (`expiration`, minutes). */
  refreshMinutes?: number;
}

interface RefreshRecord {
  clientId: string;
  username: string;
  expires: number;
  revoked: boolean;
}

export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  username?: string;
  ssl: boolean;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

const secret = () => randomBytes(24).toString("base64url");

/** S256: BASE64URL(SHA256(verifier)) (RFC 7636 4.6). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export class OAuth {
  readonly apps = new Map<string, FixtureApp & { orgId: string }>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  lifetimes: Lifetimes = { ...DEFAULT_LIFETIMES };
  /** Tokens granted per grant type since the last reset (control plane `GET oauth`). */
  readonly grants: Record<GrantType, number> = { authorization_code: 0, refresh_token: 0, exchange_refresh_token: 0, client_credentials: 0 };
  revocations = 0;

  constructor(
    private readonly directory: Directory,
    orgs: ReadonlyArray<{ id: string; apps?: FixtureApp[]; apiKeys?: FixtureApiKey[] }>,
  ) {
    for (const org of orgs) {
      for (const app of org.apps ?? []) this.apps.set(app.clientId, { ...app, orgId: org.id });
      for (const k of org.apiKeys ?? []) directory.addAppToken(k.key, k.owner, { kind: "apiKey", id: k.title ?? "API key", privileges: k.privileges ?? [] });
    }
  }

  /** Control plane: registers (or replaces) an app in the org of its owner. */
  registerApp(app: FixtureApp): void {
    const owner = this.directory.users.get(app.owner);
    if (!owner) throw new EmulatorError(400, `No user ${app.owner}.`);
    this.apps.set(app.clientId, { ...app, orgId: owner.orgId });
  }

  /** Control plane: an API key with the privileges given. */
  registerApiKey(k: FixtureApiKey): void {
    if (!this.directory.users.has(k.owner)) throw new EmulatorError(400, `No user ${k.owner}.`);
    this.directory.addAppToken(k.key, k.owner, { kind: "apiKey", id: k.title ?? "API key", privileges: k.privileges ?? [] });
  }

  /** The app of `clientId`, or invalid_client. */
  app(clientId: string | undefined): FixtureApp & { orgId: string } {
    const app = clientId ? this.apps.get(clientId) : undefined;
    if (!app) throw invalidClient();
    return app;
  }

  /** Is `uri` one of the app's redirect URIs (oob always; a loopback http URI with any port)? */
  redirectAllowed(app: FixtureApp, uri: string): boolean {
    if (uri === OOB_REDIRECT) return true;
    const loose = (u: string) => {
      try {
        const p = new URL(u);
        if (p.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(p.hostname)) p.port = "";
        return `${p.origin}${p.pathname.replace(/\/+$/, "")}`;
      } catch {
        return u;
      }
    };
    return app.redirectUris.some((r) => r === uri || loose(r) === loose(uri));
  }

  /** authorize, after the user signed in and allowed: a single-use code bound to the app, redirect URI and PKCE challenge. */
  issueCode(r: Omit<CodeRecord, "expires">): string {
    const code = secret();
    this.codes.set(code, { ...r, expires: Date.now() + this.lifetimes.codeSeconds * 1000 });
    return code;
  }

  /** The implicit grant (response_type=token): an access token straight from authorize. */
  implicitToken(clientId: string, username: string): { token: string; expiresIn: number } {
    const expiresIn = this.lifetimes.accessSeconds;
    return { token: this.directory.issueToken(username, expiresIn * 1000, { clientId }), expiresIn };
  }

  /** POST oauth2/token. */
  token(p: { grant_type?: string; client_id?: string; client_secret?: string; code?: string; redirect_uri?: string; code_verifier?: string; refresh_token?: string; expiration?: string }, ssl: boolean): TokenAnswer {
    if (!p.grant_type) throw invalidRequest("grant_type not specified");
    if (!GRANT_TYPES.includes(p.grant_type as GrantType)) throw new OAuthError(400, "unsupported_grant_type", "Unsupported grant_type");
    if (!p.client_id) throw invalidRequest("client_id not specified");
    const app = this.app(p.client_id);
    const grant = p.grant_type as GrantType;
    let answer: TokenAnswer;
    if (grant === "client_credentials") {
      if (!p.client_secret) throw invalidRequest("client_secret not specified");
      if (app.clientSecret === undefined || app.clientSecret !== p.client_secret) throw invalidClient("Invalid client_secret");
      // fixtures that replace an org's users may leave an app without its owner: it cannot sign in
      if (!this.directory.users.has(app.owner)) throw invalidClient("The app's owner is not a member of the organization");
      const minutes = p.expiration ? Number(p.expiration) : undefined;
      if (minutes !== undefined && !(Number.isFinite(minutes) && minutes > 0)) throw invalidRequest("expiration must be a positive number of minutes");
      const seconds = Math.min(this.lifetimes.appSeconds, minutes !== undefined ? Math.round(minutes * 60) : Infinity);
      const token = this.directory.addAppToken(secret(), app.owner, { kind: "app", id: app.clientId, privileges: app.privileges ?? [] }, Date.now() + seconds * 1000);
      answer = { access_token: token, expires_in: seconds, ssl };
    } else if (grant === "authorization_code") {
      answer = this.redeemCode(app, p, ssl);
    } else {
      answer = this.refresh(app, grant, p, ssl);
    }
    this.grants[grant]++;
    return answer;
  }

  private redeemCode(app: FixtureApp, p: { code?: string; redirect_uri?: string; code_verifier?: string; client_secret?: string }, ssl: boolean): TokenAnswer {
    if (!p.code) throw invalidRequest("code not specified");
    if (!p.redirect_uri) throw invalidRequest("redirect_uri not specified");
    const record = this.codes.get(p.code);
    // single use: a code is gone once tried, right or wrong (RFC 6749 4.1.2)
    this.codes.delete(p.code);
    if (!record || record.clientId !== app.clientId) throw invalidGrant("Invalid authorization code");
    if (record.expires <= Date.now()) throw invalidGrant("Authorization code expired");
    if (record.redirectUri !== p.redirect_uri) throw invalidGrant("redirect_uri does not match the one of the authorization request");
    if (p.client_secret !== undefined && p.client_secret !== app.clientSecret) throw invalidClient("Invalid client_secret");
    if (record.challenge !== undefined) {
      if (!p.code_verifier) throw invalidRequest("code_verifier not specified");
      const derived = record.method === "plain" ? p.code_verifier : s256(p.code_verifier);
      if (derived !== record.challenge) throw invalidGrant("Invalid code_verifier");
    }
    return this.userTokens(app.clientId, record.username, ssl, record.refreshMinutes);
  }

  private refresh(app: FixtureApp, grant: GrantType, p: { refresh_token?: string; redirect_uri?: string }, ssl: boolean): TokenAnswer {
    if (!p.refresh_token) throw invalidRequest("refresh_token not specified");
    if (grant === "exchange_refresh_token" && !p.redirect_uri) throw invalidRequest("redirect_uri not specified");
    const record = this.refreshTokens.get(p.refresh_token);
    if (!record || record.revoked || record.clientId !== app.clientId) throw invalidGrant("Invalid refresh_token");
    if (record.expires <= Date.now()) throw new OAuthError(498, "invalid_token", "refresh_token expired");
    const user = this.directory.users.get(record.username);
    if (!user || user.disabled) throw invalidGrant("Invalid refresh_token");
    if (grant === "exchange_refresh_token") {
      this.revoke(p.refresh_token, app.clientId);
      return this.userTokens(app.clientId, record.username, ssl);
    }
    const seconds = this.lifetimes.accessSeconds;
    const token = this.directory.issueToken(record.username, seconds * 1000, { clientId: app.clientId, family: p.refresh_token });
    return { access_token: token, expires_in: seconds, username: record.username, ssl };
  }

  /** An access token and a refresh token for a signed-in user. */
  private userTokens(clientId: string, username: string, ssl: boolean, refreshMinutes?: number): TokenAnswer {
    const refreshSeconds = Math.min(this.lifetimes.refreshSeconds, refreshMinutes !== undefined && refreshMinutes > 0 ? refreshMinutes * 60 : Infinity);
    const refreshToken = secret();
    this.refreshTokens.set(refreshToken, { clientId, username, expires: Date.now() + refreshSeconds * 1000, revoked: false });
    const seconds = this.lifetimes.accessSeconds;
    const token = this.directory.issueToken(username, seconds * 1000, { clientId, family: refreshToken });
    return { access_token: token, expires_in: seconds, username, ssl, refresh_token: refreshToken, refresh_token_expires_in: Math.round(refreshSeconds) };
  }

  /**
   * REST "Revoke Token": a refresh token (and every access token issued from it) or a user access
   * token of this app. Unknown, expired or another app's tokens are left alone; the answer is the same.
   */
  revoke(token: string, clientId: string): void {
    const record = this.refreshTokens.get(token);
    if (record && record.clientId === clientId) {
      record.revoked = true;
      this.directory.revokeFamily(token);
      this.revocations++;
      return;
    }
    if (this.directory.revokeAccessToken(token, clientId)) this.revocations++;
  }

  /** Control plane: revoke every refresh token (of one user when given); returns how many. */
  revokeAll(username?: string): number {
    let n = 0;
    for (const [token, r] of this.refreshTokens) {
      if (r.revoked || (username !== undefined && r.username !== username)) continue;
      r.revoked = true;
      this.directory.revokeFamily(token);
      n++;
    }
    this.revocations += n;
    return n;
  }

  /** Control plane: what a test reads (never a token). */
  stats() {
    const live = [...this.refreshTokens.values()].filter((r) => !r.revoked && r.expires > Date.now()).length;
    return { lifetimes: this.lifetimes, grants: { ...this.grants }, revocations: this.revocations, liveRefreshTokens: live, apps: [...this.apps.values()].map((a) => ({ clientId: a.clientId, orgId: a.orgId, owner: a.owner, redirectUris: a.redirectUris, confidential: a.clientSecret !== undefined })) };
  }
}
