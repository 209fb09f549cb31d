// Authentication (spec.md#design-credentials; spec.md#authentication; spec.md#gap-generate-token generateToken): a static token, or a
// username + password exchanged for a token that is refreshed before it expires and once when the
// portal answers 498. Concurrent refreshes are shared as one promise, so N requests that all see
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

/** `portal:username` + `portal:password` → generateToken. */
export class CredentialsTokenSource implements TokenSource {
  private current?: TokenResponse;
  private issuedAt = 0;
  private inflight?: Promise<TokenResponse>;
  private readonly marginMs: number;
  private readonly now: () => number;

  constructor(
    readonly username: string,
    private readonly password: string,
    private readonly generate: GenerateToken,
    options: CredentialsOptions = {},
  ) {
    registerSecret(password);
    this.marginMs = options.refreshBeforeExpiryMs ?? 60_000;
    this.now = options.now ?? Date.now;
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
        const t = await this.generate(this.username, this.password);
        if (typeof t?.token !== "string" || t.token === "") {
          throw new AuthError({ code: 498, message: `generateToken for ${this.username} returned no token`, operation: "generateToken" });
        }
        registerSecret(t.token);
        this.current = t;
        this.issuedAt = issuedAt;
        return t;
      } finally {
        this.inflight = undefined;
      }
    })();
    return this.inflight;
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

export type Credentials = { token: string } | { username: string; password: string };

/** The token source of a client: a static token, credentials, a custom source, or anonymous. */
export function tokenSourceFor(auth: Credentials | TokenSource | undefined, generate: GenerateToken, now: () => number): TokenSource {
  if (auth === undefined) return new AnonymousSource();
  if ("token" in auth && typeof auth.token === "string") return new StaticTokenSource(auth.token);
  if ("username" in auth && "password" in auth && typeof auth.password === "string") {
    return new CredentialsTokenSource(auth.username as string, auth.password, generate, { now });
  }
  return auth as TokenSource;
}
