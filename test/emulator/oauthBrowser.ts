// The browser's part of an OAuth sign-in against the emulator, played over HTTP: GET the
// oauth2/authorize page, POST its form with a user's answer, and return where the portal sends the
// browser (the redirect's Location), or the code it shows for the out-of-band redirect.
import { strict as assert } from "node:assert";

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));

/** POSTs the sign-in form of `authorizeUrl`; returns the raw answer. */
export async function submitSignIn(authorizeUrl: string, username: string, password: string, consent = "allow"): Promise<Response> {
  const page = await fetch(authorizeUrl);
  const form = await page.text();
  assert.equal(page.status, 200, form);
  assert.match(form, /<form id="signin" method="post"/);
  const fields = new URLSearchParams();
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(m[1], unescape(m[2]));
  fields.set("username", username);
  fields.set("password", password);
  fields.set("consent", consent);
  return fetch(new URL("authorize", authorizeUrl.split("?")[0]), { method: "POST", body: fields, redirect: "manual" });
}

/** Signs in and returns the redirect's Location (with `code` or `error`). */
export async function playBrowser(authorizeUrl: string, username: string, password: string, consent = "allow"): Promise<string> {
  const answer = await submitSignIn(authorizeUrl, username, password, consent);
  assert.equal(answer.status, 302, await answer.clone().text());
  return answer.headers.get("location")!;
}

/** Signs in with the out-of-band redirect and returns the code the approval page shows. */
export async function oobCode(authorizeUrl: string, username: string, password: string): Promise<string> {
  const location = await playBrowser(authorizeUrl, username, password);
  assert.match(location, /\/oauth2\/approval\?code=/);
  const page = await (await fetch(location)).text();
  const code = /<code id="code">([^<]+)<\/code>/.exec(page)?.[1];
  assert.ok(code, page);
  return unescape(code);
}

/** Signs in and follows the redirect to its target (the login command's loopback listener); returns the target's page. */
export async function signInThrough(authorizeUrl: string, username: string, password: string): Promise<string> {
  const location = await playBrowser(authorizeUrl, username, password);
  const landed = await fetch(location);
  return landed.text();
}
