// PortalItem: a portal item with its sharing and an optional relationship (docs/resources/portal-item.md).
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import type { PortalItemArgs, PortalItemOutputs } from "./generated/portalItem";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";

/** The outputs, which the engine sets (generated from the property table). */
export interface PortalItem extends PortalItemOutputs {}

/** Adds an item and keeps it as declared; destroy deletes it (refused while it is protected). */
export class PortalItem extends PortalResource {
  constructor(name: string, args: PortalItemArgs, opts?: pulumi.CustomResourceOptions) {
    const props = propsOf(tables.PORTAL_ITEM, args);
    // spec.md#design-credentials: a stored service password stays secret in state, however it was given
    for (const key of tables.PORTAL_ITEM_SECRETS) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    // a text that carries credentials (a Data Store's secretAccessKey) is a secret as a whole
    if (args.text !== undefined) {
      props.text = pulumi.output(args.text).apply((t) => (tables.textCarriesSecret(t) ? pulumi.secret(t) : t));
    }
    // crash-safe creates: the provider derives itemIdToCreate from the URN (provider/resources/portalItem/identity.ts)
    super("portalItem", name, props, opts, { hidden: ["itemId"], secretOutputs: tables.PORTAL_ITEM_SECRETS });
  }

}
