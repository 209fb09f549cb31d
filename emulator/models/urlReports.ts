// spec.md#url-report-job, spec.md#url-report, spec.md#url-report-job-states, spec.md#generate-url-report: URL reports list the items whose url, data or resources hold a URL.
import { randomBytes } from "node:crypto";
import type { UrlReport, UrlReportItem as ReportItem } from "../../spec/urlReport";
import type { Item } from "./items";

export interface UrlReportJob {
  id: string;
  orgId: string;
  key: string;
  status: "processing" | "completed" | "failed";
  created: number;
  modified: number;
  messages: unknown[];
  result?: { details: string; urlReport: UrlReport };
}

export type { UrlReport };

/** spec.md#url-report data urls: markdown, script or portalUrl by the key that holds them, else url. */
function dataUrls(text: string | undefined, url: string): Array<Record<string, string>> {
  if (!text || !text.toLowerCase().includes(url.toLowerCase())) return [];
  const found: Array<Record<string, string>> = [];
  const visit = (v: unknown, key: string): void => {
    if (typeof v === "string") {
      if (v.toLowerCase().includes(url.toLowerCase())) found.push({ [["markdown", "script", "portalUrl"].includes(key) ? key : "url"]: v });
    } else if (Array.isArray(v)) v.forEach((x) => visit(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  try {
    visit(JSON.parse(text), "");
  } catch {
    found.push({ url: text.slice(0, 2048) });
  }
  return found;
}

export function buildUrlReport(items: Item[], url: string, portal: UrlReport["portal"]): UrlReport {
  const rows: ReportItem[] = [];
  for (const item of items) {
    const row: ReportItem = { itemId: item.id, owner: item.owner, itemType: item.type };
    if (item.url && item.url.toLowerCase().includes(url.toLowerCase())) row.itemInfo = { url: item.url };
    const urls = dataUrls(item.text, url);
    if (urls.length > 0) row.data = { urls };
    if (row.itemInfo || row.data) rows.push(row);
  }
  return {
    id: randomBytes(16).toString("hex"),
    reportVersion: "1.0",
    reportCreated: new Date().toString(),
    itemCount: rows.length,
    portal,
    items: rows,
  };
}
