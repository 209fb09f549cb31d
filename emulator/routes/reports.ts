// spec.md#generate-url-report, spec.md#url-report-job-states, spec.md#url-report-job, spec.md#url-report: generateUrlReport (11.4+), sync or as a job polled at
// portals/self/jobs/<jobId>.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, ownOrg, requirePrivilege, type OpContext } from "./operation";
import { PRIVILEGES } from "../models/privileges";
import { RELEASES, URL_REPORT_TYPES } from "../../spec/limits";
import { buildUrlReport, type UrlReport, type UrlReportJob } from "../models/urlReports";
import { badRequest, notFound } from "../errors";
import { requireRelease } from "./release";

type Ctx = OpContext & { caller: Caller };

export function reportRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/portals/:portalId/urls/generateUrlReport", generateUrlReport);
  op(app, emu, "/portals/self/jobs/:jobId", job);
}

/** The URL the report looks for: the portal's URL, or a federated server's (fixtures, unconfirmed). */
function reportedUrl(ctx: Ctx, urlType: string): string {
  if (urlType !== "federatedServerUrl") return ctx.emu.urls.portalUrl;
  const serverId = ctx.params.required("serverId");
  const server = ctx.emu.federatedServers(ctx.caller.org.id).find((s) => s.id === serverId);
  if (!server) throw badRequest(`Unknown federated server ${JSON.stringify(serverId.slice(0, 40))}.`);
  return server.url;
}

function report(ctx: Ctx, orgId: string): UrlReport {
  const urlType = ctx.params.str("urlType") || "portalUrl";
  if (!(URL_REPORT_TYPES as readonly string[]).includes(urlType)) throw badRequest(`'urlType' must be one of ${URL_REPORT_TYPES.join(", ")}.`);
  const url = reportedUrl(ctx, urlType);
  const items = [...ctx.portal.items.items.values()].filter((i) => i.orgId === orgId && i.addStatus === "completed");
  return buildUrlReport(items, url, { httpsUrl: ctx.emu.urls.portalUrl, version: ctx.emu.release, portalId: orgId, webContextUrl: ctx.emu.urls.portalUrl });
}

function generateUrlReport(ctx: Ctx) {
  requireRelease(ctx.emu, RELEASES.generateUrlReport, "generateUrlReport");
  const org = ownOrg(ctx, ctx.path.portalId);
  requirePrivilege(ctx, PRIVILEGES.urlReports, "generate URL reports");
  if (!ctx.params.has("urlType")) throw badRequest("Missing required parameter 'urlType'.");
  const result = report(ctx, org.id); // validated now, so a bad request fails before a job starts
  if (!ctx.params.bool("async")) return { siteUrlReport: result };
  const now = Date.now();
  const rec: UrlReportJob = { id: randomBytes(16).toString("hex"), orgId: org.id, key: randomBytes(8).toString("hex"), status: "processing", created: now, modified: now, messages: [] };
  ctx.portal.urlReportJobs.set(rec.id, rec);
  ctx.emu.jobs.start("urlReport", rec.id, [
      () => {
        Object.assign(rec, { status: "completed", modified: Date.now(), result: { details: "URL report generated.", urlReport: result } });
      },
    ],
    (message) => {
      Object.assign(rec, { status: "failed", modified: Date.now(), messages: [message] });
    },
  );
  return { jobId: rec.id, key: rec.key, jobUrl: `${ctx.emu.urls.sharingUrl}/portals/self/jobs/${rec.id}` };
}

/** spec.md#url-report-job: the job resource; only the org that started it can see it. */
function job(ctx: Ctx) {
  const rec = ctx.portal.urlReportJobs.get(ctx.path.jobId);
  if (!rec || rec.orgId !== ctx.caller.org.id) throw notFound("Job does not exist or is inaccessible.");
  const view: Record<string, unknown> = { id: rec.id, definition: { type: "generateUrlReport" }, status: rec.status, created: rec.created, modified: rec.modified, messages: rec.messages };
  if (rec.result) view.result = rec.result;
  return view;
}
