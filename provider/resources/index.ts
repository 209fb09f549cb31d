// The ResourceProviders the serialized stubs load by kind (resources/stub.ts, spec.md#design-closure).
import { categorySchema } from "./categorySchema";
import { itemStatus } from "./itemStatus";
import { layerAppend } from "./layerAppend";
import { memberCategorySchema } from "./memberCategorySchema";
import { portalItem } from "./portalItem";
import { group } from "./group/provider";
import { groupMembership } from "./groupMembership/provider";
import { folder } from "./folder/provider";

export const resourceProviders = { categorySchema, memberCategorySchema, itemStatus, layerAppend, portalItem, group, groupMembership, folder };
