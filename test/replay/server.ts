// The replay server: recorded portal answers (test/replay/fixtures, written from the shapes the
// public REST reference and the arcgis-rest-js test mocks record) served over real HTTP on
// 127.0.0.1 to the real PortalClient. A request gets the first fixture whose method and path
// pattern match (`{x}` is one path segment); portals/self answers with the 11.3 fixture unless a
// test serves its own. Every request is kept for assertions.
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";

export interface Fixture {
  source: string;
  note?: string;
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
  readonly requests: Array<{ method: string; path: string; body: string }> = [];
  url = "";

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const p = (req.url ?? "").split("?")[0];
        this.requests.push({ method: req.method ?? "", path: p, body });
        const f = [...this.served, fixture("portal-self/11.3")].find((x) => x.request.method === req.method && pattern(x.request.path).test(p));
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
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise((ok) => this.server?.close(ok));
  }
}
