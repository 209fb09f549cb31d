// Every resource's definition, one line per resource folder: the only list of resources. Every
// registry (the providers, the stubs, render-plan's delete lines, the docs tables, the policy
// kinds, the public Args and outputs) is read or generated from it (definitions.ts, `npm run gen`).
export { categorySchema, memberCategorySchema } from "./categorySchema/definition";
export { itemStatus } from "./itemStatus/definition";
export { layerAppend } from "./layerAppend/definition";
export { portalItem } from "./portalItem/definition";
export { group } from "./group/definition";
export { groupMembership } from "./groupMembership/definition";
export { folder } from "./folder/definition";
export { orgMember } from "./member/definition";
export { role } from "./role/definition";
export { featureService } from "./featureService/definition";
