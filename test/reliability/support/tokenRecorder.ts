// A forwarding proxy in front of the emulator that remembers every token generateToken issued:
// the emulator's own request log holds only redacted values, and the tokens the provider host gets
// are not the ones a test could ask for itself. The provider reaches the portal through it.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface TokenRecorder {
  url: string;
  /** Every `token` a generateToken answer carried, in order. */
  issued: string[];
  close(): Promise<void>;
}

export async function startTokenRecorder(target: string): Promise<TokenRecorder> {
  const issued: string[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        if (req.url?.split("?")[0].endsWith("/generateToken")) {
          const token = (JSON.parse(body.toString("utf8")) as { token?: string }).token;
          if (token) issued.push(token);
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
      });
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issued,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
