// Privilege names (spec.md#gap-privileges) and the default privileges of each role, in one
// table. docs/dev/spec.md cuts the names after "portal:"; the names below are the public API's.

export const PRIVILEGES = {
  /** spec.md#assign-category-schema: REST "assign category schema" (custom roles with portal:admin:updateItemCategorySchema). */
  assignCategorySchema: "portal:admin:updateItemCategorySchema",
  /** spec.md#assign-member-category-schema, spec.md#delete-member-category-schema: REST "delete member category schema" (custom roles with portal:admin:updateUsers). */
  manageMemberCategorySchema: "portal:admin:updateUsers",
  updateItemCategorization: "portal:admin:updateItemCategorization",
  /** Owning content: addItem; the viewer role lacks it. */
  createItem: "portal:user:createItem",
  /** spec.md#can-reassign-items: an owner who is not an administrator needs it to transfer content. */
  reassignItemsAsOwner: "portal:user:reassignItems",
  reassignItemsAsAdmin: "portal:admin:reassignItems",
  /** spec.md#set-content-status: REST "set content status" (a role that includes portal:admin:updateItems). */
  setContentStatus: "portal:admin:updateItems",
  /** The administrator's view of every item in the organization (update, delete, protect). */
  manageItems: "portal:admin:updateItems",
  deleteItems: "portal:admin:deleteItems",
  /** spec.md#generate-url-report: URL reports are an administrative operation (unconfirmed name). */
  urlReports: "portal:admin:viewUrlReports",
  shareToPublic: "portal:user:shareToPublic",
  /** Owning hosted services (canReassignItems eligibility; spec.md#gap-can-reassign). */
  publishFeatures: "portal:publisher:publishFeatures",
  editFeatures: "features:user:edit",
  /** REST create-group: members with it may create groups (the viewer role lacks it). */
  createGroup: "portal:user:createGroup",
  /** REST create-group `capabilities=updateitemcontrol`: a shared-update group is an administrator's. */
  createUpdateCapableGroup: "portal:admin:createUpdateCapableGroup",
  /** Administrators manage every group of the organization (update, delete, members). */
  manageGroups: "portal:admin:manageGroups",
} as const;

const P = PRIVILEGES;

/** Default privileges per role name; fixtures may override per user. */
export const ROLE_PRIVILEGES: Record<string, readonly string[]> = {
  org_admin: [...new Set(Object.values(P))],
  org_publisher: [P.createItem, P.reassignItemsAsOwner, P.shareToPublic, P.publishFeatures, P.editFeatures, P.createGroup],
  org_user: [P.createItem, P.shareToPublic, P.editFeatures, P.createGroup],
  /** A user who may not own content. */
  viewer: [],
  org_viewer: [],
};

export function privilegesOf(role: string, explicit?: readonly string[]): readonly string[] {
  return explicit ?? ROLE_PRIVILEGES[role] ?? [];
}
