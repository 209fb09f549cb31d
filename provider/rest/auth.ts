// Authentication (spec.md#design-credentials; spec.md#authentication; spec.md#gap-generate-token generateToken): a static token or
// API key, or a token issued from username + password (generateToken), a refresh token or app
// credentials (oauth2/token), renewed before it expires and once when the portal answers 498. Concurrent refreshes are shared as one promise, so N requests that all see
// 498 at once cause one generateToken call.
import { AuthError } from "./errors";
import { registerSecret } from "./redact";

export interface TokenResponse {
  token: string;
  /** Epoch milliseconds. */
  expires: number;
  ssl?: boolean;
}

/** Calls generateToken; supplied by the client (an unauthenticated POST). */
export type GenerateToken = (username: string, password: string) => Promise<TokenResponse>;

export interface TokenSource {
  /** The token to send now (refreshing first when it is about to expire). */
  token(): Promise<string>;
  /**
   * Called after the portal refused `rejected` with 498. Returns true when a fresh token is ready
   * (the caller then repeats the request once), false when this source cannot refresh.
   */
  refresh(rejected: string): Promise<boolean>;
  /** The username, when known from the configuration. */
  readonly username?: string;
}

/** `portal:token`: sent as is; a 498 cannot be repaired. */
export class StaticTokenSource implements TokenSource {
  constructor(private readonly value: string) {
    registerSecret(value);
  }
  async token(): Promise<string> {
    return this.value;
  }
  async refresh(): Promise<boolean> {
    return false;
  }
}

export interface CredentialsOptions {
  /** Refresh this long before `expires` (capped at half the token's lifetime). Default 60 s. */
  refreshBeforeExpiryMs?: number;
  now?: () => number;
}

/** How a renewing source gets a token: generateToken, or oauth2/token with a grant. */
export type IssueToken = () => Promise<TokenResponse>;

/**
 * A token that is issued again before it expires, and once when the portal answers 498: username +
 * password (generateToken), a refresh token (oauth2/token `grant_type=refresh_token`) or app
 * credentials (`grant_type=client_credentials`). `renewals` counts the tokens issued after the first.
 */
export class RenewingTokenSource implements TokenSource {
  private current?: TokenResponse;
  private issuedAt = 0;
  private inflight?: Promise<TokenResponse>;
  private readonly marginMs: number;
  private readonly now: () => number;
  private issued = 0;

  constructor(
    /** What the tokens are issued from, for messages: "generateToken for alice", "portal:refreshToken". */
    private readonly label: string,
    private readonly issue: IssueToken,
    options: CredentialsOptions & { username?: string; onRenewed?: (renewals: number) => void } = {},
  ) {
    this.marginMs = options.refreshBeforeExpiryMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.username = options.username;
    this.onRenewed = options.onRenewed;
  }

  readonly username?: string;
  private readonly onRenewed?: (renewals: number) => void;

  /** Tokens issued after the first one (a renewal before expiry, or after a 498). */
  get renewals(): number {
    return Math.max(0, this.issued - 1);
  }

  async token(): Promise<string> {
    if (this.current === undefined || this.expiresSoon(this.current)) return (await this.renew()).token;
    return this.current.token;
  }

  async refresh(rejected: string): Promise<boolean> {
    // another request already replaced the rejected token: use the new one
    if (this.current !== undefined && this.current.token !== rejected) return true;
    await this.renew();
    return true;
  }

  private expiresSoon(t: TokenResponse): boolean {
    const margin = Math.min(this.marginMs, (t.expires - this.issuedAt) / 2);
    return this.now() >= t.expires - margin;
  }

  private renew(): Promise<TokenResponse> {
    if (this.inflight) return this.inflight;
    this.inflight = (async () => {
      try {
        const issuedAt = this.now();
        const t = await this.issue();
        if (typeof t?.token !== "string" || t.token === "") {
          throw new AuthError({ code: 498, message: `${this.label} returned no token`, operation: "token" });
        }
        registerSecret(t.token);
        this.current = t;
        this.issuedAt = issuedAt;
        this.issued++;
        if (this.issued > 1) this.onRenewed?.(this.renewals);
        return t;
      } finally {
        this.inflight = undefined;
      }
    })();
    return this.inflight;
  }
}

/** `portal:username` + `portal:password` → generateToken. */
export class CredentialsTokenSource extends RenewingTokenSource {
  constructor(username: string, password: string, generate: GenerateToken, options: CredentialsOptions = {}) {
    registerSecret(password);
    super(`generateToken for ${username}`, () => generate(username, password), { ...options, username });
  }
}

/** No credentials at all (generateToken itself, anonymous reads). */
export class AnonymousSource implements TokenSource {
  async token(): Promise<string> {
    return "";
  }
  async refresh(): Promise<boolean> {
    return false;
  }
}

/** The kinds of credential a configuration can hold (exactly one at a time; config.ts). */
export type Credentials =
  | { token: string }
  | { username: string; password: string }
  | { refreshToken: string; clientId: string }
  | { clientId: string; clientSecret: string }
  | { apiKey: string };

export type CredentialKind = "token" | "password" | "refreshToken" | "appCredentials" | "apiKey";

/** Which kind `auth` is (undefined: anonymous or a custom TokenSource). */
export function credentialKind(auth: Credentials | TokenSource | undefined): CredentialKind | undefined {
  if (auth === undefined || typeof (auth as TokenSource).token === "function") return undefined;
  if ("apiKey" in auth) return "apiKey";
  if ("refreshToken" in auth) return "refreshToken";
  if ("clientSecret" in auth) return "appCredentials";
  if ("password" in auth) return "password";
  return "token";
}

/** The token requests a client can make for its sources (unauthenticated POSTs). */
export interface TokenIssuers {
  generate: GenerateToken;
  /** POST oauth2/token with these parameters → `{access_token, expires_in}` as a TokenResponse. */
  oauth: (params: Record<string, string>) => Promise<TokenResponse>;
  onRenewed?: (renewals: number, kind: CredentialKind) => void;
}

/** The token source of a client: a static token or API key, a renewing source, a custom source, or anonymous. */
export function tokenSourceFor(auth: Credentials | TokenSource | undefined, issuers: TokenIssuers, now: () => number): TokenSource {
  const kind = credentialKind(auth);
  if (kind === undefined) return (auth as TokenSource | undefined) ?? new AnonymousSource();
  const onRenewed = issuers.onRenewed && ((n: number) => issuers.onRenewed!(n, kind));
  const a = auth as Record<string, string>;
  switch (kind) {
    case "token":
      return new StaticTokenSource(a.token);
    case "apiKey":
      // an API key is sent where a token goes (the `token` parameter or the X-Esri-Authorization header)
      return new StaticTokenSource(a.apiKey);
    case "password":
      return new CredentialsTokenSource(a.username, a.password, issuers.generate, { now });
    case "refreshToken":
      registerSecret(a.refreshToken);
      return new RenewingTokenSource("portal:refreshToken", () => issuers.oauth({ grant_type: "refresh_token", client_id: a.clientId, refresh_token: a.refreshToken }), { now, onRenewed });
    case "appCredentials":
      registerSecret(a.clientSecret);
      return new RenewingTokenSource("portal:clientSecret", () => issuers.oauth({ grant_type: "client_credentials", client_id: a.clientId, client_secret: a.clientSecret }), { now, onRenewed });
  }
}
