// Privilege names (spec-gaps.md "Privileges") and the default privileges of each role, in one
// table. The seed cuts the names after "portal:"; the names below are the public API's.

export const PRIVILEGES = {
  /** Seed 4.4 / part 5 (unconfirmed name). */
  assignCategorySchema: "portal:admin:assignCategorySchema",
  /** Seed 4.2, 4.3 / part 5 (unconfirmed name). */
  manageMemberCategorySchema: "portal:admin:manageMemberCategorySchema",
  updateItemCategorization: "portal:admin:updateItemCategorization",
  /** Owning content: addItem; the viewer role lacks it. */
  createItem: "portal:user:createItem",
  /** Seed 4.8: an owner who is not an administrator needs it to transfer content. */
  reassignItemsAsOwner: "portal:user:reassignItems",
  reassignItemsAsAdmin: "portal:admin:reassignItems",
  /** Seed 4.5 / part 5 (unconfirmed name). */
  setContentStatus: "portal:admin:setContentStatus",
  /** The administrator's view of every item in the organization (update, delete, protect). */
  manageItems: "portal:admin:updateItems",
  deleteItems: "portal:admin:deleteItems",
  /** Seed 4.7: URL reports are an administrative operation (unconfirmed name). */
  urlReports: "portal:admin:viewUrlReports",
  shareToPublic: "portal:user:shareToPublic",
  /** Owning hosted services (canReassignItems eligibility; spec-gaps "simplified"). */
  publishFeatures: "portal:publisher:publishFeatures",
  editFeatures: "features:user:edit",
} as const;

const P = PRIVILEGES;

/** Default privileges per role name; fixtures may override per user. */
export const ROLE_PRIVILEGES: Record<string, readonly string[]> = {
  org_admin: Object.values(P),
  org_publisher: [P.createItem, P.reassignItemsAsOwner, P.shareToPublic, P.publishFeatures, P.editFeatures],
  org_user: [P.createItem, P.shareToPublic, P.editFeatures],
  /** A user who may not own content. */
  viewer: [],
};

export function privilegesOf(role: string, explicit?: readonly string[]): readonly string[] {
  return explicit ?? ROLE_PRIVILEGES[role] ?? [];
}
