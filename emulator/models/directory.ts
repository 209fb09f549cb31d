// Organizations, users and tokens (spec.md#authentication; spec.md#gap-generate-token). One table of orgs and
// users built from the fixtures; tokens are fixed (fixtures) or issued by generateToken.
import { randomBytes } from "node:crypto";
import type { AppIdentity, EmulatorOrg, EmulatorUser, Caller } from "../host";
import type { Fixtures, ClassificationSchema } from "../fixtures";
import { privilegesOf, PRIVILEGES } from "./privileges";
import { EmulatorError, invalidToken, badRequest } from "../errors";

interface TokenRecord {
  username: string;
  /** Epoch ms; undefined for fixture tokens. */
  expires?: number;
  /** The OAuth app the token was issued to (oauth.ts). */
  clientId?: string;
  /** The refresh token it was issued from: revoking that revokes this. */
  family?: string;
  /** An app token or API key: acts for no user, with these privileges only. */
  app?: AppIdentity;
}

export interface OrgRecord extends EmulatorOrg {
  classificationSchema?: ClassificationSchema;
}

export class Directory {
  readonly orgs = new Map<string, OrgRecord>();
  readonly users = new Map<string, EmulatorUser & { password?: string }>();
  private readonly tokens = new Map<string, TokenRecord>();
  /** username → fixed fixture token. */
  readonly fixtureTokens: Record<string, string> = {};

  constructor(fixtures: Fixtures) {
    for (const o of fixtures.orgs) {
      this.orgs.set(o.id, { id: o.id, name: o.name, urlKey: o.urlKey, public: o.public ?? false, identityVerified: o.identityVerified ?? false, classificationSchema: o.classificationSchema });
      for (const u of o.users) {
        this.users.set(u.username, { username: u.username, orgId: o.id, role: u.role, privileges: privilegesOf(u.role, u.privileges), disabled: u.disabled, password: u.password, ...(u.userType ? { userType: u.userType } : {}) });
        const token = u.token ?? `tok-${u.username}`;
        this.tokens.set(token, { username: u.username });
        this.fixtureTokens[u.username] = token;
      }
    }
  }

  org(id: string): OrgRecord | undefined {
    return this.orgs.get(id);
  }

  callerOf(token: string): Caller {
    const record = this.tokens.get(token);
    if (!record || (record.expires !== undefined && record.expires <= Date.now())) throw invalidToken();
    const user = this.users.get(record.username);
    if (!user || user.disabled) throw invalidToken();
    const org = this.orgs.get(user.orgId)!;
    if (!record.app) return { user, org };
    // an app token or API key is no user: its "user" is counted as the owner's but holds only the
    // privileges it was given (and of those, only what its owner holds)
    const privileges = record.app.privileges.filter((p) => this.hasPrivilege(user, p));
    return { user: { username: user.username, orgId: user.orgId, role: "app", privileges }, org, app: record.app };
  }

  /** An access token for `username` living `ms` (OAuth grants: oauth.ts). */
  issueToken(username: string, ms: number, from: { clientId?: string; family?: string } = {}): string {
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, { username, expires: Date.now() + ms, ...from });
    return token;
  }

  /** An app token (client_credentials) or an API key (no expiry unless given). */
  addAppToken(token: string, owner: string, app: AppIdentity, expires?: number): string {
    this.tokens.set(token, { username: owner, expires, app, clientId: app.kind === "app" ? app.id : undefined });
    return token;
  }

  /** Control plane: every OAuth access token (of one user) expires now; refresh tokens stay. Returns how many. */
  expireAccessTokens(username?: string): number {
    let n = 0;
    for (const r of this.tokens.values()) {
      if (r.family === undefined || (username !== undefined && r.username !== username)) continue;
      r.expires = Date.now() - 1;
      n++;
    }
    return n;
  }

  /** Revokes every access token issued from a refresh token. */
  revokeFamily(refreshToken: string): void {
    for (const [t, r] of this.tokens) if (r.family === refreshToken) this.tokens.delete(t);
  }

  /** Revokes a user's access token issued to `clientId` (not app tokens: REST "Revoke Token" leaves those). */
  revokeAccessToken(token: string, clientId: string): boolean {
    const r = this.tokens.get(token);
    if (!r || r.app || r.clientId === undefined || r.clientId !== clientId) return false;
    return this.tokens.delete(token);
  }

  /** spec.md#gap-generate-token generateToken: username + password → a token that expires after `expirationMinutes`. */
  generateToken(username: string, password: string, expirationMinutes: number): { token: string; expires: number } {
    const user = this.users.get(username);
    if (!user || user.disabled || user.password === undefined || user.password !== password) {
      throw new EmulatorError(400, "Unable to generate token.", undefined, ["Invalid username or password."]);
    }
    if (!Number.isFinite(expirationMinutes) || expirationMinutes <= 0) throw badRequest("expiration must be a positive number of minutes.");
    const token = randomBytes(24).toString("base64url");
    const expires = Date.now() + expirationMinutes * 60_000;
    this.tokens.set(token, { username, expires });
    return { token, expires };
  }

  /** Control plane: the token expires now (fixture tokens too). */
  expireToken(token: string): boolean {
    const record = this.tokens.get(token);
    if (!record) return false;
    record.expires = Date.now() - 1;
    return true;
  }

  /** The built-in administrator (a custom administrative role has a roleId, as arcgis-rest-js isOrgAdmin reads it). */
  isOrgAdmin(user: EmulatorUser): boolean {
    return user.role === "org_admin" && user.roleId === undefined;
  }

  /** Part 5: "the default administrator role or a custom role with the needed privilege". */
  hasPrivilege(user: EmulatorUser, privilege: string): boolean {
    return this.isOrgAdmin(user) || user.privileges.includes(privilege);
  }

  /** Administrator over the given org's content (role admin, or the item-admin privilege). */
  administers(user: EmulatorUser, orgId: string): boolean {
    return user.orgId === orgId && this.hasPrivilege(user, PRIVILEGES.manageItems);
  }
}
