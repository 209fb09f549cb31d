// The one table of every setting the package reads: the stack config keys (`portal:*`) with their
// environment fallbacks, and the environment variables that tune the provider. docs/configuration.md
// is generated from it (`npm run gen:config`); test/unit/configuration-doc.test.ts fails when the page
// is stale or when the shipped source names a `portal:` key or `PORTAL_` variable missing here.
import { BULK_READ_MS, READ_CACHE_MS } from "./rest/readCache";
import { UPLOAD } from "../spec/limits";

/** Who reads a setting: the resources' provider, the program-side functions, a CLI command. */
export type Reader = "provider" | "functions" | "export" | "orphans";

export interface Setting {
  /** The stack config key (`portal:url`); absent for an environment-only setting. */
  key?: string;
  /** The environment variable: the fallback of `key`, or the setting itself. */
  env?: string;
  /** What it is, in a sentence or two. */
  description: string;
  /** The value when unset, in words ("none: required"). */
  default: string;
  /** A secret: set it with `pulumi config set --secret`, never in clear text. */
  secret: boolean;
  /** Which resources, functions or commands read it. */
  readBy: readonly Reader[];
  /** "credentials" and "portal" settings first, then "tuning". */
  group: "portal" | "credentials" | "tuning";
}

const MiB = 1024 * 1024;
const ALL_PORTAL_READERS: readonly Reader[] = ["provider", "functions", "orphans", "export"];

/** Every setting, in the order of the page. */
export const SETTINGS: readonly Setting[] = [
  {
    key: "portal:url", env: "PORTAL_URL", group: "portal", secret: false, readBy: ALL_PORTAL_READERS,
    default: "none: required",
    description: "The portal's URL: `https://<org>.maps.arcgis.com` for ArcGIS Online, `https://host/<web adaptor>` for ArcGIS Enterprise (the sharing REST API is under `<url>/sharing/rest`). `http://` is refused except for 127.0.0.1, ::1 and localhost.",
  },
  {
    key: "portal:serviceUrl", env: "PORTAL_SERVICE_URL", group: "portal", secret: false, readBy: ["provider"],
    default: "discovered from the portal, once per run, when something needs it",
    description: "The root of the hosting server's services directory, such as `https://host/server/rest/services/Hosted` (ArcGIS Enterprise) or `https://services.arcgis.com/<org id>/arcgis/rest/services` (ArcGIS Online): not one service. A LayerAppend's `serviceName` and `layerId` resolve to `<serviceUrl>/<serviceName>/FeatureServer/<layerId>`. Optional: when unset, the provider reads it from the portal (ArcGIS Online: the features host of `portals/self/urls`, giving `https://<host>/<org id>/arcgis/rest/services`; ArcGIS Enterprise: the hosting server of `portals/self/servers`, giving `<server url>/rest/services/Hosted`), says so in the plan and in one line of the run, and fails naming this key when the portal names no hosting server.",
  },
  {
    key: "portal:token", env: "PORTAL_TOKEN", group: "credentials", secret: true, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "An access token of the portal (from `generateToken`, an OAuth sign-in or the portal's developer tools), sent as is. It expires: for long-lived automation prefer app credentials or a refresh token.",
  },
  {
    key: "portal:username", env: "PORTAL_USERNAME", group: "credentials", secret: false, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "A portal user's name, with `portal:password`: the package exchanges them for a token with `generateToken` (built-in portal accounts only; not for SAML or other enterprise logins).",
  },
  {
    key: "portal:password", env: "PORTAL_PASSWORD", group: "credentials", secret: true, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "The password of `portal:username`.",
  },
  {
    key: "portal:refreshToken", env: "PORTAL_REFRESH_TOKEN", group: "credentials", secret: true, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "An OAuth refresh token, with `portal:clientId`: written by `pulumi-gis-portal login`, exchanged for short-lived access tokens as they are needed.",
  },
  {
    key: "portal:clientId", env: "PORTAL_CLIENT_ID", group: "credentials", secret: false, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "The client id of an OAuth application registered on the portal: with `portal:refreshToken` (a user's sign-in; `pulumi-gis-portal login --client-id` writes both) or with `portal:clientSecret` (app credentials).",
  },
  {
    key: "portal:clientSecret", env: "PORTAL_CLIENT_SECRET", group: "credentials", secret: true, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "The client secret of that application, with `portal:clientId`: app credentials (the client credentials grant): the application signs in as itself, with the privileges it was given, not as a member of the organization.",
  },
  {
    key: "portal:apiKey", env: "PORTAL_API_KEY", group: "credentials", secret: true, readBy: ALL_PORTAL_READERS,
    default: "none",
    description: "An API key (an API key credential item of the portal), sent as the token; it acts with the privileges granted to the key.",
  },
  {
    env: "PORTAL_READ_CACHE_MS", group: "tuning", secret: false, readBy: ["provider"],
    default: `${READ_CACHE_MS} (one minute)`,
    description: "How long, in milliseconds, one answer of the portal serves the same read within a run (a write drops it at once). `0` turns shared reads off, and with them the reading ahead of group rosters during a refresh.",
  },
  {
    env: "PORTAL_BULK_READ_MS", group: "tuning", secret: false, readBy: ["provider"],
    default: `${BULK_READ_MS} (one hour)`,
    description: "How long, in milliseconds, the answers of a bulk listing (read once for many resources) serve; a write drops them sooner.",
  },
  {
    env: "PORTAL_UPLOAD_SINGLE_MAX_BYTES", group: "tuning", secret: false, readBy: ["provider"],
    default: `${UPLOAD.singleRequestMaxBytes} (${UPLOAD.singleRequestMaxBytes / MiB} MiB)`,
    description: "The largest file a PortalItem sends in one streamed request; a larger one goes in multipart mode (parts that resume after a killed run). Lower it behind a proxy that caps request bodies.",
  },
  {
    env: "PORTAL_UPLOAD_PART_BYTES", group: "tuning", secret: false, readBy: ["provider"],
    default: "none: the part size follows from the file's size",
    description: "A fixed size, in bytes, for the parts of a multipart upload (a smaller value is raised to 5 MiB, the portal's smallest part). Keep it unchanged between a killed run and its recovery, or the upload starts over.",
  },
  {
    env: "PORTAL_UPLOAD_PARALLEL_PARTS", group: "tuning", secret: false, readBy: ["provider"],
    default: String(UPLOAD.parallelParts),
    description: "How many parts of a multipart upload are in flight at first; more follow while the measured rate keeps rising.",
  },
  {
    env: "PORTAL_UPLOAD_MAX_PARALLEL_PARTS", group: "tuning", secret: false, readBy: ["provider"],
    default: String(UPLOAD.maxParallelParts),
    description: "The most parts of a multipart upload in flight at once.",
  },
  {
    env: "PORTAL_HASH_CACHE_DIR", group: "tuning", secret: false, readBy: ["provider"],
    default: "`.pulumi-gis-portal/hashes` in the project directory",
    description: "Where the SHA-256 of each local file a resource uploads is kept by path, size and modification time, so an unchanged file is not read again at each preview.",
  },
  {
    env: "PORTAL_APPEND_JOURNAL_DIR", group: "tuning", secret: false, readBy: ["provider"],
    default: "`.pulumi-gis-portal/appends` in the project directory",
    description: "Where each LayerAppend records its append before sending it and its job once started, so that a run killed midway does not append the rows twice. Keep it out of version control; keep it between runs.",
  },
  {
    env: "PORTAL_COMPILE_CACHE", group: "tuning", secret: false, readBy: ["provider"],
    default: "on Node.js 22.1 and later: `NODE_COMPILE_CACHE`, else Node's folder in the temporary directory",
    description: "`off` turns off Node's compile cache for the provider's code; a directory keeps the cache there. Node.js 20 has no compile cache: nothing happens.",
  },
  {
    env: "PULUMI_GIS_PORTAL_PROGRESS", group: "tuning", secret: false, readBy: ["provider"],
    default: "on",
    description: "`0` turns off the progress lines (upload and job progress) shown on a resource's row during `pulumi up`.",
  },
];

/** The setting of a config key or an environment variable. */
export function settingOf(name: string): Setting | undefined {
  return SETTINGS.find((s) => s.key === name || s.env === name);
}
