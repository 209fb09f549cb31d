// URL reports (spec.md#generate-url-report, spec.md#url-report-job, spec.md#url-report, spec.md#url-report-job-states; introduced at self-hosted 11.4).
import type { URL_REPORT_TYPES } from "../../spec/limits";
import type { UrlReport } from "../../spec/urlReport";
import type { PortalClient } from "../rest/client";
import { pollJob } from "../rest/jobs";
import { seg } from "../rest/url";

/** spec.md#gap-url-type: the urlType values, one list in limits.ts (the portal-wide value is a guess). */
export type UrlType = (typeof URL_REPORT_TYPES)[number];

export interface GenerateUrlReportOptions {
  urlType: UrlType | string;
  /** spec.md#generate-url-report: required when urlType is federatedServerUrl. */
  serverId?: string;
  /** true starts a job (answer `{jobId, key, jobUrl}`); false answers `{siteUrlReport}`. */
  async?: boolean;
}

export type { UrlReport, UrlReportItem } from "../../spec/urlReport";

export interface UrlReportStart {
  jobId?: string;
  key?: string;
  jobUrl?: string;
  siteUrlReport?: UrlReport;
}

/**
 * spec.md#generate-url-report generateUrlReport: POST portals/<id>/urls/generateUrlReport. A synchronous report is
 * a read (safe to repeat); an async one starts a job, so it is not repeated blindly.
 */
export async function generateUrlReport(client: PortalClient, o: GenerateUrlReportOptions): Promise<UrlReportStart> {
  const path = `portals/${seg(await client.portalId())}/urls/generateUrlReport`;
  return client.request("generateUrlReport", path, { urlType: o.urlType, serverId: o.serverId, async: o.async }, { safeToRetry: o.async !== true });
}

/** spec.md#url-report-job: the job resource. */
export interface UrlReportJob {
  id: string;
  definition?: { type: string };
  status: string;
  created?: number;
  modified?: number;
  messages?: unknown[];
  result?: { details?: string; urlReport?: UrlReport };
}

/** spec.md#generate-url-report: GET {sharing_url}/portals/self/jobs/<jobId> (the jobUrl) → the job of spec.md#url-report-job. */
export function getUrlReportJob(client: PortalClient, jobId: string): Promise<UrlReportJob> {
  return client.request("urlReportJob", `portals/self/jobs/${seg(jobId)}`, {}, { method: "GET", jobDocument: true });
}

/** spec.md#url-report-job-states: polls the job until completed (then `result` holds the report); deadline in ms. */
export function waitForUrlReportJob(client: PortalClient, jobId: string, timeoutMs?: number): Promise<UrlReportJob> {
  return pollJob({
    operation: "urlReportJob",
    what: `URL-report job ${jobId}`,
    fetch: () => getUrlReportJob(client, jobId),
    timeoutMs,
    now: client.now,
    sleep: client.sleep,
  });
}
