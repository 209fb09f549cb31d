// The control plane's OAuth part (under /__emulator/oauth): token lifetimes per run, the count of
// tokens granted per grant type (a test reads how often a client renewed its token), and
// revocation of every refresh token (of one user). Never answers a token.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Emu } from "../context";
import { badRequest } from "../errors";
import type { Lifetimes } from "../models/oauth";

type Body = Record<string, unknown>;
const body = (req: FastifyRequest): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

const LIFETIME_KEYS: ReadonlyArray<keyof Lifetimes> = ["accessSeconds", "refreshSeconds", "appSeconds", "codeSeconds"];

export function oauthControlRoutes(app: FastifyInstance, emu: Emu): void {
  app.get("/oauth", async () => emu.portal.oauth.stats());
  // {accessSeconds?, refreshSeconds?, appSeconds?, codeSeconds?}: lifetimes of the tokens issued from now on (reset restores the defaults)
  app.post("/oauth/lifetimes", async (req) => {
    const b = body(req);
    const next = { ...emu.portal.oauth.lifetimes };
    for (const key of LIFETIME_KEYS) {
      if (b[key] === undefined) continue;
      if (typeof b[key] !== "number" || !(Number(b[key]) > 0)) throw badRequest(`${key} must be a positive number of seconds.`);
      next[key] = b[key] as number;
    }
    emu.portal.oauth.lifetimes = next;
    return { success: true, lifetimes: next };
  });
  // {clientId, clientSecret?, owner, redirectUris, privileges?, title?}: registers an app (until the next reset)
  app.post("/oauth/apps", async (req) => {
    const b = body(req);
    if (typeof b.clientId !== "string" || b.clientId === "") throw badRequest("clientId must be a non-empty string.");
    if (typeof b.owner !== "string") throw badRequest("owner must be a username.");
    if (!Array.isArray(b.redirectUris) || b.redirectUris.some((u) => typeof u !== "string")) throw badRequest("redirectUris must be an array of URIs.");
    if (b.clientSecret !== undefined && typeof b.clientSecret !== "string") throw badRequest("clientSecret must be a string.");
    emu.portal.oauth.registerApp({ clientId: b.clientId, clientSecret: b.clientSecret as string | undefined, owner: b.owner, redirectUris: b.redirectUris as string[], privileges: strings(b.privileges, "privileges"), title: typeof b.title === "string" ? b.title : undefined });
    return { success: true, clientId: b.clientId };
  });
  // {key, owner, privileges?, title?}: an API key (until the next reset)
  app.post("/oauth/apiKeys", async (req) => {
    const b = body(req);
    if (typeof b.key !== "string" || b.key.length < 8) throw badRequest("key must be a string of at least 8 characters.");
    if (typeof b.owner !== "string") throw badRequest("owner must be a username.");
    emu.portal.oauth.registerApiKey({ key: b.key, owner: b.owner, privileges: strings(b.privileges, "privileges"), title: typeof b.title === "string" ? b.title : undefined });
    return { success: true };
  });
  // {username?}: every access token issued from a refresh token (of that user) expires now: the next request meets a 498
  app.post("/oauth/expireAccessTokens", async (req) => {
    const username = body(req).username;
    if (username !== undefined && typeof username !== "string") throw badRequest("username must be a string.");
    return { success: true, expired: emu.portal.directory.expireAccessTokens(username) };
  });
  // {username?}: revokes every live refresh token (of that user) and the access tokens issued from them
  app.post("/oauth/revoke", async (req) => {
    const username = body(req).username;
    if (username !== undefined && typeof username !== "string") throw badRequest("username must be a string.");
    return { success: true, revoked: emu.portal.oauth.revokeAll(username) };
  });
}

function strings(v: unknown, name: string): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw badRequest(`${name} must be an array of strings.`);
  return v as string[];
}
