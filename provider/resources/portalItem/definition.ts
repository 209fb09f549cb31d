// The PortalItem resource: a portal item, its sharing and an optional relationship (docs/resources/portal-item.md).
import { defineResource, type StateProps } from "../machinery/definition";
import { quoted } from "../machinery/deleteLines";
import { portalItem as provider } from "./provider";
import { PORTAL_ITEM } from "./table";

function deleteLines(o: StateProps): string[] {
  const lines = [`- delete ${o.type ?? "item"} ${quoted(o.title)} (item ${o.itemId ?? "?"})`];
  if (typeof o.contentStatus === "string" && o.contentStatus !== "") lines.push(`! it is ${o.contentStatus}`);
  if (o.protected === true) lines.push("! it is protected: the portal refuses the delete until it is unprotected");
  const related = Array.isArray(o.relatedItemIds) ? o.relatedItemIds : [];
  if (related.length > 0) lines.push(`! related items: ${related.join(", ")}`);
  return lines;
}

const TEXT = { type: "string", optional: true };

export const portalItem = defineResource({
  kind: "portalItem",
  name: "PortalItem",
  table: PORTAL_ITEM,
  provider,
  deleteLines,
  privilege: { privilege: "portal:user:createItem", doing: "own content (addItem)" },
  docsPage: "portal-item.md",
  types: [
    {
      name: "PortalItemRelationshipArgs",
      doc: "A relationship of the new item: give exactly one end; the new item is the other.",
      fields: {
        type: { type: "Input<string>", doc: "A relationship type, such as `Service2Data` or `Map2Service`." },
        originItemId: { type: "Input<string>", doc: "The origin: the new item is the destination.", optional: true },
        destinationItemId: {
          type: "Input<string>",
          doc: "The destination: the new item is the origin.",
          optional: true,
        },
      },
    },
    {
      name: "PortalItemAdoptedDataArgs",
      doc: "What export recorded of an item's data: lets the adopting up skip reading it when neither side " +
        "changed since.",
      fields: {
        modified: { type: "Input<number>", doc: "The item's `modified` (epoch milliseconds) when it was exported." },
        sha256: {
          type: "Input<string>",
          doc: "The SHA-256 (hex) of the item's data as the program declares it: its `text` (JSON with sorted " +
            "keys) or its `file`.",
        },
      },
    },
    {
      name: "PortalItemSharingArgs",
      doc: "Who the item is shared with: an access level and, optionally, groups (`Group` resources' `groupId`s).",
      fields: {
        access: {
          type: 'Input<"private" | "org" | "public">',
          doc: "`private`, `org` or `public` (the item's `access`).",
        },
        groups: {
          type: "Input<Input<string>[]>",
          doc: "The groups the item is shared with. Unset: groups are not managed.",
          optional: true,
        },
      },
    },
    {
      name: "ServiceProxyFilterArgs",
      doc: "A service proxy filter: how often the service may be called, and from where.",
      fields: {
        hitsPerInterval: { type: "Input<number>", doc: "Calls allowed per interval; more than 0." },
        intervalSeconds: { type: "Input<number>", doc: "The interval in seconds; default 60.", optional: true },
        referrers: { type: "Input<Input<string>[]>", doc: "The referrers allowed.", optional: true },
      },
    },
    {
      name: "ItemClassificationArgs",
      doc: "An item's classification (release 11.4).",
      moreKeys: true,
      fields: {
        classification: { ...TEXT, doc: "The classification." },
        banner: { ...TEXT, doc: "The banner shown with the item." },
        distribution: { ...TEXT, doc: "The distribution statement." },
        reviewDate: { ...TEXT, doc: "The review date." },
      },
    },
    {
      name: "ListingPropertiesArgs",
      doc: "An item's marketplace listing.",
      moreKeys: true,
      fields: {
        licenseType: { ...TEXT, doc: "The license type." },
        priceType: { type: '"free" | "paid"', optional: true, doc: "Free or paid." },
        priceDesc: { ...TEXT, doc: "The price, described; required when paid." },
        creditsPerTransaction: {
          type: "number",
          optional: true,
          doc: "Credits per transaction; only with the consumption licensing model.",
        },
        trialSupported: { type: "boolean", optional: true, doc: "Whether a trial is offered." },
        trialDuration: {
          type: "number",
          optional: true,
          doc: "The trial's length in days (at least 1); only with a trial.",
        },
        ecommerceEnabled: { type: "boolean", optional: true, doc: "Whether the listing can be bought online." },
        licensingModel: { ...TEXT, doc: "The licensing model; unset: the portal's default." },
      },
    },
  ],
});
