// The one request pipeline (spec.md#design-transport): undici with one keep-alive Agent per origin,
// f=json and the token in every POST body, the error envelope checked on every JSON answer, the
// retry policy for requests marked safe, one token refresh on 498. Dispatcher, clock, sleep and
// randomness are injectable so tests run fast against MockAgent or the emulator.
import { devNull } from "node:os";
import { ReadCache } from "./readCache";
import type { Readable } from "node:stream";
import type { Agent, Dispatcher } from "undici";
import { credentialKind, tokenSourceFor, type CredentialKind, type Credentials, type RenewingTokenSource, type TokenSource, type TokenResponse } from "./auth";
import { formUrlEncoded, multipartBody, type FilePart, type Params } from "./body";
import { AuthError, ConfigError, NetworkError, PortalError, withAuthHint } from "./errors";
import { redact } from "./redact";
import { parseResponse } from "./response";
import { fileNameOf, saveBody, type SavedBody, type SavedData } from "./download";
import { Pacer } from "./pacer";
import { RETRY_DEFAULTS, retryDelay, type RetryPolicy } from "./retry";
import { assertSecureUrl, joinUrl, toPortalUrl } from "./url";

export interface RequestOptions {
  /** Default POST (spec.md#conventions); reads (spec.md#gaps) use GET. */
  method?: "GET" | "POST";
  /** May the request be sent again after a network error, 5xx or 429? Default: true for GET only. */
  safeToRetry?: boolean;
  /** File parts: makes the body multipart/form-data (streamed from disk). */
  files?: Record<string, FilePart>;
  /** Return the body bytes instead of parsed JSON (item data). */
  raw?: boolean;
  /** Stream the body into this file instead (item data of any size); resolves to a SavedData. */
  saveTo?: string;
  /** Send the token? Default true (false for generateToken). */
  authenticate?: boolean;
  /**
   * The answer is a job/status document: a body with a `status` text and an `error` member is a
   * failed job (spec.md#gap-job-failures), returned for the poller, not thrown as an envelope.
   */
  jobDocument?: boolean;
  /** Stops the request (an upload in flight too) and any retry of it once aborted. */
  signal?: AbortSignal;
  /** This request's changes to the client's retry policy. */
  retry?: Partial<RetryPolicy>;
  /**
   * A read of a resource's state (an item, its data, a group, its users, a folder listing): the
   * same GET within READ_CACHE_MS shares one answer (read-cache.ts), until this client writes.
   * Never for polls (status, jobs), which must see each change. `"bulk"`: a listing whose answer
   * also serves single reads (readCache.ts `prime`), kept as long as those.
   * With `saveTo` only the null device: a download that keeps nothing but its size and SHA-256.
   */
  cache?: boolean | "bulk";
}

export type { Credentials };

/** A request about to be sent again: the operation, the attempt coming, the wait before it and why (redacted). */
export interface RetryNotice {
  operation: string;
  method: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface PortalClientOptions {
  /** `<portal>/sharing/rest` (see toSharingUrl). */
  sharingUrl: string;
  /** Root of the feature services, `{service_url}` of docs/spec.md. */
  serviceUrl?: string;
  /** A token, username + password, a TokenSource, or nothing (anonymous). */
  auth?: Credentials | TokenSource;
  /** Replaces the per-origin keep-alive agents (tests: undici MockAgent). */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Receives one line per request event; every line is redacted first. */
  logger?: (line: string) => void;
  /** Called before each repeat of a request (issue 28: the resource's row says what was retried and why). */
  onRetry?: (retry: RetryNotice) => void;
  /** Lifetime asked of generateToken, minutes. Default 60. */
  tokenExpirationMinutes?: number;
  /** Called each time a renewing credential (refresh token, app credentials, password) is issued a new token. */
  onTokenRenewed?: (renewals: number, kind: CredentialKind) => void;
  /** Called once when the services root was discovered from the portal (portal:serviceUrl unset): the root and the resource read. */
  onServiceRootDiscovered?: (root: string, from: string) => void;
}

/** `portals/self` as answered, before anyone reads it (ops/portal.ts `PortalSelf` names its fields). */
export type SelfDocument = { id?: unknown; currentVersion?: unknown; user?: { username?: unknown } | null; [key: string]: unknown };

export class PortalClient {
  readonly sharingUrl: string;
  readonly portalUrl: string;
  readonly serviceUrl?: string;
  readonly retryPolicy: RetryPolicy;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  private readonly auth: TokenSource;
  /** Origin → its Retry-After hold and the pacing learned from its 429s (pacer.ts). */
  private readonly pacers = new Map<string, Pacer>();
  private readonly agents = new Map<string, Agent>();
  private readonly random: () => number;
  private readonly logger?: (line: string) => void;
  private selfPromise?: Promise<SelfDocument>;
  /** Reads of resource state shared within a run (RequestOptions.cache). */
  private readonly reads: ReadCache;
  private writeCount = 0;
  /** Has the portal's host answered any request of this client (an HTTP answer of any status)? */
  private reached = false;

  constructor(private readonly options: PortalClientOptions) {
    this.sharingUrl = assertSecureUrl(options.sharingUrl, "portal:url").href.replace(/\/+$/, "");
    this.portalUrl = toPortalUrl(this.sharingUrl);
    if (options.serviceUrl !== undefined) this.serviceUrl = assertSecureUrl(options.serviceUrl, "portal:serviceUrl").href.replace(/\/+$/, "");
    this.retryPolicy = { ...RETRY_DEFAULTS, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.reads = new ReadCache(this.now);
    this.logger = options.logger;
    const minutes = options.tokenExpirationMinutes ?? 60;
    this.credentialKind = credentialKind(options.auth);
    const issuers = { generate: (u: string, p: string) => this.generateToken(u, p, minutes), oauth: (params: Record<string, string>) => this.oauthToken(params), onRenewed: options.onTokenRenewed };
    this.auth = tokenSourceFor(options.auth, issuers, this.now);
  }

  /** The kind of credential configured (undefined: anonymous or a custom token source). */
  readonly credentialKind?: CredentialKind;

  /** Tokens issued again so far (a refresh token's, app credentials', generateToken's): 0 for a static token or API key. */
  get tokenRenewals(): number {
    return (this.auth as Partial<RenewingTokenSource>).renewals ?? 0;
  }

  /** Username from the configuration, if credentials were given. */
  get configuredUsername(): string | undefined {
    return this.auth.username;
  }

  /**
   * Sends one REST operation. `path` is relative to the sharing root, or an absolute URL (feature
   * services). Returns the parsed JSON (or bytes with `raw`), or throws a PortalError subclass.
   */
  async request<T = any>(operation: string, path: string, params: Params = {}, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? "POST";
    if (method !== "GET") {
      this.writeCount++;
      this.reads.clear();
    } else if (options.cache && (options.saveTo === undefined || options.saveTo === devNull)) {
      return this.reads.get(this.readKey(path, params, options), () => this.request<T>(operation, path, params, { ...options, cache: false }), options.cache === "bulk");
    }
    const safe = options.safeToRetry ?? method === "GET";
    const url = /^https?:\/\//i.test(path) ? assertSecureUrl(path, "request URL").href : joinUrl(this.sharingUrl, path);
    let refreshed = false;
    let waited = 0;
    const origin = new URL(url).origin;
    let ownWait = false;
    for (let attempt = 0; ; ) {
      // a Retry-After seen by any request holds every request to that origin from this process (the
      // one that saw it has just waited it out); past a 429 the pacer keeps to the portal's limit
      const pacer = this.pacer(origin);
      const token = options.authenticate === false ? "" : await this.auth.token();
      const { start, waitedMs } = await pacer.take(this.sleep, ownWait);
      ownWait = false;
      waited += waitedMs;
      options.signal?.throwIfAborted();
      try {
        const answer = await this.send<T>(operation, method, url, params, token, options);
        pacer.answered(start);
        return answer;
      } catch (e) {
        if (e instanceof PortalError && e.code === 429) pacer.throttled(start);
        else if (e instanceof PortalError && !(e instanceof NetworkError)) pacer.answered(start);
        // the caller gave up on this request: it is not repeated
        if (options.signal?.aborted) throw e;
        // spec.md#authentication / spec.md#gap-token-errors 498: the request was refused before it ran, so repeating it is safe
        if (e instanceof AuthError && e.code === 498 && token !== "" && !refreshed) {
          refreshed = true;
          if (await this.auth.refresh(token)) {
            this.log(`REFRESH ${method} ${url} (${operation}) after 498`);
            continue;
          }
        }
        // until the portal has answered once, a refused connection or an unknown host is a wrong
        // portal:url (the preview's first read), not an outage: said at once, not sent again (issue 45)
        const policy = { ...this.retryPolicy, ...(this.reached ? {} : { retryUnreachable: false }), ...options.retry };
        const delay = retryDelay(e, attempt, safe, policy, this.random);
        if (delay === undefined) {
          const final = e instanceof AuthError ? withAuthHint(e) : e;
          // a user reading "failed (503)" should know the request was already retried
          if (attempt > 0 && final instanceof Error) final.message = `${final.message} (${operation}: gave up after ${attempt + 1} attempts and ${(waited / 1000).toFixed(1)} s of waiting)`;
          this.log(`FAIL ${method} ${url} (${operation}): ${final instanceof Error ? final.message : String(final)}`);
          throw final;
        }
        attempt++;
        waited += delay;
        if (e instanceof PortalError && e.retryAfterMs !== undefined) pacer.holdFor(delay);
        this.log(`RETRY ${method} ${url} (${operation}) #${attempt} in ${delay} ms after ${(e as PortalError).code}`);
        this.options.onRetry?.({ operation, method, attempt: attempt + 1, delayMs: delay, reason: redact(retryReason(e)) });
        await this.sleep(delay);
        ownWait = true;
      }
    }
  }

  /** The pacer of one origin, made on first use. */
  private pacer(origin: string): Pacer {
    let p = this.pacers.get(origin);
    // a monotonic clock unless a test sets one: a wall clock set back would hold every start
    if (p === undefined) this.pacers.set(origin, (p = new Pacer(this.options.now ?? (() => performance.now()))));
    return p;
  }

  /** The cache key of a GET: its URL and parameters (and how the answer is taken). */
  private readKey(path: string, params: Params, options: Pick<RequestOptions, "raw" | "saveTo">): string {
    const url = /^https?:\/\//i.test(path) ? path : joinUrl(this.sharingUrl, path);
    return `${options.raw ? "raw " : ""}${options.saveTo !== undefined ? "hashed " : ""}${url} ${JSON.stringify(params)}`;
  }

  /**
   * A bulk listing's answer to a single read (readCache.ts `prime`): the GET of `path` with
   * `params` is answered with `answer` until a write, as long as reads are shared at all.
   */
  primeRead(path: string, params: Params, answer: unknown): void {
    this.reads.prime(this.readKey(path, params, {}), answer);
  }

  /**
   * A run-scoped memo of a bulk read (readCache.ts): `load` runs once while its answer lives (as
   * long as a bulk answer; a write drops it), concurrent callers share it.
   */
  sharedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.reads.get(`memo ${key}`, load, true);
  }

  /** Whether reads are shared within the run at all (PORTAL_READ_CACHE_MS=0 turns that off): reading ahead only pays when they are. */
  get sharesReads(): boolean {
    return this.reads.enabled;
  }

  /** Bumped whenever the shared reads are dropped (a write, a new refresh): state kept beside them starts again. */
  get readGeneration(): number {
    return this.reads.generation;
  }

  /** Requests other than GET sent by this client so far (a write makes shared reads stale). */
  get writes(): number {
    return this.writeCount;
  }

  /** Drops the shared reads (readCache.ts): the next read of each resource asks the portal. */
  forgetReads(): void {
    this.reads.clear();
  }

  /** `portals/self` of the token's organization, cached per client (spec.md#gap-portal-self). */
  self(): Promise<SelfDocument> {
    this.selfPromise ??= this.request("portals/self", "portals/self", {}, { method: "GET" }).catch((e) => {
      this.selfPromise = undefined;
      throw e;
    });
    return this.selfPromise;
  }

  /** The organization id the token belongs to (the category-schema ops put it in their path). */
  async portalId(): Promise<string> {
    const self = await this.self();
    if (typeof self.id !== "string") throw new PortalError({ code: 500, message: "portals/self returned no id", operation: "portals/self" });
    return self.id;
  }

  /** The signed-in username: from portals/self, else from the configured credentials. */
  async username(): Promise<string> {
    const self = await this.self();
    const name = (typeof self.user === "object" && self.user !== null ? self.user.username : undefined) ?? this.auth.username;
    if (typeof name !== "string") throw new ConfigError("cannot tell the signed-in user: portals/self has no user", "portal:token");
    return name;
  }

  // --- the services root: portal:serviceUrl, else discovered once per client (ops/serviceRoot.ts) ---
  private discoveredRoot?: Promise<{ root: string; from: string }>;

  /**
   * portal:serviceUrl when set; else what `discover` finds (the root and the resource it read),
   * asked once per client and checked as portal:serviceUrl is (https, or http on a loopback host).
   * A ConfigError (the portal names no hosting server) is kept; any other failure is asked again next time.
   */
  async serviceRoot(discover: () => Promise<{ root: string; from: string }>): Promise<{ root: string; discoveredFrom?: string }> {
    if (this.serviceUrl !== undefined) return { root: this.serviceUrl };
    this.discoveredRoot ??= discover().then(
      ({ root, from }) => {
        const checked = assertSecureUrl(root, `the services root discovered from ${from}`).href.replace(/\/+$/, "");
        this.options.onServiceRootDiscovered?.(checked, from);
        return { root: checked, from };
      },
      (e) => {
        if (!(e instanceof ConfigError)) this.discoveredRoot = undefined;
        throw e;
      },
    );
    const { root, from } = await this.discoveredRoot;
    return { root, discoveredFrom: from };
  }
  // --- end of the services root ---

  /** Closes the keep-alive agents (idle sockets would otherwise linger until their timeout). */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((a) => a.close()));
  }

  private async send<T>(operation: string, method: string, url: string, params: Params, token: string, options: RequestOptions): Promise<T> {
    const target = new URL(url);
    const all: Params = { ...params, f: "json" };
    const headers: Record<string, string> = { "user-agent": "pulumi-gis-portal", referer: this.portalUrl };
    let body: string | Readable | undefined;
    if (method === "GET") {
      // reads: no token in the query string; the portal also accepts it as a header
      if (token !== "") headers["x-esri-authorization"] = `Bearer ${token}`;
      target.search = formUrlEncoded(all);
    } else {
      if (token !== "") all.token = token;
      if (options.files && Object.keys(options.files).length > 0) {
        const multipart = await multipartBody(all, options.files);
        body = multipart.stream();
        headers["content-type"] = multipart.contentType;
        headers["content-length"] = String(multipart.length);
      } else {
        body = formUrlEncoded(all);
        headers["content-type"] = "application/x-www-form-urlencoded";
      }
    }
    const dispatcher = this.options.dispatcher ?? this.agentFor(target.origin);
    this.log(`START ${method} ${url} (${operation})`);
    let res: Dispatcher.ResponseData;
    let bytes: Buffer;
    let saved: SavedBody | undefined;
    try {
      res = await dispatcher.request({ origin: target.origin, path: target.pathname + target.search, method: method as "GET" | "POST", headers, body, signal: options.signal });
      this.reached = true;
      if (options.saveTo !== undefined) saved = await saveBody(res.body, options.saveTo);
      bytes = saved ? saved.head : Buffer.from(await res.body.arrayBuffer());
    } catch (e) {
      if (e instanceof PortalError) throw e;
      throw new NetworkError(operation, e);
    }
    this.log(`END ${method} ${url} (${operation}) ${res.statusCode}`);
    if (saved) return this.savedResult(operation, res, saved) as T;
    return parseResponse<T>(operation, { status: res.statusCode, headers: res.headers, bytes }, options, this.now());
  }

  /** A download's answer: an error envelope or an HTTP error still throws; the data stays on disk. */
  private savedResult(operation: string, res: Dispatcher.ResponseData, saved: SavedBody): SavedData {
    if (saved.complete || res.statusCode >= 400) parseResponse(operation, { status: res.statusCode, headers: res.headers, bytes: saved.head }, { raw: true }, this.now());
    const type = res.headers["content-type"];
    return { bytes: saved.bytes, sha256: saved.sha256, contentType: typeof type === "string" ? type : undefined, fileName: fileNameOf(res.headers["content-disposition"]) };
  }

  private agentFor(origin: string): Agent {
    let agent = this.agents.get(origin);
    if (!agent) {
      // loaded at the first request, so importing the provider stays light (design: load fast)
      const Agent = undiciAgent();
      agent = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 16 });
      this.agents.set(origin, agent);
    }
    return agent;
  }

  /** spec.md#gap-generate-token generateToken: username, password, client=referer, referer, expiration (minutes). */
  generateToken(username: string, password: string, expirationMinutes = 60): Promise<TokenResponse> {
    const params = { username, password, client: "referer", referer: this.portalUrl, expiration: expirationMinutes };
    return this.request<TokenResponse>("generateToken", "generateToken", params, { authenticate: false, safeToRetry: true });
  }

  /**
   * POST oauth2/token (REST "Token": grant_type refresh_token or client_credentials) →
   * `{access_token, expires_in (s)}` as a TokenResponse. A refused grant is a ConfigError naming the
   * key to fix: the refresh token (sign in again) or the app's credentials.
   */
  async oauthToken(params: Record<string, string>): Promise<TokenResponse> {
    let answer: { access_token?: unknown; expires_in?: unknown; ssl?: unknown };
    try {
      answer = await this.request("oauth2/token", "oauth2/token", params, { authenticate: false, safeToRetry: true });
    } catch (e) {
      if (!(e instanceof PortalError) || e instanceof NetworkError || e.code >= 500 || e.code === 429) throw e;
      const why = e.message.split("\n")[0].replace(/^oauth2\/token(?: failed)? ?\(\d+\): /, "");
      if (params.grant_type === "refresh_token") {
        throw new ConfigError(
          `portal:refreshToken was refused by ${this.sharingUrl}/oauth2/token (${why}): it has expired or been revoked, or it belongs to another app than portal:clientId. Sign in again: npx pulumi-gis-portal login --url ${this.portalUrl} --client-id ${params.client_id}`,
          "portal:refreshToken",
        );
      }
      throw new ConfigError(`portal:clientId and portal:clientSecret were refused by ${this.sharingUrl}/oauth2/token (${why}); check the app's credentials in the portal (Content > the app's item > Settings)`, "portal:clientSecret");
    }
    const seconds = Number(answer.expires_in);
    if (typeof answer.access_token !== "string" || !Number.isFinite(seconds)) throw new PortalError({ code: 500, message: "oauth2/token answered without access_token and expires_in", operation: "oauth2/token" });
    return { token: answer.access_token, expires: this.now() + seconds * 1000, ssl: answer.ssl === true };
  }

  private log(line: string): void {
    this.logger?.(redact(line));
  }
}

/** undici's Agent, from the package's public entry point; required at the first request, so importing the provider stays light. */
export function undiciAgent(): typeof import("undici").Agent {
  return (require("undici") as typeof import("undici")).Agent;
}

/** Why a request is sent again, in a few words: "HTTP 503 Service Unavailable", "429 rate limited (Retry-After 2.0 s)", "connection reset". */
function retryReason(e: unknown): string {
  const first = (e instanceof Error ? e.message : String(e)).split("\n")[0];
  // the line already names the operation: "getItem failed (503): …" says it twice
  let text = first.replace(/^[\w/.-]+(?: failed)? ?\(\d+\): /, "").replace(/^[\w/.-]+: /, "").slice(0, 120);
  if (e instanceof PortalError) {
    if (typeof e.code === "number" && e.code > 0 && !text.includes(String(e.code))) text = `${e.code} ${text}`;
    if (e.retryAfterMs !== undefined) text += ` (Retry-After ${(e.retryAfterMs / 1000).toFixed(1)} s)`;
  }
  return text;
}
