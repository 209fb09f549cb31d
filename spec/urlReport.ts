// The URL report on the wire (spec.md#url-report): the one type the provider reads and the emulator
// writes, so the two cannot describe it differently.

/** One item of a URL report: where the URL stands in the item. */
export interface UrlReportItem {
  itemId: string;
  owner: string;
  itemType: string;
  /** The item's own url, when it holds the URL. */
  itemInfo?: { url: string };
  /** URLs in the item's data, each under the key that holds it: markdown, script, portalUrl or url. */
  data?: { urls: Array<Record<string, string>> };
  /** URLs in the item's resources. */
  resources?: { urls: Array<{ portalUrl: string }> };
}

/** spec.md#url-report: the report, synchronous (`siteUrlReport`) or in a finished job's result. */
export interface UrlReport {
  id: string;
  reportVersion: string;
  /** A text date (the one time in these records that is not epoch milliseconds). */
  reportCreated: string;
  itemCount: number;
  portal: { httpsUrl: string; version: string; portalId: string; webContextUrl: string };
  items: UrlReportItem[];
}
