// The package root, `require("pulumi-gis-portal")`: the resource classes users declare, their
// argument and output types (generated from the property tables, `npm run gen`), and the loaders
// for trees kept in files.
export * from "./generated";
export { CategorySchema } from "./categorySchema";
export { MemberCategorySchema } from "./memberCategorySchema";
export { LayerAppend } from "./layerAppend";
export { PortalItem } from "./portalItem";
export { Group } from "./group";
export { GroupMembership } from "./groupMembership";
export * from "./functions";
export { loadCategoryTree, loadMemberCategoryTree } from "./loadTree";
