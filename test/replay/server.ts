// The replay server: recorded portal answers (test/replay/fixtures, written from the shapes the
// public REST reference and the arcgis-rest-js test mocks record) served over real HTTP on
// 127.0.0.1 to the real PortalClient. A request gets the first fixture whose method and path
// pattern match (`{x}` is one path segment); portals/self answers with the 11.3 fixture unless a
// test serves its own. Every request is kept for assertions, with its form fields (`fields`): the
// query of a GET, the url-encoded or multipart body of a POST.
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";

export interface Fixture {
  source: string;
  note?: string;
  /** Answers this many matching requests, then lets the next matching fixture answer (a job's states in turn). */
  times?: number;
  request: { method: string; path: string };
  response: { status: number; body: unknown };
}

export const FIXTURES = path.join(__dirname, "fixtures");

export function fixture(name: string): Fixture {
  const f = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")) as Fixture;
  if (typeof f.source !== "string" || f.source === "") throw new Error(`${name}: a fixture names its source`);
  return f;
}

/** Every fixture file, as `dir/name`. */
export function allFixtures(): string[] {
  return fs.readdirSync(FIXTURES).flatMap((d) => fs.readdirSync(path.join(FIXTURES, d)).filter((f) => f.endsWith(".json")).map((f) => `${d}/${f.replace(/\.json$/, "")}`));
}

const pattern = (p: string) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`);

export class ReplayServer {
  private server?: http.Server;
  private served: Fixture[] = [];
  private answered = new Map<Fixture, number>();
  readonly requests: Array<{ method: string; path: string; body: string; query: string; contentType: string }> = [];
  url = "";

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const [p, query = ""] = (req.url ?? "").split("?");
        this.requests.push({ method: req.method ?? "", path: p, body, query, contentType: String(req.headers["content-type"] ?? "") });
        const f = [...this.served, fixture("portal-self/11.3")].find((x) => x.request.method === req.method && pattern(x.request.path).test(p) && (x.times === undefined || (this.answered.get(x) ?? 0) < x.times));
        if (f) this.answered.set(f, (this.answered.get(f) ?? 0) + 1);
        if (!f) {
          res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 404, message: `no fixture for ${req.method} ${p}` } }));
          return;
        }
        res.writeHead(f.response.status, { "content-type": "application/json" }).end(JSON.stringify(f.response.body));
      });
    });
    await new Promise<void>((ok) => this.server!.listen(0, "127.0.0.1", ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Serves these fixtures (first match wins) until the next call. */
  serve(...names: string[]): void {
    this.served = names.map(fixture);
    this.answered.clear();
    this.requests.length = 0;
  }

  /** The requests sent to a path ending with `pathEnd`, in order. */
  sentTo(pathEnd: string): Array<ReplayServer["requests"][number]> {
    return this.requests.filter((r) => r.path.endsWith(pathEnd));
  }

  /** The last request sent to a path ending with `pathEnd`; fails when none was. */
  lastTo(pathEnd: string): ReplayServer["requests"][number] {
    const all = this.sentTo(pathEnd);
    if (all.length === 0) throw new Error(`nothing was sent to …${pathEnd}; sent: ${this.requests.map((r) => `${r.method} ${r.path}`).join(", ")}`);
    return all[all.length - 1];
  }

  async stop(): Promise<void> {
    await new Promise((ok) => this.server?.close(ok));
  }
}

/**
 * The form fields of a recorded request: the query string of a GET, else the body, url-encoded or
 * multipart/form-data (a file part as `[file <filename>]`).
 */
export function formFields(r: { method: string; body: string; query: string; contentType: string }): Map<string, string> {
  const out = new Map<string, string>();
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(r.contentType);
  if (r.method !== "GET" && boundary) {
    for (const part of r.body.split(`--${boundary[1] ?? boundary[2]}`)) {
      const head = /^\r\n([\s\S]*?)\r\n\r\n([\s\S]*)\r\n$/.exec(part);
      if (!head) continue;
      const name = /name="([^"]*)"/.exec(head[1])?.[1];
      const file = /filename="([^"]*)"/.exec(head[1])?.[1];
      if (name !== undefined) out.set(name, file !== undefined ? `[file ${file}]` : head[2]);
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(r.method === "GET" ? r.query : r.body)) out.set(k, v);
  return out;
}
