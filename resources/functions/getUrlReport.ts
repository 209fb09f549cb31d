// getUrlReport (spec.md#generate-url-report, spec.md#url-report-job, spec.md#url-report,
// spec.md#url-report-job-states; self-hosted 11.4): the items that hold the portal's or a
// federated server's public URL. Starts generateUrlReport with async=true, polls the job resource
// at jobUrl to completed under our own deadline, and returns result.urlReport.
import * as pulumi from "@pulumi/pulumi";
import { ops, rules } from "../../provider";
import type { UrlReport } from "../../spec/urlReport";
import { assertArgs, withProgramClient } from "./client";

export type { UrlReport, UrlReportItem } from "../../spec/urlReport";

export interface GetUrlReportArgs {
  /** "portalUrl" (portal items; value unconfirmed) or "federatedServerUrl" (needs serverId). */
  urlType: "portalUrl" | "federatedServerUrl";
  /** spec.md#generate-url-report: the federated server's id, required with federatedServerUrl. */
  serverId?: string;
  /** Deadline of the job poll in seconds (default 600). */
  timeoutSeconds?: number;
}

export interface GetUrlReportOutputArgs {
  urlType: pulumi.Input<"portalUrl" | "federatedServerUrl">;
  serverId?: pulumi.Input<string>;
  timeoutSeconds?: pulumi.Input<number>;
}

const DEFAULT_TIMEOUT_SECONDS = 600;

/** The job id of an async start: jobId, else the last segment of jobUrl ({sharing_url}/portals/self/jobs/<jobId>). */
function jobIdOf(start: { jobId?: string; jobUrl?: string }): string {
  const id = start.jobId ?? /\/jobs\/([^/?#]+)/.exec(start.jobUrl ?? "")?.[1];
  if (!id) {
    const answer = JSON.stringify(start).slice(0, 200);
    throw new Error(`getUrlReport: generateUrlReport answered without jobId or jobUrl: ${answer}`);
  }
  return id;
}

/** spec.md#generate-url-report: runs the URL report as a job and returns the report of spec.md#url-report. */
export async function getUrlReport(args: GetUrlReportArgs): Promise<UrlReport> {
  const given = { urlType: args.urlType, serverId: args.serverId };
  const { urlType, serverId } = assertArgs("getUrlReport", rules.checkInputs(rules.generateUrlReportInput, given));
  const timeoutMs = (args.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  return withProgramClient(async (client) => {
    const start = await ops.generateUrlReport(client, { urlType, serverId, async: true });
    const job = await ops.waitForUrlReportJob(client, jobIdOf(start), timeoutMs);
    const report = job.result?.urlReport;
    const details = job.result?.details ?? "none";
    if (!report) {
      const without = "completed without result.urlReport";
      throw new Error(`getUrlReport: URL-report job ${job.id} ${without} (details: ${details})`);
    }
    return report;
  });
}

/** getUrlReport for Output arguments. */
export function getUrlReportOutput(args: GetUrlReportOutputArgs): pulumi.Output<UrlReport> {
  return pulumi.output(args).apply((a) => getUrlReport(a as GetUrlReportArgs));
}
