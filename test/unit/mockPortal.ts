// A scripted portal on undici's MockAgent: each step answers one request, in order, whatever its
// path, and records what was sent. Steps: a JSON answer (any HTTP status, headers) or a network
// error (connection reset). Not a test file: the unit tests import it.
import { MockAgent } from "undici";
import { PortalClient, type PortalClientOptions } from "../../provider/rest/client";

export const ORIGIN = "https://portal.test";
export const SHARING = `${ORIGIN}/sharing/rest`;

export type Step = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> } | { reset: true };

export interface Sent {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

export interface Scripted {
  agent: MockAgent;
  sent: Sent[];
  log: string[];
  sleeps: number[];
  client(options?: Partial<PortalClientOptions>): PortalClient;
  /** Appends more steps. */
  push(...steps: Step[]): void;
}

function headerRecord(h: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(h)) for (let i = 0; i < h.length; i += 2) out[String(h[i]).toLowerCase()] = String(h[i + 1]);
  else if (h && typeof h === "object") for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = String(v);
  return out;
}

export function scripted(steps: Step[] = [], origin = ORIGIN): Scripted {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(origin);
  const sent: Sent[] = [];
  const log: string[] = [];
  const sleeps: number[] = [];
  const record = (opts: { method: string; path: string; body?: unknown; headers?: unknown }) => {
    sent.push({ method: opts.method, path: opts.path, body: typeof opts.body === "string" ? opts.body : "", headers: headerRecord(opts.headers) });
  };
  const push = (...more: Step[]) => {
    for (const step of more) {
      const interceptor = pool.intercept({ path: () => true, method: () => true } as any);
      if ("reset" in step) {
        // a connection reset: undici throws; the client's log shows the attempt (START line)
        interceptor.replyWithError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
        continue;
      }
      interceptor.reply((opts) => {
        record(opts as any);
        const body = step.text ?? JSON.stringify(step.json ?? {});
        return { statusCode: step.status ?? 200, data: body, responseOptions: { headers: { "content-type": "application/json", ...step.headers } } };
      });
    }
  };
  push(...steps);
  return {
    agent,
    sent,
    log,
    sleeps,
    push,
    client: (options = {}) =>
      new PortalClient({
        sharingUrl: SHARING,
        serviceUrl: `${origin}/server/rest/services`,
        auth: { token: "tok-secret-static" },
        dispatcher: agent,
        logger: (l) => log.push(l),
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        random: () => 0.5,
        ...options,
      }),
  };
}
