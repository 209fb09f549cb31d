// spec.md#service-proxy-filter, spec.md#add-item-proxy-rate: the proxy endpoint of an item's service, with the service proxy filter's
// rate limit (429 CONT_0049) and referrer checks. Path {sharing}/content/items/<id>/proxy[/…] (unconfirmed).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { request } from "undici";
import type { Emu } from "../context";
import { route, SENT, SERVICE_READING } from "../route";
import { EmulatorError, forbidden, notFound, portalError } from "../errors";
import type { Item } from "../models/items";

export function proxyRoutes(app: FastifyInstance, emu: Emu): void {
  // a pass-through: no token, and f and the body are the proxied service's, not checked here
  for (const url of ["/content/items/:id/proxy", "/content/items/:id/proxy/*"]) {
    route(app, emu, emu.uploadDir, { url, auth: "handler", reading: SERVICE_READING }, async ({ req, reply }) => {
      await forward(emu, req, reply);
      return SENT;
    });
  }
}

/** `*.domain` allows any subdomain of domain; otherwise the host must match. */
export function referrerAllowed(referrers: string[], referer: string | undefined): boolean {
  if (referrers.length === 0) return true;
  if (!referer) return false;
  let host: string;
  try {
    host = new URL(referer).host.toLowerCase();
  } catch {
    return false;
  }
  return referrers.some((r) => {
    const pattern = r.replace(/^https?:\/\//i, "").replace(/\/.*$/, "").toLowerCase();
    return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

function checkFilter(emu: Emu, item: Item, req: FastifyRequest): void {
  const filter = item.serviceProxyFilter;
  if (!filter) return;
  if (!referrerAllowed(filter.referrers, req.headers.referer)) throw forbidden("The request's referrer is not allowed by the item's service proxy filter.");
  if (filter.hitsPerInterval === undefined) return;
  const now = Date.now();
  const window = emu.portal.proxyHits.get(item.id);
  if (!window || now - window.windowStart >= filter.intervalSeconds * 1000) {
    emu.portal.proxyHits.set(item.id, { windowStart: now, hits: 1 });
    return;
  }
  window.hits++;
  if (window.hits > filter.hitsPerInterval) {
    const retryAfter = Math.max(1, Math.ceil((window.windowStart + filter.intervalSeconds * 1000 - now) / 1000));
    throw portalError("CONT_0049", { headers: { "Retry-After": String(retryAfter) } });
  }
}

async function forward(emu: Emu, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { id } = req.params as { id: string };
  const item = emu.portal.items.items.get(id);
  if (!item || !item.url || !(item.serviceProxyFilter || item.serviceProxyParams)) throw notFound("The item has no service proxy.");
  checkFilter(emu, item, req);
  const rest = (req.params as Record<string, string>)["*"] ?? "";
  const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
  const target = `${item.url.replace(/\/$/, "")}${rest ? `/${rest}` : ""}${query}`;
  try {
    const res = await request(target, { method: "GET", headersTimeout: 30_000, bodyTimeout: 30_000 });
    return reply.code(res.statusCode).type(String(res.headers["content-type"] ?? "application/octet-stream")).send(res.body);
  } catch (e) {
    throw new EmulatorError(502, `The proxied service did not answer: ${(e as Error).message}`);
  }
}
