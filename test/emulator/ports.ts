// Loopback ports for the tests of issue 45: one nothing listens on, and whether one was let go.
import * as http from "node:http";
import * as net from "node:net";

/** A loopback port nothing listens on (listened on, then closed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True once a new server can listen on `port` (nothing holds it any more), within `ms`. */
export async function portFreed(port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = http.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
