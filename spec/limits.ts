// The limits of spec.md#limits (and the few of spec.md#contract that the limits table repeats), and
// the contract's value lists, in one place. Both the provider's `check` and the emulator's
// validation read them from here (spec/ is the one folder both import), so the two cannot drift.

/** spec.md#assign-category-schema, spec.md#category-schema, spec.md#limits: content category schema. */
export const CONTENT_CATEGORIES = {
  maxTrees: 5,
  maxLevels: 4,
  maxCategories: 200,
  maxTitleLength: 100,
  maxDescriptionLength: 300,
} as const;

/** spec.md#assign-member-category-schema, spec.md#member-category-schema, spec.md#limits: member category schema. */
export const MEMBER_CATEGORIES = {
  maxLevels: 3,
  maxCategories: 200,
  maxPerMember: 20,
} as const;

/** spec.md#item-fields, spec.md#limits: item fields. */
export const ITEM = {
  maxTitleLength: 256,
  maxSnippetLength: 2048,
  /** "Less than 64 Kb": strictly below 64 * 1024 bytes (UTF-8). */
  maxDescriptionBytesExclusive: 64 * 1024,
  itemIdToCreateLength: 32,
  maxThumbnailFileBytes: 10 * 1024 * 1024,
  maxThumbnailUrlBytes: 1 * 1024 * 1024,
  thumbnailFormats: ["png", "gif", "jpeg"] as const,
  /** spec.md#item-fields thumbnail retrieval widths; other requested widths snap to the next larger one. */
  thumbnailWidths: [200, 400, 800, 2400] as const,
  thumbnailAspectRatio: 1.5,
} as const;

/** spec.md#add-item-chunked, spec.md#limits: uploads sent with chunked transfer encoding. */
export const CHUNKED_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** spec.md#gap-multipart multipart mode: every part but the last is at least 5 MB; part numbers 1..10000. */
export const MULTIPART = {
  minPartBytes: 5 * 1024 * 1024,
  maxParts: 10000,
} as const;

/**
 * The provider's upload strategy (ours, chosen by measurement: docs/dev/performance.md "Uploads" and
 * "Over a real network"). A file up to `singleRequestMaxBytes` goes in one streamed addItem with a
 * Content-Length (spec.md#add-item-chunked caps only chunked transfer); a larger one in multipart
 * mode. Both choices and the part size follow from the file's size alone (a resumed upload must
 * cut the same parts: provider/resources/portalItem/uploadPlan.ts): about `targetParts` parts, none
 * below `minPartBytes` nor above `maxPartBytes` (nor more than MULTIPART.maxParts). The parts in
 * flight start at `parallelParts` and follow the measured throughput up to `maxParallelParts`.
 * PORTAL_UPLOAD_SINGLE_MAX_BYTES and PORTAL_UPLOAD_PART_BYTES override the threshold and fix the
 * part size (tests, and a portal whose proxy caps request bodies); a part is never below
 * MULTIPART.minPartBytes. PORTAL_UPLOAD_PARALLEL_PARTS and PORTAL_UPLOAD_MAX_PARALLEL_PARTS set
 * the parts in flight at first and at most (a portal or proxy that limits concurrent requests).
 */
export const UPLOAD = {
  // 32 MiB: through a link that limits each connection (a WAN, a proxy), parallel parts multiply
  // the one request's rate (2.1× at 3 parts on the `far` profile); on loopback parts cost no more
  // than one request from 256 MiB up (1.12 s against 1.11 s), a few ms below it
  singleRequestMaxBytes: 32 * 1024 * 1024,
  targetParts: 64,
  minPartBytes: 8 * 1024 * 1024,
  maxPartBytes: 64 * 1024 * 1024,
  // six at first (a browser's connections per host): through `wan` and `far` at 1 GiB, 0.76× and
  // 0.83× of twelve connections' bandwidth against 0.66× and 0.72× starting at three
  parallelParts: 6,
  maxParallelParts: 12,
} as const;

export interface UploadLimits {
  singleRequestMaxBytes: number;
  /** A fixed part size (PORTAL_UPLOAD_PART_BYTES), else undefined: sized from the file (uploadPlan.ts). */
  partBytes?: number;
  parallelParts: number;
  maxParallelParts: number;
}

/** UPLOAD with the environment's overrides, read at each upload. */
export function uploadLimits(env: NodeJS.ProcessEnv = process.env): UploadLimits {
  const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== "" && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : fallback);
  const fixed = num(env.PORTAL_UPLOAD_PART_BYTES, -1);
  return {
    singleRequestMaxBytes: num(env.PORTAL_UPLOAD_SINGLE_MAX_BYTES, UPLOAD.singleRequestMaxBytes),
    partBytes: fixed >= 0 ? Math.max(MULTIPART.minPartBytes, fixed) : undefined,
    parallelParts: Math.max(1, num(env.PORTAL_UPLOAD_PARALLEL_PARTS, UPLOAD.parallelParts)),
    maxParallelParts: Math.max(1, num(env.PORTAL_UPLOAD_MAX_PARALLEL_PARTS, UPLOAD.maxParallelParts)),
  };
}

/**
 * The job poll schedule (provider/rest/jobs.ts; issue 28). An answer that shows the job's end left
 * the portal half a round trip (RTT) before it arrives, so a job is noticed RTT/2 plus the wait
 * until the next poll reaches the portal after its end. Polls go out every
 * `max(initialDelayMs, RTT / maxInFlight, elapsed × initialDelayMs / fastPhaseMs)`, the last term
 * capped at `maxDelayMs`, with at most `maxInFlight` in flight; RTT is measured from the polls' own
 * answers. So:
 * - for the first `fastPhaseMs` (2 s), two polls in flight staggered by RTT/2 (or one every 40 ms on
 *   a short link): a job ending there is noticed within max(RTT, RTT/2 + 40 ms);
 * - after it, the interval is 2% of the time already waited (a job's remaining time is as likely
 *   long as its age: a later end is noticed within RTT/2 + 2% of its run time), up to 500 ms;
 * - the request rate per job: at most 25 polls/s (and at most 2 in flight) for 2 s, then
 *   50 / elapsed-seconds polls/s, 2 polls/s from 25 s on. A job of T s costs about
 *   50 + 50·ln(T / 2) polls up to 25 s, then 2 a second (a 60 s job ~250, 10 min ~1,330).
 */
export const JOB_POLL = {
  /** Shortest interval between two polls of one job (≤ 25 polls/s). */
  initialDelayMs: 40,
  /** Polls of one job in flight at once, staggered by RTT / maxInFlight. */
  maxInFlight: 2,
  /** The fast phase; past it the interval is elapsed × initialDelayMs / fastPhaseMs (2%). */
  fastPhaseMs: 2_000,
  /** Cap of the interval that grows with the time waited (≥ 2 polls/s; RTT / maxInFlight may pass it on a very long link). */
  maxDelayMs: 500,
} as const;

/** spec.md#item-fields dataUrl, spec.md#limits: range downloads above 500 kb, one retry per part. */
export const DATA_URL = {
  rangeThresholdBytes: 500 * 1024,
  retriesPerPart: 1,
} as const;

/** spec.md#can-reassign-items, spec.md#limits. */
export const CAN_REASSIGN_MAX_ITEMS = 100;

/** spec.md#service-proxy-filter, spec.md#limits. */
export const SERVICE_PROXY_FILTER_DEFAULT_INTERVAL_SECONDS = 60;

/** spec.md#item-status, spec.md#set-content-status: the values of the status field ("" clears it together with clearEmptyFields=true). */
export const CONTENT_STATUSES = ["org_authoritative", "public_authoritative", "deprecated"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** spec.md#versions: self-hosted releases at which behaviours appear. */
export const RELEASES = {
  itemIdToCreate: "10.8.1",
  appendItemId: "10.9",
  canReassignItems: "11.0",
  appendCapabilityOnRelationalStore: "11.1",
  fieldDefaultsOnInsert: "11.1",
  blobField: "11.1",
  truncate: "11.2",
  appendFromHostedFeatureService: "11.3",
  generateUrlReport: "11.4",
  classification: "11.4",
  sourceTimeZone: "11.4",
} as const;

/** Compares dotted release strings ("10.8.1" < "10.9" < "11.4"). */
export function compareReleases(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * spec.md#layer-append-metadata append formats, spelled as the layer advertises them in supportedAppendFormats
 * (spec.md#gap-layer-metadata); compared case-insensitively.
 */
export const APPEND_FORMATS = ["sqlite", "geoPackage", "shapefile", "filegdb", "featureCollection", "geojson", "csv", "excel", "featureService"] as const;
export type AppendFormat = (typeof APPEND_FORMATS)[number];

/**
 * File extensions and the spec.md#layer-append-metadata append format they hold, for the provider's inference and the
 * emulator's reader choice alike (unconfirmed: .zip is taken as a shapefile, so a zipped filegdb
 * must say so; .json as GeoJSON).
 */
export const APPEND_FORMAT_BY_EXTENSION: Readonly<Record<string, AppendFormat>> = {
  ".csv": "csv",
  ".xlsx": "excel",
  ".xls": "excel",
  ".geojson": "geojson",
  ".json": "geojson",
  ".zip": "shapefile",
  ".sqlite": "sqlite",
  ".db": "sqlite",
  ".gpkg": "geoPackage",
};

/** spec.md#generate-url-report urlType: federatedServerUrl is shown; the portal-wide value "portalUrl" is a guess (unconfirmed). */
export const URL_REPORT_TYPES = ["portalUrl", "federatedServerUrl"] as const;

/** spec.md#item-fields: serviceUsername/servicePassword are valid on these item types only. */
export const SERVICE_TYPES_WITH_CREDENTIALS = ["Map Service", "Feature Service", "Image Service"] as const;

/** spec.md#gap-relationships: relationship types known to the public API; any other is a bad type (spec.md#add-with-relationship); the emulator and the plan read this list. */
export const RELATIONSHIP_TYPES: readonly string[] = [
  "APIKey2Item", "Area2CustomPackage", "Area2Package", "Item2Attachment", "Item2Report", "Listed2Provisioned",
  "Map2AppConfig", "Map2Area", "Map2FeatureCollection", "Map2Service", "MobileApp2Code", "Service2Data",
  "Service2Layer", "Service2Route", "Service2Service", "Service2Style", "Solution2Item", "Style2Style",
  "Survey2Data", "Survey2Service", "SurveyAddIn2Data", "Theme2Story", "TrackView2Map", "WebStyle2DesktopStyle",
  "WMA2Code", "WorkforceMap2FeatureService",
];


/**
 * docs/dev/fidelity.md#groups: group fields (REST "Group parameters"). The lengths are the public API
 * help's (title and summary 250 characters; unconfirmed for Enterprise); the member bound is ours
 * (a GroupMembership lists at most this many names; unconfirmed as a portal limit).
 */
export const GROUP = {
  maxTitleLength: 250,
  maxSnippetLength: 250,
  /** Like an item's description: less than 64 KB of UTF-8. */
  maxDescriptionBytesExclusive: 64 * 1024,
  maxTagLength: 256,
  maxMembers: 25_000,
  accessValues: ["private", "org", "public"] as const,
  sortFields: ["title", "owner", "avgrating", "numviews", "created", "modified"] as const,
  sortOrders: ["asc", "desc"] as const,
  /** The `capabilities` value of a shared-update group (REST create-group). */
  sharedUpdateCapability: "updateitemcontrol",
} as const;

/** REST add-users-to-group / remove-users-from-group: at most 25 names per request (rest-js groups/add-users.ts). */
export const GROUP_USERS_PER_REQUEST = 25;

/**
 * docs/dev/fidelity.md#folders: a folder title is unique per user; a slash or backslash would break the
 * folder paths and reassign's `targetFolderName` ("/" is the root), so they are refused (unconfirmed
 * as the portal's exact rule, as is the length).
 */
export const FOLDER = {
  maxTitleLength: 255,
  forbiddenCharacters: ["/", "\\"] as const,
} as const;

/** A portal username as the provider accepts it (letters, digits, `.`, `_`, `@`, `-`; unconfirmed). */
export const USERNAME = { pattern: /^[A-Za-z0-9._@-]{1,128}$/ } as const;
