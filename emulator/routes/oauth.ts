// REST "Authorize", "Token" and "Revoke Token" (oauth2/authorize, oauth2/token, oauth2/revokeToken):
// a plain HTML sign-in page a test drives with HTTP (GET the form, POST username, password and
// consent), the four grant types of the token endpoint, and revocation. The model is models/oauth.ts.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Emu } from "../context";
import { route, SENT, type RouteContext } from "../route";
import type { ReadRules } from "../params";
import { OAuthError, OOB_REDIRECT } from "../models/oauth";
import { renderJson } from "../render";

/** oauth2 endpoints read any f (a browser sends none) and ignore a text body. */
const OAUTH_READING: ReadRules = { format: "any", text: "ignored", multipart: "read" };

/** The authorize parameters a sign-in form carries through as hidden fields. */
const CARRIED = ["client_id", "response_type", "redirect_uri", "state", "code_challenge", "code_challenge_method", "expiration", "locale", "style"] as const;

export function oauthRoutes(app: FastifyInstance, emu: Emu): void {
  route(app, emu, emu.uploadDir, { url: "/oauth2/authorize", auth: "handler", reading: OAUTH_READING }, (ctx) => authorize(emu, ctx));
  route(app, emu, emu.uploadDir, { url: "/oauth2/approval", methods: ["GET"], auth: "handler", reading: OAUTH_READING }, ({ params, reply }) => {
    const code = params.str("code");
    if (!code) throw new OAuthError(400, "invalid_request", "code not specified");
    return codePage(reply, code);
  });
  route(app, emu, emu.uploadDir, { url: "/oauth2/token", auth: "handler", reading: OAUTH_READING }, ({ params, req, reply }) => {
    const f = params.fields;
    const answer = emu.portal.oauth.token(f, req.protocol === "https");
    return renderJson(reply, answer, f.f === "pjson");
  });
  route(app, emu, emu.uploadDir, { url: "/oauth2/revokeToken", methods: ["POST"], auth: "handler", reading: OAUTH_READING }, ({ params }) => {
    const token = params.str("auth_token");
    if (!token) throw new OAuthError(400, "invalid_request", "auth_token not specified");
    emu.portal.oauth.revoke(token, params.str("client_id") ?? "");
    return { success: true };
  });
}

function authorize(emu: Emu, { params, req, reply }: RouteContext): unknown {
  const oauth = emu.portal.oauth;
  const f = params.fields;
  // errors before the redirect URI is known good are answered here, never redirected (RFC 6749 4.1.2.1)
  const app = oauth.app(f.client_id);
  const redirectUri = f.redirect_uri;
  if (!redirectUri) throw new OAuthError(400, "invalid_request", "redirect_uri not specified");
  if (!oauth.redirectAllowed(app, redirectUri)) throw new OAuthError(400, "invalid_request", "Invalid redirect_uri");
  const responseType = f.response_type ?? "code";
  if (responseType !== "code" && responseType !== "token") return redirectError(reply, redirectUri, f.state, "unsupported_response_type", "response_type must be code or token");
  const method = f.code_challenge_method ?? (f.code_challenge ? "plain" : undefined);
  if (method !== undefined && method !== "S256" && method !== "plain") return redirectError(reply, redirectUri, f.state, "invalid_request", "code_challenge_method must be S256 or plain");
  if (req.method === "GET") return signInPage(reply, app.title ?? app.clientId, f);
  if (f.consent === "deny" || f.cancel !== undefined) return redirectError(reply, redirectUri, f.state, "access_denied", "The user denied your request.");
  const username = f.username ?? "";
  const user = emu.portal.directory.users.get(username);
  if (!user || user.disabled || user.password === undefined || user.password !== f.password) {
    return signInPage(reply, app.title ?? app.clientId, f, "Invalid username or password.", 200);
  }
  if (user.orgId !== app.orgId) return signInPage(reply, app.title ?? app.clientId, f, `${username} is not a member of the organization that registered this app.`, 200);
  if (responseType === "token") {
    const { token, expiresIn } = oauth.implicitToken(app.clientId, username);
    const fragment = new URLSearchParams({ access_token: token, expires_in: String(expiresIn), username, ssl: String(req.protocol === "https"), ...(f.state ? { state: f.state } : {}) });
    return redirect(reply, `${redirectUri}#${fragment}`);
  }
  const refreshMinutes = f.expiration ? Number(f.expiration) : undefined;
  const code = oauth.issueCode({
    clientId: app.clientId,
    redirectUri,
    username,
    challenge: f.code_challenge || undefined,
    method: f.code_challenge ? (method as "S256" | "plain") : undefined,
    refreshMinutes: refreshMinutes !== undefined && Number.isFinite(refreshMinutes) ? refreshMinutes : undefined,
  });
  // the out-of-band redirect goes to the portal's own approval page, which shows the code (and carries it in its URL)
  if (redirectUri === OOB_REDIRECT) return redirect(reply, `${req.protocol}://${req.headers.host}${req.url.split("?")[0].replace(/\/authorize\/?$/, "/approval")}?${new URLSearchParams({ code, ...(f.state ? { state: f.state } : {}) })}`);
  return redirect(reply, withQuery(redirectUri, { code, ...(f.state ? { state: f.state } : {}) }));
}

function withQuery(uri: string, q: Record<string, string>): string {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  return u.href;
}

function redirect(reply: FastifyReply, location: string): typeof SENT {
  void reply.code(302).header("location", location).header("cache-control", "no-store").send();
  return SENT;
}

function redirectError(reply: FastifyReply, redirectUri: string, state: string | undefined, error: string, description: string): typeof SENT {
  if (redirectUri === OOB_REDIRECT) throw new OAuthError(400, error, description);
  return redirect(reply, withQuery(redirectUri, { error, error_description: description, ...(state ? { state } : {}) }));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(reply: FastifyReply, title: string, body: string, status = 200): typeof SENT {
  void reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(`<!doctype html>\n<html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>\n${body}\n</body></html>\n`);
  return SENT;
}

/** The sign-in form: username, password, and the consent buttons; the authorize parameters ride along as hidden fields. */
function signInPage(reply: FastifyReply, appTitle: string, f: Record<string, string>, error?: string, status = 200): typeof SENT {
  const hidden = CARRIED.filter((k) => f[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(f[k])}">`)
    .join("\n");
  const username = f.username !== undefined ? ` value="${esc(f.username)}"` : "";
  return html(
    reply,
    "Sign in",
    `<h1>Sign in to continue to ${esc(appTitle)}</h1>
${error ? `<p id="error" role="alert">${esc(error)}</p>` : ""}
<form id="signin" method="post" action="authorize">
${hidden}
<label>Username <input type="text" name="username" autocomplete="username"${username}></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<p>${esc(appTitle)} will be able to act as you on this portal.</p>
<button type="submit" name="consent" value="allow">Sign In</button>
<button type="submit" name="consent" value="deny">Cancel</button>
</form>`,
    status,
  );
}

/** The out-of-band redirect: the code shown for the user to copy into the application. */
function codePage(reply: FastifyReply, code: string): typeof SENT {
  return html(reply, "Approval code", `<h1>Copy this code and paste it into the application</h1>\n<p><code id="code">${esc(code)}</code></p>`);
}
