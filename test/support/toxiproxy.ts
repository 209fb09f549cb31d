// Toxiproxy between the provider and the emulator (issue 28): a real TCP proxy on 127.0.0.1 that adds
// latency, bandwidth limits, reset connections and stalled responses. The server is built once by
// scripts/ensure-toxiproxy; each NetworkProxy starts its own, seeded, and stops it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import * as path from "node:path";

export type Profile = "lan" | "wan" | "far" | "flaky";

interface Toxic {
  type: string;
  stream: "upstream" | "downstream";
  toxicity?: number;
  attributes: Record<string, number>;
}

/** One way: `latency` ms; `rate` KB/s per connection (0: unlimited). */
const link = (latency: number, rateKBps: number): Toxic[] =>
  (["upstream", "downstream"] as const).flatMap((stream): Toxic[] => [
    { type: "latency", stream, attributes: { latency, jitter: Math.round(latency / 10) } },
    ...(rateKBps > 0 ? [{ type: "bandwidth", stream, attributes: { rate: rateKBps } } as Toxic] : []),
  ]);

/** The profiles of issue 28: lan 1 ms; wan 40 ms each way at 100 Mbit/s; far 120 ms at 20 Mbit/s; flaky = wan with resets and stalls. */
export const PROFILES: Record<Profile, Toxic[]> = {
  lan: link(1, 0),
  wan: link(40, 12_500),
  far: link(120, 2_500),
  flaky: [
    ...link(40, 12_500),
    // toxics are drawn per connection (the seed makes the draws repeatable): a third of the connections
    // are reset (TCP RST) 400 ms after they open, whatever request is then in flight; one in ten stalls
    // its answers and is closed after 1.5 s
    { type: "reset_peer", stream: "downstream", toxicity: 0.35, attributes: { timeout: 400 } },
    { type: "timeout", stream: "downstream", toxicity: 0.1, attributes: { timeout: 1_500 } },
  ],
};

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });

export function toxiproxyServer(): string {
  const out = execFileSync(path.join(__dirname, "..", "..", "scripts", "ensure-toxiproxy"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return out.trim().split("\n").pop()!;
}

export class NetworkProxy {
  private child?: ChildProcess;
  private api = "";
  /** http://127.0.0.1:<port>: the emulator's origin through the proxy. */
  origin = "";

  constructor(private readonly seed: number) {}

  /** Starts Toxiproxy and a proxy to `upstreamPort` on 127.0.0.1, with the profile's toxics. */
  async start(upstreamPort: number, profile: Profile): Promise<void> {
    const apiPort = await freePort();
    this.child = spawn(toxiproxyServer(), ["-host", "127.0.0.1", "-port", String(apiPort), "-seed", String(this.seed)], { stdio: "ignore" });
    this.api = `http://127.0.0.1:${apiPort}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${this.api}/version`)).ok) break;
      } catch {
        if (i > 100) throw new Error("toxiproxy did not start");
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const listen = `127.0.0.1:${await freePort()}`;
    const r = await fetch(`${this.api}/proxies`, { method: "POST", body: JSON.stringify({ name: "portal", listen, upstream: `127.0.0.1:${upstreamPort}`, enabled: true }) });
    if (!r.ok) throw new Error(`toxiproxy: ${r.status} ${await r.text()}`);
    this.origin = `http://${((await r.json()) as { listen: string }).listen}`;
    await this.profile(profile);
  }

  /** Replaces the toxics with a profile's. */
  async profile(profile: Profile): Promise<void> {
    const toxics = (await (await fetch(`${this.api}/proxies/portal/toxics`)).json()) as Array<{ name: string }>;
    for (const t of toxics) await fetch(`${this.api}/proxies/portal/toxics/${t.name}`, { method: "DELETE" });
    for (const [i, t] of PROFILES[profile].entries()) {
      const r = await fetch(`${this.api}/proxies/portal/toxics`, { method: "POST", body: JSON.stringify({ name: `${t.type}-${t.stream}-${i}`, toxicity: t.toxicity ?? 1, ...t }) });
      if (!r.ok) throw new Error(`toxiproxy toxic ${t.type}: ${r.status} ${await r.text()}`);
    }
  }

  /**
   * Draws the profile's chance toxics (resets, stalls) again every `everyMs` on the connections then
   * open, until the returned function is called: Toxiproxy draws a toxic once per connection, when
   * the connection opens or the toxic is added, so without this a kept-alive connection that passed
   * its first draw (`flaky`: a reset 400 ms after it opens) never fails again, however long it lives.
   */
  redrawFaults(profile: Profile, everyMs: number): () => Promise<void> {
    const chance = PROFILES[profile].map((t, i) => ({ t, name: `${t.type}-${t.stream}-${i}` })).filter(({ t }) => (t.toxicity ?? 1) < 1);
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        await new Promise((r) => setTimeout(r, everyMs));
        if (stopped) break;
        for (const { t, name } of chance) {
          // the API's own keep-alive connection may have been closed under us: tried again, and a
          // toxic found missing (its add lost) is added back
          for (let tries = 1; ; tries++) {
            try {
              await fetch(`${this.api}/proxies/portal/toxics/${name}`, { method: "DELETE" });
              await fetch(`${this.api}/proxies/portal/toxics`, { method: "POST", body: JSON.stringify({ name, toxicity: t.toxicity ?? 1, ...t }) });
              break;
            } catch (e) {
              if (tries >= 5) throw e;
              await new Promise((r) => setTimeout(r, 20));
            }
          }
        }
      }
    })();
    return async () => {
      stopped = true;
      await loop;
    };
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    const exited = new Promise((r) => this.child!.once("exit", r));
    this.child.kill("SIGTERM");
    await exited;
  }
}
