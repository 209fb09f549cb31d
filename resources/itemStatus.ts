// ItemStatus: an item's authoritative or deprecated status (spec.md#item-status, spec.md#status-transitions, spec.md#set-content-status).
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { withOutputs } from "./tableOutputs";

/** spec.md#item-status: the statuses an ItemStatus can hold. */
export type ContentStatusValue = "org_authoritative" | "public_authoritative" | "deprecated";

export interface ItemStatusArgs {
  /** The item (32 letters or digits). A new item id replaces the resource. */
  itemId: pulumi.Input<string>;
  /**
   * spec.md#status-transitions: public_authoritative needs a public, identity-verified organization (else CONT_0163);
   * org_authoritative that the portal moved to public_authoritative by itself is not drift.
   */
  status: pulumi.Input<ContentStatusValue>;
  /**
   * The item may hold a status already (docs/adopting.md): the first preview says what it holds and
   * whether anything changes. Create never writes a status the item already has.
   */
  adopt?: pulumi.Input<boolean>;
}

/** Sets an item's status; destroy clears it (status "" with clearEmptyFields=true). */
export class ItemStatus extends withOutputs(tables.ITEM_STATUS) {
  constructor(name: string, args: ItemStatusArgs, opts?: pulumi.CustomResourceOptions) {
    // the replacement's check reads the replaced state by URN (provider/resources/machinery/replacing.ts)
    super("itemStatus", name, propsOf(tables.ITEM_STATUS, args), opts);
  }

}
