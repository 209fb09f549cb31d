// The control plane under /__emulator/ (JSON in, JSON out, no auth): reset, fixtures, org flags,
// token expiry, the request log, fault injection, the rate limit (throttle) and job stepping.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Emu } from "../context";
import type { RequestLog } from "../requestLog";
import type { Faults, FaultSpec } from "../faults";
import { Throttle, type ThrottleSpec } from "../throttle";
import { loadFixtures, type Fixtures } from "../fixtures";
import { onIdentityVerified } from "../models/contentStatus";
import { JOB_KINDS } from "../jobs";
import type { JobKind } from "../host";
import { badRequest, notFound } from "../errors";
import { oauthControlRoutes } from "./oauthControl";

type Body = Record<string, unknown>;
const body = (req: FastifyRequest): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function controlRoutes(emu: Emu, log: RequestLog, faults: Faults, routes: ReadonlyArray<{ method: string; url: string }> = [], throttle = new Throttle()) {
  return async (app: FastifyInstance) => {
    // every route the emulator serves (the sharing and the feature side), as registered
    app.get("/routes", async () => ({ routes }));
    // back to the last loaded fixtures, or with {initial: true} to those the emulator started with
    app.post("/reset", async (req) => {
      emu.reset(body(req).initial === true ? emu.initialFixtures : emu.fixtures);
      return { success: true };
    });
    app.post("/fixtures", async (req) => {
      let fixtures: Fixtures;
      try {
        fixtures = loadFixtures(body(req) as unknown as Fixtures);
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      emu.reset(fixtures);
      return { success: true, orgs: fixtures.orgs.map((o) => o.id) };
    });
    app.post("/orgs/:orgId/flags", async (req) => orgFlags(emu, req));
    app.post("/tokens/expire", async (req) => {
      const token = body(req).token;
      if (typeof token !== "string" || !emu.portal.directory.expireToken(token)) throw notFound("Unknown token.");
      return { success: true };
    });
    oauthControlRoutes(app, emu);
    app.get("/requests", async () => ({ requests: log.list() }));
    app.delete("/requests", async () => {
      log.clear();
      return { success: true };
    });
    app.post("/faults", async (req) => ({ faults: faults.set(body(req) as FaultSpec) }));
    app.delete("/faults", async () => {
      faults.clear();
      return { success: true };
    });
    // a real portal's rate limit: {requestsPerSecond: N} per client (token, else address), 429 + Retry-After past it; 0 lifts it
    app.post("/throttle", async (req) => throttle.set(body(req) as ThrottleSpec));
    app.get("/throttle", async () => throttle.state());
    app.delete("/throttle", async () => throttle.set({}));
    app.get("/jobs", async () => ({ jobs: emu.jobs.list(), modes: Object.fromEntries(JOB_KINDS.map((k) => [k, emu.jobs.mode(k)])) }));
    app.post("/jobs/mode", async (req) => {
      const { kind, mode } = body(req);
      if (!JOB_KINDS.includes(kind as JobKind)) throw badRequest(`kind must be one of ${JOB_KINDS.join(", ")}.`);
      if (mode !== "auto" && mode !== "manual") throw badRequest("mode must be auto or manual.");
      emu.jobs.setMode(kind as JobKind, mode);
      return { success: true, kind, mode };
    });
    app.post("/jobs/:id/step", async (req, reply: FastifyReply) => {
      const { id } = req.params as { id: string };
      const job = JOB_KINDS.includes(id as JobKind) ? await emu.jobs.stepKind(id as JobKind) : await emu.jobs.step(id);
      if (!job) throw notFound(`No job ${id}.`);
      return reply.send({ job });
    });
  };
}

/** spec.md#status-transitions: flipping identityVerified to true moves every org_authoritative item to public_authoritative. */
function orgFlags(emu: Emu, req: FastifyRequest) {
  const { orgId } = req.params as { orgId: string };
  const org = emu.portal.directory.org(orgId);
  if (!org) throw notFound(`No org ${orgId}.`);
  const b = body(req);
  for (const key of ["public", "identityVerified"] as const) {
    if (b[key] !== undefined && typeof b[key] !== "boolean") throw badRequest(`${key} must be a boolean.`);
  }
  if (typeof b.public === "boolean") org.public = b.public;
  let moved = 0;
  if (typeof b.identityVerified === "boolean") {
    const becameVerified = b.identityVerified && !org.identityVerified;
    org.identityVerified = b.identityVerified;
    if (becameVerified) moved = onIdentityVerified(emu.portal.items.items.values(), org.id);
  }
  return { id: org.id, public: org.public, identityVerified: org.identityVerified, movedToPublicAuthoritative: moved };
}
