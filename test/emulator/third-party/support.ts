// Helpers for the arcgis-rest-js compatibility tests: an emulator on port 0, a log of what
// arcgis-rest-js put on the wire (method, URL, headers, body fields), and typed error catching.
import { startEmulator, type RunningEmulator, type EmulatorOptions } from "../../../emulator/index";
import { ApiKeyManager, ArcGISRequestError, request } from "@esri/arcgis-rest-request";

export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  /** Fields of a form-urlencoded body or a multipart body (files as their File). */
  form?: Map<string, string | File>;
  contentType: string;
}

/** Every request arcgis-rest-js sends (it calls globalThis.fetch) is logged here while an emulator runs. */
export const wire: Sent[] = [];

const realFetch = globalThis.fetch;
async function recordingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const contentType = req.headers.get("content-type") ?? "";
  let form: Map<string, string | File> | undefined;
  if (req.method === "POST" && /multipart\/form-data|x-www-form-urlencoded/.test(contentType)) {
    const fd = await req.clone().formData();
    form = new Map();
    for (const [k, v] of fd.entries()) form.set(k, v);
  }
  wire.push({ method: req.method, url: new URL(req.url), headers: req.headers, form, contentType });
  return realFetch(req);
}

/** The last request sent to a URL whose path ends with `pathEnd`. */
export function lastSent(pathEnd: string): Sent {
  const hit = [...wire].reverse().find((s) => s.url.pathname.endsWith(pathEnd));
  if (!hit) throw new Error(`nothing was sent to …${pathEnd}; sent: ${wire.map((s) => s.url.pathname).join(", ")}`);
  return hit;
}

/** A field as arcgis-rest-js sent it: body for POST, query string for GET. */
export function sentField(s: Sent, name: string): string | undefined {
  if (s.method === "GET") return s.url.searchParams.get(name) ?? undefined;
  const v = s.form?.get(name) ?? s.url.searchParams.get(name) ?? undefined;
  return typeof v === "string" || v === undefined ? v : `[file ${v.name}]`;
}

/** Starts the emulator and logs arcgis-rest-js's requests until `stop`. */
export async function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  wire.length = 0;
  globalThis.fetch = recordingFetch;
  return startEmulator({ port: 0, jobDelayMs: 1, ...options });
}

export async function stop(emu: RunningEmulator | undefined): Promise<void> {
  globalThis.fetch = realFetch;
  await emu?.close();
}

/**
 * Request options for a fixture user: an ApiKeyManager and the emulator's sharing root. ApiKeyManager
 * ignores its own `portal` option (it always says www.arcgis.com), so `portal` rides in each request.
 */
export function as(emu: RunningEmulator, username: string): { authentication: ApiKeyManager; portal: string; owner: string } {
  return { authentication: new ApiKeyManager({ key: emu.tokens[username], username }), portal: emu.sharingUrl, owner: username };
}

/** The rejection of `p`; fails the test when `p` resolves. */
export async function rejection<T = ArcGISRequestError>(p: Promise<unknown>): Promise<T> {
  try {
    const v = await p;
    throw new Error(`expected a rejection, got ${JSON.stringify(v).slice(0, 300)}`);
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("expected a rejection")) throw e;
    return e as T;
  }
}

/** Polls `read` until `done` holds (jobs run on their own in the emulator, quickly). */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 500; i++) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`gave up waiting for ${what}; last answer ${JSON.stringify(last)}`);
}

/** The emulator's control plane (no auth), e.g. org flags of spec.md#status-transitions. */
export async function control(emu: RunningEmulator, path: string, body: unknown): Promise<any> {
  const res = await realFetch(`${emu.controlUrl}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return res.json();
}

export { request };
