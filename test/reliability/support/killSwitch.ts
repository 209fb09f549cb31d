// A loopback HTTP proxy in front of the emulator that marks a kill point: when the answer to the
// n-th request matching a method and path has been delivered to the provider, it stops passing
// anything on (later requests hang, as on a machine that just died) and resolves `fired`, so the
// test can SIGKILL the CLI at exactly that point: the request happened, nothing after it did.
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface KillPoint {
  method: string;
  path: RegExp;
  /** Fire after this many matching answers (default 1). */
  nth?: number;
}

export class KillSwitch {
  private server: http.Server;
  private point?: KillPoint & { seen: number; fire: () => void };
  private frozen = false;
  private held = new Set<http.ServerResponse>();
  origin = "";

  constructor(private readonly upstream: URL) {
    this.server = http.createServer((req, res) => this.pass(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Arms the switch; the promise resolves when the point is reached. */
  arm(point: KillPoint): Promise<void> {
    return new Promise((fire) => {
      this.point = { ...point, seen: 0, fire };
    });
  }

  /** Passes requests again (recovery); requests held while frozen are dropped. */
  release(): void {
    this.frozen = false;
    this.point = undefined;
    for (const res of this.held) res.destroy();
    this.held.clear();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  private pass(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.frozen) {
      this.held.add(res);
      req.resume();
      return;
    }
    const headers = { ...req.headers, host: this.upstream.host };
    const up = http.request({ host: this.upstream.hostname, port: this.upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      res.on("finish", () => this.answered(req));
    });
    up.on("error", () => res.destroy());
    req.pipe(up);
  }

  private answered(req: http.IncomingMessage): void {
    const p = this.point;
    if (!p || this.frozen || req.method !== p.method || !p.path.test((req.url ?? "").split("?")[0])) return;
    p.seen++;
    if (p.seen < (p.nth ?? 1)) return;
    this.frozen = true;
    p.fire();
  }
}
