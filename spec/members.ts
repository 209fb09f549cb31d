// Members' roles, user types and the privilege names of custom roles, shared by the emulator and
// the provider (docs/fidelity.md#members). Sources: the REST API's "Create Role" / "Set Privileges"
// pages and the ArcGIS API for Python's RoleManager (privilege names), ArcGIS Online's "User types,
// roles, and privileges" page (user type ids and which roles each can hold).

/** The built-in roles, by the name `updateUserRole` takes, and the name a plan shows. */
export const BUILT_IN_ROLES = {
  org_admin: "Administrator",
  org_publisher: "Publisher",
  org_user: "User",
  org_viewer: "Viewer",
} as const;
export type BuiltInRole = keyof typeof BUILT_IN_ROLES;

/** User type ids (`userLicenseTypeId`) and their names, lowest first. */
export const USER_TYPES = {
  viewerUT: "Viewer",
  storytellerUT: "Storyteller",
  editorUT: "Contributor",
  fieldWorkerUT: "Mobile Worker",
  creatorUT: "Creator",
  GISProfessionalBasicUT: "GIS Professional Basic",
  GISProfessionalStdUT: "GIS Professional Standard",
  GISProfessionalAdvUT: "GIS Professional Advanced",
} as const;
export type UserType = keyof typeof USER_TYPES;

/** The public privilege names a custom role may hold. */
export const PRIVILEGE_NAMES: readonly string[] = [
  "portal:admin:viewUsers", "portal:admin:updateUsers", "portal:admin:deleteUsers", "portal:admin:inviteUsers",
  "portal:admin:disableUsers", "portal:admin:changeUserRoles", "portal:admin:manageLicenses",
  "portal:admin:reassignUsers", "portal:admin:viewGroups", "portal:admin:updateGroups", "portal:admin:deleteGroups",
  "portal:admin:reassignGroups", "portal:admin:assignToGroups", "portal:admin:manageEnterpriseGroups",
  "portal:admin:manageGroups", "portal:admin:viewItems", "portal:admin:updateItems", "portal:admin:deleteItems",
  "portal:admin:reassignItems", "portal:admin:shareToGroup", "portal:admin:shareToOrg", "portal:admin:shareToPublic",
  "portal:admin:manageSecurity", "portal:admin:manageWebsite", "portal:admin:manageCollaborations",
  "portal:admin:manageCredits", "portal:admin:manageServers", "portal:admin:manageUtilityServices",
  "portal:admin:manageRoles", "portal:admin:createUpdateCapableGroup", "portal:admin:updateItemCategorySchema",
  "portal:admin:updateMemberCategorySchema", "portal:admin:updateItemCategorization", "portal:admin:viewUrlReports",
  "portal:admin:createGPWebhook", "portal:admin:categorizeItems",
  "portal:publisher:publishFeatures", "portal:publisher:publishTiles", "portal:publisher:publishScenes",
  "portal:publisher:publishDynamicImagery", "portal:publisher:publishTiledImagery",
  "portal:publisher:publishServerServices", "portal:publisher:publishServerGPServices",
  "portal:publisher:registerDataStores", "portal:publisher:bulkPublishFromDataStores",
  "portal:publisher:createDataPipelines", "portal:publisher:publishKnowledgeGraph",
  "portal:user:createGroup", "portal:user:joinGroup", "portal:user:joinNonOrgGroup", "portal:user:viewOrgGroups",
  "portal:user:viewOrgItems", "portal:user:viewOrgUsers", "portal:user:createItem", "portal:user:shareToGroup",
  "portal:user:shareToOrg", "portal:user:shareToPublic", "portal:user:shareGroupToOrg",
  "portal:user:shareGroupToPublic", "portal:user:reassignItems", "portal:user:receiveItems",
  "portal:user:categorizeItems", "portal:user:viewTracks", "portal:user:createWebhook",
  "features:user:edit", "features:user:fullEdit",
  "premium:user:geocode", "premium:user:networkanalysis", "premium:user:spatialanalysis",
  "premium:user:geoenrichment", "premium:user:demographics", "premium:user:elevation", "premium:user:featurereport",
  "premium:publisher:geoanalytics", "premium:publisher:rasteranalysis", "premium:user:createNotebooks",
  "premium:publisher:scheduleNotebooks",
];

/** The privileges a Viewer user type may hold: viewing and joining, nothing that creates, edits or shares. */
const VIEWER_PRIVILEGES = new Set([
  "portal:user:joinGroup", "portal:user:viewOrgGroups", "portal:user:viewOrgItems", "portal:user:viewOrgUsers",
  "portal:user:viewTracks", "portal:user:receiveItems", "premium:user:geocode", "premium:user:networkanalysis",
  "premium:user:elevation", "premium:user:demographics",
]);

/** The user types below Creator: they hold no administrative or publishing privilege. */
const BELOW_CREATOR = new Set<string>(["viewerUT", "storytellerUT", "editorUT", "fieldWorkerUT"]);

/**
 * Why a user type cannot hold a role with these privileges (built-in role names as their level), or
 * undefined when it can: a Viewer holds only viewing privileges (the Viewer role); the types below
 * Creator hold neither administrative nor publishing privileges (no Administrator or Publisher).
 */
export function roleMismatch(userType: string, role: string, privileges: readonly string[]): string | undefined {
  const typeName = USER_TYPES[userType as UserType] ?? userType;
  const roleName = BUILT_IN_ROLES[role as BuiltInRole] ?? role;
  if (userType === "viewerUT") {
    const builtInBeyond = role === "org_admin" || role === "org_publisher" || role === "org_user";
    const extra = privileges.filter((p) => !VIEWER_PRIVILEGES.has(p));
    if (builtInBeyond || extra.length > 0) {
      return `the ${typeName} user type can hold only the Viewer role or a role of viewing privileges, not ${roleName}` +
        (extra.length > 0 && !builtInBeyond ? ` (it has ${extra.slice(0, 3).join(", ")})` : "");
    }
  }
  if (BELOW_CREATOR.has(userType)) {
    const above = role === "org_admin" || role === "org_publisher" ||
      privileges.some((p) => p.startsWith("portal:admin:") || p.startsWith("portal:publisher:"));
    if (above) return `the ${typeName} user type cannot hold ${roleName}: administrators and publishers need Creator or above`;
  }
  return undefined;
}

/** The closest known name to a given one (edit distance), for "did you mean". */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Every node's path in a category tree, from `root`: `${root}/Department`, `${root}/Department/Sales`. */
export function treePaths(tree: ReadonlyArray<{ title: string; categories?: unknown }>, root = ""): string[] {
  const out: string[] = [];
  const walk = (nodes: ReadonlyArray<{ title: string; categories?: unknown }>, prefix: string) => {
    for (const n of nodes) {
      const p = `${prefix}/${n.title}`;
      out.push(p);
      if (Array.isArray(n.categories)) walk(n.categories, p);
    }
  };
  walk(tree, root);
  return out;
}
