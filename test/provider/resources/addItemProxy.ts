// A proxy in front of the emulator for the PortalItem create tests: it records every addItem body
// and can let the first addItem reach the portal and then drop its answer (the portal made the
// item; the caller never hears of it). Also the search the tests read items back with. Not a test file.
import { strict as assert } from "node:assert";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../../emulator";

export interface AddItemProxy {
  url: string;
  /** The raw bodies of the addItem requests that went through. */
  bodies: string[];
  dropped(): number;
  close(): Promise<void>;
}

export async function addItemProxy(target: string, o: { dropFirstAnswer: boolean }): Promise<AddItemProxy> {
  const bodies: string[] = [];
  let dropped = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const isAdd = /\/addItem$/.test(req.url!.split("?")[0]);
    if (isAdd) bodies.push(body.toString("utf8"));
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k))) as Record<string, string>;
    const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: body.length > 0 ? body : undefined });
    const out = Buffer.from(await answer.arrayBuffer());
    if (isAdd && o.dropFirstAnswer && dropped === 0) {
      dropped++;
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    res.end(out);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, bodies, dropped: () => dropped, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The items of `user` titled `title`, through the public search. */
export async function itemsTitled(emu: RunningEmulator, user: string, title: string): Promise<any[]> {
  const r: any = await (await fetch(`${emu.sharingUrl}/search?${new URLSearchParams({ f: "json", token: emu.tokens[user], q: `owner:${user}`, num: "100" })}`)).json();
  assert.ok(Array.isArray(r.results), JSON.stringify(r));
  return r.results.filter((i: any) => i.title === title);
}
