// The PortalItem property table: one row per property. The input keys and their state order, the
// replace and when-set lists, the secrets, the fields sent with addItem/commit/update, the refresh
// drift fields, the public Args and outputs (`npm run gen`) and the docs tables derive from it
// (machinery/propertyTable.ts). Adding an optional item field is one row plus the emulator's side.
// Sources: spec.md#item-fields, spec.md#service-proxy-filter, spec.md#add-item, spec.md#design-resources.
import { z } from "zod";
import { USERNAME } from "../../../spec/limits";
import { ALWAYS, onlyKeys } from "../../rules/keys";
import { relationshipType } from "../../rules/relationship";
import { itemFieldsShape as f } from "../../rules/item";
import { sharingRule } from "./sharingRule";
import { folderIdRule } from "../folder/table";
import type { ItemFields } from "../../ops/items";
import { inputKeys, keysWhere, outputKeys, replaceKeys, secretKeys } from "../machinery/propertyTable";
import type { ArgumentName, ItemFacets, Row, Table } from "../machinery/propertyTable";

// spec.md#gap-relationships: a type outside the public API's list is refused at preview, with the
// closest one and the list (provider/rules/relationship.ts)
const relationship = z
  .looseObject({
    type: relationshipType,
    originItemId: z.string().optional(),
    destinationItemId: z.string().optional(),
  })
  .superRefine(onlyKeys(["type", "originItemId", "destinationItemId"]), ALWAYS) as unknown as z.ZodType<{
  type: string;
  originItemId?: string;
  destinationItemId?: string;
}>;

/** Rows in the order the inputs are kept in state. */
export const PORTAL_ITEM = {
  owner: {
    role: "argument",
    outputType: "Output<string>",
    adopt: "identity",
    exported: "custom",
    output: true,
    read: "owner",
    rule: z.string().regex(USERNAME.pattern, "must be a username: 1 to 128 letters, digits, '.', '_', '@' or '-'"),
    whenSet: true,
    drift: "held",
    doc: "The user in the addItem path. Default: the configured user (`portals/self`). A new owner is a **reassign** " +
      "(REST reassign-item, an administrator's operation), not a new item: the item keeps its id; the preview asks " +
      "`canReassignItems` first and fails, before any write, when the new owner cannot receive the item. Unset: not " +
      "managed; a reassign in the portal is drift when set.",
    outputDoc: "The owner, as the portal stored it.",
  },
  folder: {
    role: "argument",
    outputType: "Output<string | undefined>",
    adopt: "identity",
    exported: "custom",
    output: true,
    read: "ownerFolder",
    rule: folderIdRule(),
    whenSet: true,
    drift: "held",
    doc: "The owner's folder id (a `Folder`'s `folderId`); default the root folder. A new folder is a **move** (REST " +
      "move-item): the item keeps its id; the plan names both folders by title. With a new owner, the folder is the " +
      "new owner's. Unset: not managed.",
    outputDoc: "The folder id, as the portal stored it (`ownerFolder`); none for the root.",
  },
  type: {
    role: "argument",
    output: true,
    outputType: "Output<string>",
    adopt: "identity",
    exported: "custom",
    required: true,
    rule: f.type,
    wire: "type",
    sent: true,
    change: "replace",
    doc: "The item type (`Web Map`, `Feature Service`, `CSV`, …).",
  },
  title: {
    role: "argument",
    output: true,
    outputType: "Output<string>",
    adopt: "compared",
    exported: "custom",
    required: true,
    rule: f.title,
    wire: "title",
    sent: true,
    drift: "held",
    read: "title",
    doc: "At most 256 characters; the item's only name.",
  },
  typeKeywords: {
    role: "argument",
    type: "Input<Input<string>[]>",
    adopt: "compared",
    exported: "custom",
    rule: f.typeKeywords,
    wire: "typeKeywords",
    sent: true,
    drift: "custom",
    doc: "A list. The portal adds type keywords of its own; only removing one of yours is drift.",
  },
  description: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.description,
    wire: "description",
    sent: true,
    drift: "held",
    read: "description",
    doc: "Less than 64 KB (UTF-8 bytes).",
  },
  tags: {
    role: "argument",
    type: "Input<string | Input<string>[]>",
    encoding: "comma-list",
    adopt: "compared",
    exported: "copied",
    rule: f.tags,
    wire: "tags",
    sent: true,
    list: true,
    drift: "held",
    read: "tags",
    doc: "A list, or comma-delimited text.",
  },
  snippet: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.snippet,
    wire: "snippet",
    sent: true,
    drift: "held",
    read: "snippet",
    doc: "At most 2048 characters.",
  },
  categories: {
    role: "argument",
    type: "Input<string | Input<string>[]>",
    encoding: "json-array",
    adopt: "compared",
    exported: "copied",
    rule: f.categories,
    wire: "categories",
    sent: true,
    list: true,
    drift: "held",
    read: "categories",
    doc: "A list, or comma-delimited text.",
  },
  extent: {
    role: "argument",
    type: "Input<string | number[][] | Record<string, number>>",
    adopt: "compared",
    exported: "copied",
    rule: f.extent,
    wire: "extent",
    sent: true,
    doc: "`[[xmin, ymin], [xmax, ymax]]`, an object, or the text form.",
  },
  // spec.md#item-fields
  licenseInfo: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.licenseinfo,
    wire: "licenseinfo",
    sent: true,
    drift: "held",
    read: "licenseInfo",
    doc: "The item's license information and terms of use (sent as `licenseinfo`).",
  },
  // the public REST API's item parameter `accessInformation` (docs/fidelity.md)
  accessInformation: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.accessInformation,
    wire: "accessInformation",
    sent: true,
    drift: "held",
    read: "accessInformation",
    doc: "Credits (attribution) of the item, shown with it.",
  },
  culture: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.culture,
    wire: "culture",
    sent: true,
    drift: "held",
    read: "culture",
    doc: "`xx-YY`, e.g. `en-US`.",
  },
  properties: {
    role: "argument",
    type: "Input<string | Record<string, unknown>>",
    adopt: "compared",
    exported: "copied",
    rule: f.properties,
    wire: "properties",
    sent: true,
    doc: "A JSON object, or its text.",
  },
  url: {
    role: "argument",
    outputType: "Output<string | undefined>",
    adopt: "compared",
    exported: "custom",
    output: true,
    read: "url",
    rule: f.url,
    wire: "url",
    whenSet: true,
    drift: "custom",
    doc: "A service, web application or other content URL.",
    outputDoc: "The URL, as the portal stored it.",
  },
  text: {
    role: "argument",
    type: "Input<string | Record<string, unknown>>",
    adopt: "compared",
    exported: "custom",
    rule: f.text,
    wire: "text",
    doc: "JSON content: an object or its text. Kept in state under `__text` (not printed in previews); a text that " +
      "carries a credential (a Data Store's `secretAccessKey`, a password or token) is kept under `text` as a Pulumi " +
      "secret as a whole.",
  },
  file: {
    role: "argument",
    adopt: "compared",
    exported: "custom",
    rule: z.string().min(1),
    file: { size: "fileSize", sha256: "fileSha256" },
    doc: "A file in your repository (relative paths are relative to the project directory). Must exist and be " +
      "readable at preview. Its `fileSize` and `fileSha256` are kept in state, so a changed file is a diff.",
  },
  fileSha256: {
    role: "computed",
    outputType: "Output<string | undefined>",
    output: true,
    doc: "The SHA-256 of `file`, when given.",
  },
  fileSize: {
    role: "computed",
    outputType: "Output<number | undefined>",
    output: true,
    doc: "The size of `file` in bytes, when given.",
  },
  // spec.md#add-item-data-url
  dataUrl: {
    role: "argument",
    adopt: "not-compared",
    exported: "no",
    rule: f.dataUrl,
    wire: "dataUrl",
    doc: "An unsecured URL the portal downloads. The provider adds `async=true` itself and polls the add.",
  },
  thumbnailFile: {
    role: "argument",
    adopt: "not-compared",
    exported: "no",
    rule: f.thumbnail,
    wire: "thumbnail",
    doc: "A local PNG, GIF or JPEG of at most 10 MB.",
  },
  thumbnailUrl: {
    role: "argument",
    adopt: "not-compared",
    exported: "no",
    rule: f.thumbnailUrl,
    wire: "thumbnailUrl",
    sent: true,
    doc: "A PNG, GIF or JPEG URL (the 1 MB limit is the portal's to check).",
  },
  classification: {
    role: "argument",
    type: "Input<string | ItemClassificationArgs>",
    encoding: "json-text",
    adopt: "compared",
    exported: "copied",
    rule: f.classification,
    wire: "classification",
    sent: true,
    doc: "Release 11.4: `{classification, banner, distribution, reviewDate}`; `reviewDate` a date.",
  },
  serviceUsername: {
    role: "argument",
    adopt: "compared",
    exported: "custom",
    rule: f.serviceUsername,
    wire: "serviceUsername",
    sent: true,
    doc: "Stored credentials; only on `Map Service`, `Feature Service` and `Image Service` items.",
  },
  servicePassword: {
    role: "argument",
    adopt: "not-compared",
    exported: "custom",
    rule: f.servicePassword,
    wire: "servicePassword",
    sent: true,
    secret: true,
    doc: "Stored credentials, with `serviceUsername`, even when given as plain text.",
  },
  // spec.md#service-proxy-filter
  serviceProxyFilter: {
    role: "argument",
    type: "Input<ServiceProxyFilterArgs>",
    adopt: "compared",
    exported: "custom",
    rule: f.serviceProxyFilter,
    wire: "serviceProxyFilter",
    sent: true,
    doc: "A service proxy filter: `{hitsPerInterval > 0, intervalSeconds (default 60), referrers}`.",
  },
  serviceProxyParams: {
    role: "argument",
    type: "Input<string | Record<string, unknown>>",
    adopt: "compared",
    exported: "copied",
    rule: f.serviceProxyParams,
    wire: "serviceProxyParams",
    sent: true,
    json: true,
    drift: "held",
    read: "serviceProxyParams",
    doc: "A JSON object (or its text): rate limiting and referrer checks for a secured service.",
  },
  // docs/spec.md names the field only
  serviceCredentialsType: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.serviceCredentialsType,
    wire: "serviceCredentialsType",
    sent: true,
    drift: "held",
    read: "serviceCredentialsType",
    doc: "The type of the stored service credentials: text, sent as given.",
  },
  metadata: {
    role: "argument",
    adopt: "compared",
    exported: "no",
    rule: f.metadata,
    wire: "metadata",
    whenSet: true,
    drift: "custom",
    file: { size: "metadataSize", sha256: "metadataSha256", xml: true },
    doc: "A local XML file (relative paths are relative to the project directory), uploaded as the item's metadata " +
      "and served at `content/items/{id}/info/metadata/metadata.xml`. Must exist, be readable and start with XML at " +
      "preview. Its `metadataSize` and `metadataSha256` are kept in state, so a changed file is a diff, and a " +
      "refresh hashes the portal's copy, so an edit in the portal is drift. Removing it leaves the portal's metadata " +
      "as it is (the REST API has no operation that deletes it).",
  },
  metadataSha256: {
    role: "computed",
    outputType: "Output<string | undefined>",
    output: true,
    whenSet: true,
    doc: "The SHA-256 of `metadata`, when given; after a refresh, of the portal's copy.",
  },
  metadataSize: {
    role: "computed",
    outputType: "Output<number | undefined>",
    output: true,
    whenSet: true,
    doc: "The size of `metadata` in bytes, when given; after a refresh, of the portal's copy.",
  },
  // spec.md#listing-properties (its names differ from the public API's: docs/resources/portal-item.md)
  listingProperties: {
    role: "argument",
    type: "Input<string | ListingPropertiesArgs>",
    adopt: "compared",
    exported: "copied",
    rule: f.listingProperties,
    wire: "listingProperties",
    sent: true,
    json: true,
    drift: "held",
    read: "listingProperties",
    doc: "Marketplace listing, a JSON object or its text: `licenseType`, `priceType` (`free` or `paid`), `priceDesc` " +
      "(required when paid), `creditsPerTransaction` (only with `licensingModel: \"consumption\"`), " +
      "`trialSupported`, `trialDuration` (days ≥ 1, only with `trialSupported: true`), `ecommerceEnabled`, " +
      "`licensingModel` (unset: the portal's default). Another key fails at preview with the closest name " +
      "(`licenceType`: did you mean `licenseType`). The names are the public REST API's.",
  },
  appCategories: {
    role: "argument",
    type: "Input<Input<string>[]>",
    encoding: "json-array",
    adopt: "compared",
    exported: "copied",
    rule: f.appCategories,
    wire: "appCategories",
    sent: true,
    drift: "held",
    read: "appCategories",
    doc: "A list of application categories (sent as a JSON array).",
  },
  industries: {
    role: "argument",
    type: "Input<Input<string>[]>",
    encoding: "json-array",
    adopt: "compared",
    exported: "copied",
    rule: f.industries,
    wire: "industries",
    sent: true,
    drift: "held",
    read: "industries",
    doc: "A list of application industries (sent as a JSON array).",
  },
  languages: {
    role: "argument",
    type: "Input<Input<string>[]>",
    encoding: "json-array",
    adopt: "compared",
    exported: "copied",
    rule: f.languages,
    wire: "languages",
    sent: true,
    drift: "held",
    read: "languages",
    doc: "A list of application languages (sent as a JSON array).",
  },
  largeThumbnail: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.largeThumbnail,
    wire: "largeThumbnail",
    sent: true,
    drift: "held",
    read: "largeThumbnail",
    doc: "An http(s) URL: the application thumbnail.",
  },
  banner: {
    role: "argument",
    adopt: "compared",
    exported: "copied",
    rule: f.banner,
    wire: "banner",
    sent: true,
    drift: "held",
    read: "banner",
    doc: "An http(s) URL: the application banner.",
  },
  screenshot: {
    role: "argument",
    type: "Input<string | Input<string>[]>",
    encoding: "json-array",
    adopt: "compared",
    exported: "copied",
    rule: f.screenshot,
    wire: "screenshot",
    sent: true,
    list: "one",
    drift: "held",
    read: "screenshots",
    doc: "One http(s) URL or a list of them: application screenshots. Kept as a list; read back from the item's " +
      "`screenshots`.",
  },
  advancedSettings: {
    role: "argument",
    type: "Input<string | Record<string, unknown>>",
    adopt: "compared",
    exported: "copied",
    rule: f.advancedSettings,
    wire: "advancedSettings",
    sent: true,
    json: true,
    drift: "held",
    read: "advancedSettings",
    doc: "A JSON object, or its text.",
  },
  name: {
    role: "argument",
    adopt: "compared",
    exported: "no",
    rule: f.name,
    wire: "name",
    sent: true,
    whenSet: true,
    drift: "held",
    read: "name",
    doc: "The item's file name, sent with the title. Unset: the portal's (the uploaded file's name); compared and " +
      "read back only when set.",
  },
  itemIdToCreate: {
    role: "argument",
    outputType: "Output<string>",
    adopt: "identity",
    exported: "no",
    output: true,
    rule: f.itemIdToCreate,
    wire: "itemIdToCreate",
    change: "replace",
    doc: "Exactly 32 letters or digits. Default: one derived per resource generation and kept in state.",
    outputDoc: "The id asked for at create.",
  },
  generatedItemIdToCreate: {
    role: "computed",
    change: "ignore",
    doc: "Whether check generated itemIdToCreate (bookkeeping).",
  },
  // spec.md#add-item-relationship
  relationship: {
    role: "argument",
    type: "Input<PortalItemRelationshipArgs>",
    adopt: "compared",
    exported: "custom",
    rule: relationship,
    drift: "custom",
    doc: "`{type, originItemId}` (the new item is the destination) or `{type, destinationItemId}` (the new item is " +
      "the origin) — exactly one end.",
  },
  protected: {
    role: "argument",
    outputType: "Output<boolean>",
    adopt: "compared",
    exported: "custom",
    output: true,
    rule: z.boolean(),
    whenSet: true,
    doc: "Delete protection, turned on or off after create. Unset: not managed.",
    outputDoc: "Whether the portal refuses to delete the item (explicit protection or an authoritative status).",
  },
  // spec.md#status-transitions, spec.md#add-item-relationship
  sharing: {
    role: "argument",
    type: "Input<PortalItemSharingArgs>",
    adopt: "identity",
    exported: "custom",
    rule: sharingRule,
    drift: "custom",
    whenSet: true,
    nested: {
      access: { doc: "`private`, `org` or `public` (the item's `access`)." },
      groups: {
        doc: "Optional. The groups the item is shared with: `Group` resources' `groupId`s (or ids of groups that " +
          "exist, 32 hexadecimal digits each). A group that does not exist fails the preview (when its id is known) " +
          "and the up before any write. Unset: groups are not managed.",
      },
    },
    doc: "Shared with `share`/`unshare` after create, adopt and on update; read back from the user item on refresh " +
      "(an edit in the portal is drift). Sharing with the public moves an `org_authoritative` item to " +
      "`public_authoritative`, which the plan says and which is not drift. A relationship destination " +
      "(`originItemId`) inherits its origin's sharing: for it `sharing` is a floor. Unset: not managed. See " +
      "[Sharing](#sharing).",
  },
  timeoutSeconds: {
    role: "argument",
    adopt: "identity",
    exported: "no",
    rule: z.number().positive(),
    change: "ignore",
    doc: "Deadline of an async add (`dataUrl`) or a multipart commit; default 300.",
  },
  // an existing item's id (docs/adopting.md); real ids are 32 hex digits
  adoptItemId: {
    role: "argument",
    adopt: "identity",
    exported: "custom",
    rule: z.string().regex(/^[A-Za-z0-9]+$/, "must be an item id (letters and digits)"),
    change: "replace",
    doc: "The id of an item that exists: create adopts it instead of adding one, writing only the fields that " +
      "differ. Refused at preview when the item does not exist or another stack or resource manages it. Another id " +
      "replaces; removing it changes nothing (docs/adopting.md).",
  },
  // written by export (portalItem/adoptedData.ts); never sent, never compared
  adoptedData: {
    role: "argument",
    type: "Input<PortalItemAdoptedDataArgs>",
    adopt: "identity",
    exported: "custom",
    rule: z.strictObject({
      modified: z
        .number()
        .int("must be epoch milliseconds (an integer)")
        .nonnegative("must be epoch milliseconds (0 or more)"),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256: 64 lowercase hexadecimal digits"),
    }),
    change: "ignore",
    doc: "Written by export: lets the adopting up skip reading the item's data when neither side changed since. " +
      "`{modified, sha256}`: the item's `modified` when it was exported and the SHA-256 of its data as declared (the " +
      "`text` as JSON with sorted keys, or the `file`'s bytes). When the item's `modified` is still that one and the " +
      "declared data still hashes to it, the adopt takes the portal's data to equal it without reading it; otherwise " +
      "it reads and compares as always. Never sent; a change of it changes nothing.",
  },
  itemId: {
    role: "output",
    outputType: "Output<string>",
    doc: "The item id (also the resource id).",
  },
  created: {
    role: "output",
    outputType: "Output<number>",
    read: "created",
    doc: "Epoch milliseconds.",
  },
  modified: {
    role: "output",
    outputType: "Output<number>",
    read: "modified",
    doc: "Epoch milliseconds.",
  },
  contentStatus: {
    role: "output",
    outputType: "Output<string>",
    doc: "`org_authoritative`, `public_authoritative`, `deprecated` or `\"\"` (set with `ItemStatus`).",
  },
  access: {
    role: "output",
    outputType: "Output<string>",
    read: "access",
    doc: "The item's `access` as the portal shows it: `private`, `shared` (groups only), `org` or `public`.",
  },
  relatedItemIds: {
    role: "output",
    outputType: "Output<string[]>",
    doc: "The items at the other end of the configured relationship, as the portal lists them.",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table<ItemFacets>;

type Rows = typeof PORTAL_ITEM;
export type PortalItemKey = keyof Rows & string;
/** The argument names (the public PortalItemArgs must have exactly these). */
export type PortalItemArgName = ArgumentName<Rows>;

/** A row of this table, with the item's own facets. */
type ItemRow = Row<ItemFacets>;
const row = (k: string): ItemRow => (PORTAL_ITEM as Table<ItemFacets>)[k];
/** The names of the rows that pass `test`, which reads the item's facets too. */
const rowsWhere = (test: (p: ItemRow, key: string) => boolean) =>
  keysWhere(PORTAL_ITEM, test as (p: Row, key: string) => boolean);

/** The checked inputs, in the order they are kept in state. */
export const INPUT_KEYS = inputKeys(PORTAL_ITEM);
export const OUTPUT_KEYS = outputKeys(PORTAL_ITEM);
/** Fields whose change needs a new item. */
export const REPLACE_KEYS = replaceKeys(PORTAL_ITEM);
export const SECRET_KEYS = secretKeys(PORTAL_ITEM);
/** Outputs the portal fills in when the argument is unset: compared only when the argument is set. */
export const WHEN_SET = new Set<string>(rowsWhere((p) => p.whenSet === true));
/** Bookkeeping of check, not a user's change. */
export const IGNORED = new Set<string>(rowsWhere((p) => p.change === "ignore"));
/**
 * Arguments an adoption compares with the item (the row's `adopt` facet): a set one that differs is
 * what the adoption writes.
 */
export const ADOPT_COMPARED = rowsWhere((p) => p.adopt === "compared");
/**
 * Arguments an adoption takes as given: the portal does not give them back to compare (the stored
 * password, a thumbnail, a dataUrl).
 */
export const ADOPT_NOT_COMPARED = rowsWhere((p) => p.adopt === "not-compared");
/** Item fields export writes as they are: [argument, the item's field]. */
export const EXPORT_COPIED: Array<[arg: string, field: string]> = rowsWhere((p) => p.exported === "copied").map((k) => [
  k,
  row(k).read ?? k,
]);
/** Normalized from comma-delimited text to a list at check. */
export const LIST_KEYS = rowsWhere((p) => p.list === true);
/** A single value is normalized to a one-element list at check. */
export const ONE_OR_MANY_KEYS = rowsWhere((p) => p.list === "one");
/** JSON given as text is parsed at check. */
export const JSON_KEYS = rowsWhere((p) => p.json === true);
/** Local files: argument → the computed rows of its size and SHA-256. */
export const FILE_KEYS: Record<string, NonNullable<ItemRow["file"]>> = Object.fromEntries(
  rowsWhere((p) => p.file !== undefined).map((k) => [k, row(k).file!]),
);
/** Whether the core item schema (provider/rules/item.ts) checks a field of this wire name; else the row's rule does. */
const coreChecks = (wire: string | undefined): boolean => wire !== undefined && Object.hasOwn(f, wire);
/** Arguments with a rule of their own (not the core item schema's). */
export const OWN_RULES = Object.fromEntries(
  rowsWhere((p) => p.rule !== undefined && !coreChecks(p.wire)).map((k) => [k, row(k).rule!]),
);
/** Arguments the core item schema checks, under their wire name; itemIdToCreate only when the user gives it. */
export const CHECKED_FIELDS: Record<string, string> = Object.fromEntries(
  rowsWhere((p, k) => coreChecks(p.wire) && k !== "itemIdToCreate").map((k) => [k, row(k).wire!]),
);
/** The wire names the rows send with add, commit and update. */
type SentWireOf<R> = R extends { sent: true; wire: infer W extends string } ? W : never;
type SentWire = { [K in keyof Rows]: SentWireOf<Rows[K]> }[keyof Rows];
// ops' request type names no item field the rows do not send (a new row goes through its index
// signature with no edit there; a field ops types and no row has fails to compile)
type OpsOwnFields =
  | "dataUrl"
  | "text"
  | "url"
  | "itemIdToCreate"
  | "originItemId"
  | "destinationItemId"
  | "relationshipType"
  | "async"
  | "multipart"
  | "filename";
type NotARow = Exclude<keyof ItemFields, SentWire | OpsOwnFields>;
const requestFieldsAreRows: [NotARow] extends [never] ? true : { notARow: NotARow } = true;
void requestFieldsAreRows;

/** Wire names of the sent fields with an encoding of their own (the row's `encoding`). */
export const WIRE_ENCODINGS: Record<string, NonNullable<ItemRow["encoding"]>> = Object.fromEntries(
  rowsWhere((p) => p.sent === true && p.encoding !== undefined).map((k) => [row(k).wire!, row(k).encoding!]),
);
/** Arguments sent as item properties with addItem, commit and update, with their wire names. */
export const PROPERTY_FIELDS: Record<string, string> = Object.fromEntries(
  rowsWhere((p) => p.sent === true).map((k) => [k, row(k).wire!]),
);
/** Output → field of the read item it is taken from (spec.md#gap-read-item). */
export const OUTPUT_FIELDS: Record<string, string> = Object.fromEntries(
  OUTPUT_KEYS.filter((k) => row(k).read !== undefined).map((k) => [k, row(k).read!]),
);
/** Argument → field of the read item, compared on refresh (spec.md#gap-read-item). */
export const DRIFT_FIELDS: Record<string, string> = Object.fromEntries(
  rowsWhere((p) => p.drift === "held").map((k) => [k, row(k).read!]),
);
