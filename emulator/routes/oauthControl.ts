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
