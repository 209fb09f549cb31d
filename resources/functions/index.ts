// The functions of the package (design.md "Functions run in the program process"): each as a
// Promise function and as an Output function.
export { getUrlReport, getUrlReportOutput, type GetUrlReportArgs, type GetUrlReportOutputArgs, type UrlReport } from "./getUrlReport";
export { canReassignItems, canReassignItemsOutput, type CanReassignItemsArgs, type CanReassignItemsOutputArgs, type ReassignCheck } from "./canReassignItems";
