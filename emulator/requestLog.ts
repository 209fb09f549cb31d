// The control plane's request log: every non-control request, with tokens and passwords redacted.
import type { FastifyRequest } from "fastify";

export interface LoggedRequest {
  seq: number;
  time: number;
  method: string;
  path: string;
  operation: string;
  username?: string;
  /** The envelope's code for an error answer, else the HTTP status; 0 for a dropped connection. */
  status: number;
}

const SECRET_PARAMS = /([?&](?:token|password|servicePassword)=)[^&]*/gi;

export function redact(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[REDACTED]");
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  record(req: FastifyRequest, status: number, username: string | undefined): void {
    const path = redact(req.url);
    const bare = path.split("?")[0];
    const entry: LoggedRequest = { seq: ++this.seq, time: Date.now(), method: req.method, path, operation: bare.split("/").filter(Boolean).pop() ?? "", status };
    if (username) entry.username = username;
    this.entries.push(entry);
    // a long demo must not grow without bound
    if (this.entries.length > 10_000) this.entries.shift();
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
