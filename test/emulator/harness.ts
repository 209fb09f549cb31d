// Test harness: starts the emulator on port 0 and sends operations over real HTTP.
import * as fs from "node:fs";
import { startEmulator, type RunningEmulator, type EmulatorOptions } from "../../emulator/index";

export type Fields = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  token?: string;
  method?: "GET" | "POST";
  /** Multipart file fields: name → { path } or { data, filename }. */
  files?: Record<string, { path?: string; data?: Buffer; filename: string }>;
  headers?: Record<string, string>;
}

export class Harness {
  constructor(readonly emu: RunningEmulator) {}

  static async start(options: EmulatorOptions = {}): Promise<Harness> {
    return new Harness(await startEmulator(options));
  }

  token(user: string): string {
    return this.emu.tokens[user];
  }

  /** POST form (or multipart with files) to {sharingUrl}/<path>; returns the parsed JSON body. */
  async call(path: string, fields: Fields = {}, opts: CallOptions = {}): Promise<any> {
    const res = await this.raw(path, fields, opts);
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`non-JSON answer from ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
  }

  async raw(path: string, fields: Fields = {}, opts: CallOptions = {}): Promise<Response> {
    const all: Fields = { f: "json", ...fields };
    if (opts.token) all.token = opts.token;
    const url = path.startsWith("http") ? path : `${this.emu.sharingUrl}/${path}`;
    if (opts.method === "GET") {
      const qs = new URLSearchParams(Object.entries(all).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)] as [string, string]));
      return fetch(`${url}?${qs}`, { headers: opts.headers });
    }
    if (opts.files) {
      const form = new FormData();
      for (const [k, v] of Object.entries(all)) if (v !== undefined) form.append(k, String(v));
      for (const [k, f] of Object.entries(opts.files)) {
        const blob = f.path ? await fs.openAsBlob(f.path) : new Blob([f.data!]);
        form.append(k, blob, f.filename);
      }
      return fetch(url, { method: "POST", body: form, headers: opts.headers });
    }
    const body = new URLSearchParams(Object.entries(all).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)] as [string, string]));
    return fetch(url, { method: "POST", body, headers: opts.headers });
  }

  async control(path: string, body?: unknown, method = "POST"): Promise<any> {
    const res = await fetch(`${this.emu.controlUrl}/${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  }

  /** Adds a text item owned by `user` and returns its id. */
  async addItem(user: string, fields: Fields = {}): Promise<string> {
    const r = await this.call(`content/users/${user}/addItem`, { title: "Item", type: "Web Map", text: "{}", ...fields }, { token: this.token(user) });
    if (!r.success) throw new Error(`addItem failed: ${JSON.stringify(r)}`);
    return r.id;
  }

  async close(): Promise<void> {
    await this.emu.close();
  }
}

/** Polls `check` until it returns a value (jobs run in auto mode with a short delay). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, attempts = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}
