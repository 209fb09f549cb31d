// PortalItem: a portal item (spec.md#item-fields) with an optional relationship (spec.md#add-with-relationship, spec.md#add-item-relationship).
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { withOutputs } from "./tableOutputs";

/** The value type of an argument, from its rule in the property table. */
type Value<K extends tables.PortalItemArgName> = pulumi.Input<tables.PortalItemArgValue<K>>;

/** spec.md#add-item-relationship: give exactly one end; the new item is the other. */
export interface PortalItemRelationshipArgs {
  /** A relationship type, e.g. Service2Data, Map2Service (spec.md#gap-relationships lists the known ones). */
  type: pulumi.Input<string>;
  /** The origin: the new item is the destination. */
  originItemId?: pulumi.Input<string>;
  /** The destination: the new item is the origin. */
  destinationItemId?: pulumi.Input<string>;
}

/** Who the item is shared with: an access level and, optionally, groups (`Group` resources' `groupId`s). */
export interface PortalItemSharingArgs {
  access: pulumi.Input<"private" | "org" | "public">;
  /** Unset: groups are not managed. */
  groups?: pulumi.Input<pulumi.Input<string>[]>;
}

/** spec.md#service-proxy-filter service proxy filter. */
export interface ServiceProxyFilterArgs {
  hitsPerInterval: pulumi.Input<number>;
  /** Default 60. */
  intervalSeconds?: pulumi.Input<number>;
  referrers?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * The arguments written out here, with their doc comments: every other argument row of the property
 * table (provider/resources/portalItem/table.ts) is an argument too, typed by its rule, with no edit
 * here (its docs line is the row's, in docs/resources/portal-item.md).
 */
interface DocumentedArgs {
  /** The user in the addItem path; default the configured user (portals/self). A change reassigns the item (same id; checked with canReassignItems at preview). */
  owner?: pulumi.Input<string>;
  /** The owner's folder id (a Folder's `folderId`); default the root folder. A change moves the item (same id). */
  folder?: pulumi.Input<string>;
  /** The item type, e.g. "Web Map", "Feature Service", "CSV". A change replaces. */
  type: pulumi.Input<string>;
  /** At most 256 characters; the item's only name. */
  title: pulumi.Input<string>;
  typeKeywords?: pulumi.Input<pulumi.Input<string>[]>;
  /** Less than 64 KB (UTF-8). */
  description?: pulumi.Input<string>;
  /** A list, or a comma-delimited string. */
  tags?: pulumi.Input<string | pulumi.Input<string>[]>;
  /** At most 2048 characters. */
  snippet?: pulumi.Input<string>;
  categories?: pulumi.Input<string | pulumi.Input<string>[]>;
  /** `[[xmin, ymin], [xmax, ymax]]`, an object, or the text form. */
  extent?: Value<"extent">;
  licenseInfo?: pulumi.Input<string>;
  /** Credits (attribution), shown with the item. */
  accessInformation?: pulumi.Input<string>;
  /** Language, a dash, country: `en-US`. */
  culture?: pulumi.Input<string>;
  properties?: Value<"properties">;
  /** The URL of a service, web application or other content. */
  url?: pulumi.Input<string>;
  /** JSON content: an object or its text. */
  text?: Value<"text">;
  /** A file in your repository (relative to the project directory); its size and SHA-256 are kept, so a changed file is a diff. */
  file?: pulumi.Input<string>;
  /** An unsecured URL the portal downloads (an async add; the provider sets async itself). */
  dataUrl?: pulumi.Input<string>;
  /** A local PNG, GIF or JPEG of at most 10 MB. */
  thumbnailFile?: pulumi.Input<string>;
  thumbnailUrl?: pulumi.Input<string>;
  /** spec.md#item-fields (11.4): {classification, banner, distribution, reviewDate}. */
  classification?: Value<"classification">;
  /** Stored credentials: map, feature and image services only. */
  serviceUsername?: pulumi.Input<string>;
  /** Kept as a Pulumi secret in state whether or not you pass it as one. */
  servicePassword?: pulumi.Input<string>;
  serviceProxyFilter?: pulumi.Input<ServiceProxyFilterArgs>;
  /** A JSON object (or its text): rate limiting and referrer checks for a secured service. */
  serviceProxyParams?: Value<"serviceProxyParams">;
  serviceCredentialsType?: pulumi.Input<string>;
  /**
   * A local XML file uploaded as the item's metadata (info/metadata/metadata.xml); its size and
   * SHA-256 are kept, so a changed file is a diff, and a refresh sees an edit in the portal.
   */
  metadata?: pulumi.Input<string>;
  /** spec.md#listing-properties marketplace listing: licenseType, priceType, priceDesc, creditsPerTransaction, trialSupported, trialDuration, ecommerceEnabled, licensingModel. */
  listingProperties?: Value<"listingProperties">;
  appCategories?: pulumi.Input<pulumi.Input<string>[]>;
  industries?: pulumi.Input<pulumi.Input<string>[]>;
  languages?: pulumi.Input<pulumi.Input<string>[]>;
  /** An http(s) URL: the application thumbnail. */
  largeThumbnail?: pulumi.Input<string>;
  /** An http(s) URL: the application banner. */
  banner?: pulumi.Input<string>;
  /** One http(s) URL or a list: application screenshots (kept as a list). */
  screenshot?: pulumi.Input<string | pulumi.Input<string>[]>;
  /** A JSON object, or its text. */
  advancedSettings?: Value<"advancedSettings">;
  /** The item's file name (spec.md#item-fields name); unset: the portal's. */
  name?: pulumi.Input<string>;
  /** 32 letters or digits; default one generated per resource generation and kept in state. A change replaces. */
  itemIdToCreate?: pulumi.Input<string>;
  /**
   * Adopt the item that exists with this id instead of adding one (docs/adopting.md): the first up
   * changes only the fields that differ from the program, and sends no write when none does. Refused
   * at preview when the item does not exist or another stack or resource already manages it. Use
   * with the resource option `retainOnDelete: true` so that a destroy leaves the item in the portal.
   */
  adoptItemId?: pulumi.Input<string>;
  relationship?: pulumi.Input<PortalItemRelationshipArgs>;
  /** Delete protection, turned on or off after create. */
  protected?: pulumi.Input<boolean>;
  /**
   * Sharing as code: `{access: "private" | "org" | "public", groups?: [group.groupId…]}`, applied with share /
   * unshare and read back on refresh. Unset: not managed. Sharing with the public moves an
   * org_authoritative item to public_authoritative (spec.md#status-transitions); a relationship destination's sharing is a floor.
   */
  sharing?: pulumi.Input<PortalItemSharingArgs>;
  /** Deadline of an async add (dataUrl) or a multipart commit; default 300. */
  timeoutSeconds?: pulumi.Input<number>;
}

/** Every argument of the property table, each typed by its rule. */
type RowArgs = { [K in tables.PortalItemArgName]?: Value<K> };

/** PortalItem's arguments: the documented ones above, and any other row of the table. */
export type PortalItemArgs = DocumentedArgs & Omit<RowArgs, keyof DocumentedArgs>;

// The documented arguments are rows of the table: one the table does not have fails to compile.
const documentedAreRows: [Exclude<keyof DocumentedArgs, tables.PortalItemArgName>] extends [never] ? true : { notARow: Exclude<keyof DocumentedArgs, tables.PortalItemArgName> } = true;
void documentedAreRows;

/** Adds an item and keeps it as declared; destroy deletes it (refused while it is protected). */
export class PortalItem extends withOutputs(tables.PORTAL_ITEM) {
  constructor(name: string, args: PortalItemArgs, opts?: pulumi.CustomResourceOptions) {
    const props = propsOf(tables.PORTAL_ITEM, args);
    // spec.md#design-credentials: a stored service password stays secret in state, however it was given
    for (const key of tables.PORTAL_ITEM_SECRETS) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    // a text that carries credentials (a Data Store's secretAccessKey) is a secret as a whole
    if (args.text !== undefined) props.text = pulumi.output(args.text).apply((t) => (tables.textCarriesSecret(t) ? pulumi.secret(t) : t));
    // crash-safe creates: the provider derives itemIdToCreate from the URN (provider/resources/portalItem/identity.ts)
    super("portalItem", name, props, opts, { hidden: ["itemId"], secretOutputs: tables.PORTAL_ITEM_SECRETS });
  }

}
