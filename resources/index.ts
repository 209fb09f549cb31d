// The package root, `require("pulumi-gis-portal")`: the resource classes users declare, their
// argument and output types, and the loaders for trees kept in files.
export { CategorySchema, type CategorySchemaArgs, type CategoryNodeArgs, type CategoryNode } from "./categorySchema";
export { MemberCategorySchema, type MemberCategorySchemaArgs, type MemberCategoryNodeArgs, type MemberCategoryNode } from "./memberCategorySchema";
export { ItemStatus, type ItemStatusArgs, type ContentStatusValue } from "./itemStatus";
export { LayerAppend, type LayerAppendArgs, type AppendFormat, type FieldMappingArgs } from "./layerAppend";
export { PortalItem, type PortalItemArgs, type PortalItemRelationshipArgs, type PortalItemSharingArgs, type ServiceProxyFilterArgs } from "./portalItem";
export { Group, type GroupArgs } from "./group";
export { GroupMembership, type GroupMembershipArgs } from "./groupMembership";
export { Folder, type FolderArgs } from "./folder";
export * from "./functions";
export { loadCategoryTree, loadMemberCategoryTree } from "./loadTree";
