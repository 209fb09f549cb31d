// Issue 27: the full public shapes of a portal's self answer and of a user, as the REST reference
// ("Portal Self", "User") and the arcgis-rest-js types (IPortal, IUser) name their keys. The
// emulator models few of these; the rest carry the values a fresh organization or member has, so a
// client reading any public key finds it (test/replay/emulatorShapes.test.ts compares key sets with
// test/replay/fixtures/portal-self/*.json and user/member.json).
import type { Flavor } from "../features/urls";
import { userTypeOf } from "./members";
import type { EmulatorOrg, EmulatorUser } from "../host";

/** When this emulator started: the created/modified of what it does not date itself. */
const STARTED = Date.now();

/** Every key of the public user shape (REST "User"; arcgis-rest-js IUser) for a member. */
export function userProfile(user: EmulatorUser, categories: readonly string[] = []): Record<string, unknown> {
  return {
    username: user.username,
    fullName: user.username,
    firstName: user.username,
    lastName: "",
    description: "",
    tags: [],
    culture: "en",
    cultureFormat: "us",
    region: "US",
    units: "metric",
    ...(user.profile ?? {}),
    thumbnail: user.profile?.thumbnail ?? null,
    created: STARTED,
    modified: STARTED,
    provider: "arcgis",
    email: `${user.username}@example.invalid`,
    idpUsername: null,
    favGroupId: null,
    lastLogin: -1,
    mfaEnabled: false,
    access: "org",
    storageUsage: 0,
    storageQuota: 2199023255552,
    orgId: user.orgId,
    role: user.role,
    privileges: [...user.privileges],
    // a built-in administrator has no roleId (arcgis-rest-js isOrgAdmin: role org_admin and no roleId); other roles name theirs
    // a custom role's holders name its id
    ...(user.roleId !== undefined ? { roleId: user.roleId } : user.role === "org_admin" ? {} : { roleId: user.role }),
    level: userTypeOf(user) === "viewerUT" ? "1" : "2",
    userLicenseTypeId: userTypeOf(user),
    disabled: user.disabled === true,
    categories,
  };
}

/** Every key of the public portals/self shape (REST "Portal Self"; arcgis-rest-js IPortal) for an organization of this portal. */
export function portalShape(org: EmulatorOrg, portalUrl: string, release: string, flavor: Flavor): Record<string, unknown> {
  const host = new URL(portalUrl).host;
  const online = flavor === "online"; // ArcGIS Online: not a portal of its own (isPortal false), many organizations
  return {
    id: org.id,
    name: org.name,
    urlKey: org.urlKey,
    isPortal: !online,
    portalMode: online ? "multitenant" : "singletenant",
    portalName: online ? "ArcGIS Online" : "ArcGIS Enterprise",
    currentVersion: release,
    access: org.public ? "public" : "private",
    allSSL: false,
    portalHostname: host,
    customBaseUrl: host,
    httpPort: 80,
    httpsPort: 443,
    supportsOAuth: true,
    supportsHostedServices: true,
    featuredGroups: [],
    featuredGroupsId: "",
    featuredItemsGroupQuery: "",
    helperServices: {},
    helpBase: `${portalUrl}/portalhelp/en/website/help/`,
    helpMap: {},
    allowedRedirectUris: [],
    allowedOrigins: [],
    authorizedCrossOriginDomains: [],
    analysisLayersGroupQuery: "",
    basemapGalleryGroupQuery: "",
    colorSetsGroupQuery: "",
    galleryTemplatesGroupQuery: "",
    layerTemplatesGroupQuery: "",
    livingAtlasGroupQuery: "",
    stylesGroupQuery: "",
    symbolSetsGroupQuery: "",
    templatesGroupQuery: "",
    vectorBasemapGalleryGroupQuery: "",
    canListApps: false,
    canListData: false,
    canListPreProvisionedItems: false,
    canProvisionDirectPurchase: false,
    canSearchPublic: true,
    canShareBingPublic: false,
    canSharePublic: true,
    canSignInArcGIS: true,
    canSignInIDP: false,
    commentsEnabled: true,
    contacts: [],
    created: STARTED,
    modified: STARTED,
    culture: "en",
    region: "US",
    units: "english",
    databaseQuota: -1,
    databaseUsage: -1,
    defaultBasemap: {},
    defaultVectorBasemap: {},
    defaultExtent: { type: "extent", xmin: -20037508.34, ymin: -20037508.34, xmax: 20037508.34, ymax: 20037508.34, spatialReference: { wkid: 102100 } },
    description: "",
    eueiEnabled: false,
    hasCategorySchema: false,
    homePageFeaturedContent: "",
    homePageFeaturedContentCount: 12,
    ipCntryCode: null,
    maxTokenExpirationMinutes: -1,
    metadataEditable: false,
    metadataFormats: [],
    mfaAdmins: [],
    mfaEnabled: false,
    notificationsEnabled: false,
    portalProperties: {},
    portalThumbnail: null,
    rotatorPanels: [],
    showHomePageDescription: false,
    staticImagesUrl: `${portalUrl}/home/images`,
    storageQuota: 2199023255552,
    storageUsage: 0,
    thumbnail: null,
    updateUserProfileDisabled: false,
    useStandardizedQuery: true,
    useVectorBasemaps: true,
    appInfo: {},
    // ArcGIS Online's credit keys (absent on Enterprise) are answered as an organization without credits
    availableCredits: 0,
    creditAssignments: "disabled",
    defaultUserCreditAssignment: -1,
    subscriptionInfo: {},
    isHubEnabled: false,
  };
}
