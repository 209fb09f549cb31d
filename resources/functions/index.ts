// The functions of the package (spec.md#design-functions): each as a
// Promise function and as an Output function.
export { getUrlReport, getUrlReportOutput, type GetUrlReportArgs, type GetUrlReportOutputArgs, type UrlReport } from "./getUrlReport";
export { canReassignItems, canReassignItemsOutput, type CanReassignItemsArgs, type CanReassignItemsOutputArgs, type ReassignCheck } from "./canReassignItems";
