// The ItemStatus resource: an item's authoritative or deprecated status (docs/resources/item-status.md).
import { CONTENT_STATUSES } from "../../../spec/limits";
import { defineResource, type StateProps } from "../machinery/definition";
import { itemStatus as provider } from "./provider";
import { ITEM_STATUS } from "./table";

export const itemStatus = defineResource({
  kind: "itemStatus",
  name: "ItemStatus",
  table: ITEM_STATUS,
  provider,
  deleteLines: (o: StateProps) => [`- clear status ${o.status ?? "?"} on item ${o.itemId ?? "?"}`],
  docsPage: "item-status.md",
  // no privilege: an item's owner may set its status, and whose item it is is not known at check
  types: [
    {
      name: "ContentStatusValue",
      doc: "The statuses an ItemStatus can hold.",
      alias: CONTENT_STATUSES.map((s) => JSON.stringify(s)).join(" | "),
    },
  ],
  // the replacement's check reads the replaced state by URN (provider/resources/machinery/replacing.ts)
  generatedClass: { doc: "Sets an item's status; destroy clears it (status \"\" with clearEmptyFields=true)." },
});
