// The functions of the package (spec.md#design-functions): each as a
// Promise function and as an Output function.
export { getUrlReport, getUrlReportOutput } from "./getUrlReport";
export type { GetUrlReportArgs, GetUrlReportOutputArgs, UrlReport } from "./getUrlReport";
export { canReassignItems, canReassignItemsOutput } from "./canReassignItems";
export type { CanReassignItemsArgs, CanReassignItemsOutputArgs, ReassignCheck } from "./canReassignItems";
