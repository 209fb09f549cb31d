// One small function per REST operation (spec.md#contract and spec.md#gaps), grouped by subject.
export * from "./portal";
export * from "./categorySchema";
export * from "./items";
export * from "./itemState";
export * from "./multipart";
export * from "./relationships";
export * from "./urlReport";
export * from "./reassign";
export * from "./features";
export { userItemPath, itemPath } from "./paths";
export * from "./search";
export * from "./groups";
export * from "./folders";
export * from "./bulk";
export { mapLimit } from "./mapLimit";
export * from "./members";
export * from "./roles";
export * from "./serviceLayers";
