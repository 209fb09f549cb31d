// `pulumi-gis-portal login --url <portal> --client-id <id> [--no-browser]`: signs a person in with
// the portal's own sign-in page (so SAML / SSO organizations work), using the authorization-code
// flow with PKCE, and stores portal:url, portal:clientId and the refresh token (a secret) in the
// current stack's config with `pulumi config set`. Prints who signed in and when the refresh token
// expires; never prints a token.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as readline from "node:readline";
import { parseArgs } from "node:util";
import { assertSecureUrl, redact, toPortalUrl, toSharingUrl } from "../provider";
import { authorizeUrl, exchangeCode, listenForRedirect, OOB_REDIRECT, pkcePair, whoSignedIn } from "./loginFlow";

export const LOGIN_HELP = `usage: pulumi-gis-portal login --url <portal> --client-id <app id> [--no-browser] [--stack <name>]

Signs you in to the portal with its own sign-in page (built-in accounts and SAML / SSO alike) and
stores in the current stack's config:
  portal:url            the portal
  portal:clientId       the app you signed in through
  portal:refreshToken   a refresh token, encrypted as a secret (pulumi config set --secret)
The provider then gets short-lived access tokens from the refresh token as it runs.

  --url URL          the portal: https://<org>.maps.arcgis.com, https://www.arcgis.com, or https://host/<web adaptor>
  --client-id ID     the client id of an app registered in the organization (docs/signing-in.md)
  --no-browser       headless: print the sign-in URL, then paste the code the portal shows
                     (redirect urn:ietf:wg:oauth:2.0:oob)
  --port N           the loopback port to listen on (default: a free port); the app's redirect URI
                     must allow http://127.0.0.1[:N]/callback
  --stack NAME       the stack to store the config in (default: the current stack)
  --expiration MIN   the refresh token's lifetime asked for, minutes (the organization may cap it)
  --timeout S        how long to wait for the sign-in, seconds (default 300)
`;

export interface LoginIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Opens the URL in a browser; false when none could be opened. */
  openBrowser: (url: string) => Promise<boolean>;
  /** One line typed (or piped) by the user. */
  readLine: (prompt: string) => Promise<string>;
  /** `pulumi config set [--secret] key` with the value on stdin. */
  setConfig: (key: string, value: string, o: { secret: boolean; stack?: string }) => Promise<void>;
  /** `pulumi stack --show-name`: the stack the config goes to; throws when there is none (not in a project, no stack selected). */
  currentStack: (stack?: string) => Promise<string>;
  /** `pulumi config get key`: undefined when not set. */
  getConfig: (key: string, stack?: string) => Promise<string | undefined>;
}

/** The keys of the other kinds of credential: set together with a refresh token, the preview fails. */
const OTHER_CREDENTIAL_KEYS = ["portal:token", "portal:username", "portal:password", "portal:clientSecret", "portal:apiKey"];

export async function loginCommand(args: string[], io: LoginIo = defaultIo()): Promise<number> {
  if (args.some((a) => a === "--help" || a === "-h")) {
    io.stdout(LOGIN_HELP);
    return 0;
  }
  let o: { url: string; clientId: string; noBrowser: boolean; port: number; stack?: string; expiration?: number; timeoutMs: number };
  try {
    o = options(args);
  } catch (e) {
    io.stderr(`pulumi-gis-portal login: ${(e as Error).message}\n${LOGIN_HELP.split("\n")[0]}\n`);
    return 2;
  }
  try {
    // before the browser: where the config will go (a sign-in that cannot be stored is wasted)
    const stack = await io.currentStack(o.stack);
    const sharingUrl = toSharingUrl(o.url);
    const portalUrl = toPortalUrl(sharingUrl);
    const pkce = pkcePair();
    const state = randomBytes(16).toString("base64url");
    let code: string;
    let redirectUri: string;
    if (o.noBrowser) {
      redirectUri = OOB_REDIRECT;
      const url = authorizeUrl(sharingUrl, { clientId: o.clientId, redirectUri, challenge: pkce.challenge, state, expirationMinutes: o.expiration });
      io.stdout(`Open this URL in a browser, sign in, and paste the code the portal shows:\n\n  ${url}\n\n`);
      code = (await io.readLine("Code: ")).trim();
      if (code === "") throw new Error("no code was pasted");
    } else {
      const loopback = await listenForRedirect(state, o.port, o.timeoutMs);
      try {
        redirectUri = loopback.redirectUri;
        const url = authorizeUrl(sharingUrl, { clientId: o.clientId, redirectUri, challenge: pkce.challenge, state, expirationMinutes: o.expiration });
        const opened = await io.openBrowser(url).catch(() => false);
        io.stdout(`${opened ? "Your browser has been opened to sign in. If it did not open, open" : "Open"} this URL in a browser on this machine:\n\n  ${url}\n\nWaiting for the sign-in (listening on ${redirectUri})…\n`);
        code = await loopback.code;
      } finally {
        loopback.close();
      }
    }
    const signedIn = await exchangeCode(sharingUrl, { clientId: o.clientId, code, redirectUri, verifier: pkce.verifier });
    const who = await whoSignedIn(sharingUrl, signedIn.accessToken).catch(() => ({}) as { username?: string; org?: string; urlKey?: string; orgUrl?: string });
    await io.setConfig("portal:url", portalUrl, { secret: false, stack: o.stack });
    await io.setConfig("portal:clientId", o.clientId, { secret: false, stack: o.stack });
    await io.setConfig("portal:refreshToken", signedIn.refreshToken, { secret: true, stack: o.stack });
    const username = who.username ?? signedIn.username;
    const expires = signedIn.refreshTokenExpires === undefined ? "when the organization's policy says (the portal did not say)" : `${new Date(signedIn.refreshTokenExpires).toISOString()} (in ${humanDuration(signedIn.refreshTokenExpires - Date.now())})`;
    io.stdout(
      `Signed in to ${who.org ? `${who.org} (${who.urlKey ? `urlKey ${who.urlKey}, ` : ""}${portalUrl})` : portalUrl} as ${username}.\n` +
        (who.orgUrl && who.orgUrl !== portalUrl ? `The organization's own URL is ${who.orgUrl}; portal:url keeps ${portalUrl}, which signs in to the same organization.\n` : "") +
        `Stored in the config of stack ${stack}: portal:url, portal:clientId, portal:refreshToken (secret).\n` +
        `The refresh token expires ${expires}; run this command again before then.\n`,
    );
    for (const key of OTHER_CREDENTIAL_KEYS) {
      if ((await io.getConfig(key, o.stack).catch(() => undefined)) !== undefined) {
        io.stderr(`note: ${key} is also set in this stack; a stack signs in with one kind of credential, so remove it: pulumi config rm ${key}\n`);
      }
    }
    return 0;
  } catch (e) {
    io.stderr(`pulumi-gis-portal login: ${redact((e as Error).message ?? String(e)).split("\n")[0]}\n`);
    return 1;
  }
}

function options(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { url: { type: "string" }, "client-id": { type: "string" }, "no-browser": { type: "boolean" }, port: { type: "string" }, stack: { type: "string" }, expiration: { type: "string" }, timeout: { type: "string" } },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (!values.url) throw new Error("--url is required: the portal's URL, such as https://myorg.maps.arcgis.com");
  assertSecureUrl(values.url, "--url");
  if (!values["client-id"]) throw new Error("--client-id is required: the client id of an app registered in the organization");
  const int = (name: string, v: string | undefined, min: number, max: number): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}; got ${v}`);
    return n;
  };
  return {
    url: values.url,
    clientId: values["client-id"],
    noBrowser: values["no-browser"] === true,
    port: int("port", values.port, 0, 65535) ?? 0,
    stack: values.stack,
    expiration: int("expiration", values.expiration, 1, 20160 * 26),
    timeoutMs: (int("timeout", values.timeout, 1, 3600) ?? 300) * 1000,
  };
}

function humanDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

/** The real terminal, browser and Pulumi CLI. */
export function defaultIo(): LoginIo {
  return {
    stdout: (s) => void process.stdout.write(s),
    stderr: (s) => void process.stderr.write(s),
    openBrowser,
    readLine: (prompt) =>
      new Promise((resolve) => {
        const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY === true });
        let answered = false;
        rl.question(prompt, (line) => {
          answered = true;
          rl.close();
          resolve(line);
        });
        rl.once("close", () => {
          if (!answered) resolve("");
        });
      }),
    setConfig: (key, value, o) => pulumi(["config", "set", ...(o.secret ? ["--secret"] : ["--plaintext"]), key, ...stackArgs(o.stack)], value).then(() => undefined),
    currentStack: async (stack) => {
      try {
        return await pulumi(["stack", "--show-name", ...stackArgs(stack)]);
      } catch (e) {
        throw new Error(`no stack to store the sign-in in: run this in the Pulumi project's directory with a stack selected (pulumi stack select <name>) or pass --stack <name> (${(e as Error).message.replace(/^pulumi stack --show-name failed: /, "")})`);
      }
    },
    getConfig: async (key, stack) => {
      try {
        return await pulumi(["config", "get", key, ...stackArgs(stack)]);
      } catch {
        return undefined;
      }
    },
  };
}

const stackArgs = (stack: string | undefined) => (stack ? ["--stack", stack] : []);

/** Runs `pulumi <args>` with `input` on stdin (a secret never goes on the command line, where a process list shows it). */
function pulumi(args: string[], input = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", [...args, "--non-interactive"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (e) => reject(new Error(`cannot run pulumi (${(e as NodeJS.ErrnoException).code ?? e.message}); install the Pulumi CLI and run this in the project's directory`)));
    child.on("close", (code) => (code === 0 ? resolve(out.replace(/\n$/, "")) : reject(new Error(`pulumi ${args.slice(0, 3).join(" ")} failed: ${redact(err.trim().split("\n")[0] ?? "")}`))));
    child.stdin.end(input);
  });
}

/** Opens a URL with the platform's opener; false when there is none (no display on Linux, a missing opener). */
async function openBrowser(url: string): Promise<boolean> {
  const [cmd, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", '""', url.replace(/&/g, "^&")]] : ["xdg-open", [url]];
  if (process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return false;
  return new Promise((resolve) => {
    try {
      const child = spawn(cmd as string, args as string[], { stdio: "ignore", detached: true });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
