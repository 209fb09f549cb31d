// The property tables (docs/decisions.md "one property table per resource") and what the public
// classes take from them, exported through the provider's door as `propertyTables`.
export { argumentKeys, outputKeys } from "./machinery/propertyTable";
export type { ArgumentName, Property, SameKeys, Table } from "./machinery/propertyTable";
export { PORTAL_ITEM, OUTPUT_KEYS as PORTAL_ITEM_OUTPUTS } from "./portalItem/table";
export { EXPORT_COPIED as PORTAL_ITEM_EXPORT_COPIED } from "./portalItem/table";
export { SECRET_KEYS as PORTAL_ITEM_SECRETS, type PortalItemArgName } from "./portalItem/table";
export { ITEM_STATUS } from "./itemStatus/table";
export { LAYER_APPEND, LAYER_APPEND_OUTPUTS, TARGET_FROM_OUTPUT } from "./layerAppend/table";
export { CATEGORY_SCHEMA, MEMBER_CATEGORY_SCHEMA } from "./categorySchema/table";
export { textCarriesSecret } from "./portalItem/secretText";
export { GROUP_TABLE } from "./group/table";
export { GROUP_MEMBERSHIP_TABLE } from "./groupMembership/table";
export { FOLDER_TABLE } from "./folder/table";
